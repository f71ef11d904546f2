import { forbidden } from '../errors.js';
import type { Caller } from './caller.js';

/** Who may do what to a user account (contract §15.1); the administrator role itself is the route's `access`. */

/** The account is the caller's own. */
export const isOwnAccount = (caller: Caller, userId: number) => caller.userId === userId;

/** An administrator deletes other users, never the account they act with. */
export function assertMayDeleteUser(caller: Caller, userId: number): void {
  if (isOwnAccount(caller, userId)) throw forbidden("Can't delete yourself");
}

/** A new password ends every key of the user but the one its owner changed it with. */
export const keyKeptOnPasswordChange = (caller: Caller, userId: number) => (isOwnAccount(caller, userId) ? caller.keyId : undefined);
