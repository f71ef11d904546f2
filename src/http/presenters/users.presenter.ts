import type { UserWithPerson } from '../../db/repositories/users.repository.js';
import { isSelfService } from '../../domain/access/caller.js';
import type { ApiKeyRow } from '../../domain/users/api-keys.service.js';
import { rolesOf } from '../../domain/users/roles.js';
import type { ApiKeyView, PermissionSummaryView, UserView } from '../schemas/users.schemas.js';

/** Users and their API keys on the wire (contract §15.1). */

export function presentUser(user: UserWithPerson): UserView {
  const roles = rolesOf(user);
  return {
    id: user.id,
    personId: user.id,
    userName: user.user_name,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    roles,
    selfService: isSelfService(roles),
    language: user.language,
  };
}

/** A key as its owner reviews it: never the key itself, which only its minting answers. */
export function presentApiKey(key: ApiKeyRow): ApiKeyView {
  return { id: key.id, label: key.label, createdDate: key.created_at, lastUsedDate: key.last_used_at };
}

/** The reference system's permission summary (`GET /admin/api/user/{id}/permissions`). */
export function presentPermissionSummary(user: UserWithPerson): PermissionSummaryView {
  const roles = rolesOf(user);
  return { user: user.user_name, userId: user.id, addEvent: roles.admin || roles.addEvents, csvExport: roles.admin };
}
