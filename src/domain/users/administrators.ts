import type { Repositories } from '../../db/repositories/index.js';
import { conflict } from '../errors.js';
import { maySignIn } from './sign-in.js';

/**
 * Refuses (409) a change that would leave the church without an administrator who can sign in: deleting,
 * demoting, or marking inactive or deceased the last one. Runs inside the caller's transaction and holds a lock
 * until it ends, so that two administrators demoting each other at once cannot both succeed.
 */
export async function assertAnotherAdministratorRemains(repos: Repositories, userId: number): Promise<void> {
  await repos.locks.exclusive('active-administrators');
  const user = await repos.users.findById(userId);
  const isActiveAdministrator = user !== undefined && user.is_admin && maySignIn(user);
  if (isActiveAdministrator && (await repos.users.countActiveAdministrators(userId)) === 0) {
    throw conflict('This is the last active administrator: make another user an administrator first');
  }
}
