import { forbidden } from '../errors.js';
import { hasRole, isGlobalManager, isSelfService, type Caller, type RoleFlag } from './caller.js';

/**
 * What a route needs, declared on every route (`config.access`) and enforced by one hook:
 * - `public`: no key;
 * - `login`: any authenticated login, a self-service (volunteer) login included;
 * - `staff`: a login holding at least one role flag;
 * - `{ role }`: that role flag, or `admin`;
 * - `member`: the volunteer member routes (authentication and the rollout gate only);
 * - `manager`: the volunteer manager-only gate (administrator or global volunteer manager).
 */
export type RouteAccess = 'public' | 'login' | 'staff' | 'member' | 'manager' | { role: RoleFlag };

const ROLE_TITLES: Record<RoleFlag, string> = {
  admin: 'Admin',
  addEvents: 'AddEvents',
  manageGroups: 'ManageGroups',
  editRecords: 'EditRecords',
  deleteRecords: 'DeleteRecords',
  finance: 'Finance',
  manageMinistries: 'ManageMinistries',
  manageMyMinistries: 'ManageMyMinistries',
};

export function isVolunteerAccess(access: RouteAccess): boolean {
  return access === 'member' || access === 'manager';
}

/** Throws the 403 of contract §1.5 / §15 when the caller does not pass the route's gate. */
export function assertRouteAccess(caller: Caller, access: RouteAccess): void {
  if (access === 'public' || access === 'login' || access === 'member') return;
  if (access === 'staff') {
    if (isSelfService(caller.roles)) throw forbidden('This account may only use the volunteer and profile routes');
    return;
  }
  if (access === 'manager') {
    if (!isGlobalManager(caller)) throw forbidden('Ministry management access is required');
    return;
  }
  if (!hasRole(caller, access.role)) {
    throw forbidden(
      access.role === 'admin' ? 'User must be an Admin' : `User must be an Admin or have ${ROLE_TITLES[access.role]} permission`,
    );
  }
}

/** True when the rollout value opens the volunteer v2 routes (contract §1.9). */
export function isVolunteerV2Enabled(version: string): boolean {
  return version === 'v2' || version === 'both';
}
