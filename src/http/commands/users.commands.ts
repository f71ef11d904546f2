import type { Static } from '@sinclair/typebox';
import { ROLE_FLAGS, type Roles } from '../../domain/access/caller.js';
import { invalid } from '../../domain/errors.js';
import type { NewUserCommand, SignInCommand, UserChangesCommand } from '../../domain/users/users.commands.js';
import { parsePermissiveBoolean } from '../../domain/values.js';
import type { CreateUserBody, LoginBody, RolesInput, UpdateUserBody } from '../schemas/users.schemas.js';

/** The bodies of the sign-in and user routes (contract §14, §15.1) read into commands. */

/** E20's and the web app's sign-in: a name or password left out is refused as a wrong one, by the service. */
export function parseSignIn({ userName = '', password = '', otp }: Static<typeof LoginBody>): SignInCommand {
  return { userName, password, otp };
}

/** The public reset request's name (§14.2): the only refusal that tells anything, and it tells nothing of accounts. */
export function parseResetRequest({ userName = '' }: { userName?: string }): string {
  if (userName.trim() === '') throw invalid('Login Name is required');
  return userName;
}

function parseRoles(input: Static<typeof RolesInput> | undefined): Partial<Roles> | undefined {
  if (!input) return undefined;
  const roles: Partial<Roles> = {};
  for (const flag of ROLE_FLAGS) if (input[flag] !== undefined) roles[flag] = parsePermissiveBoolean(input[flag]);
  return roles;
}

export function parseNewUser(body: Static<typeof CreateUserBody>): NewUserCommand {
  const roles = parseRoles(body.roles);
  const userName = body.userName.trim();
  if (userName === '') throw invalid('userName is required');
  return { personId: body.personId, userName, password: body.password, roles };
}

export function parseUserChanges(body: Static<typeof UpdateUserBody>): UserChangesCommand {
  return { userName: body.userName?.trim(), password: body.password, roles: parseRoles(body.roles) };
}
