import type { Repositories } from '../../db/repositories/index.js';
import type { UserWithPerson } from '../../db/repositories/users.repository.js';
import type { PersonRow } from '../../db/schema.js';
import type { ChurchTime } from '../church-time.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';

/**
 * Whether a person may sign in (contract §14.1): not once marked inactive or deceased. What their sign-in gives them
 * (their keys, their personal calendar feeds) stops with it.
 */
export const maySignIn = (person: Pick<PersonRow, 'inactive' | 'deceased_date'>): boolean => !person.inactive && person.deceased_date === null;

/** The accounts a sign-in or a reset request names that may sign in: by user name, or by e-mail address too. */
export async function accountsNamed(repos: Repositories, name: string, byAddress: boolean): Promise<UserWithPerson[]> {
  const trimmed = name.trim();
  if (trimmed === '') return [];
  const found = byAddress ? await repos.users.findBySignInName(trimmed) : [await repos.users.findByUserName(trimmed)];
  return found.filter((user): user is UserWithPerson => user !== undefined && maySignIn(user));
}

/** The failed attempt that reached the limit mails the user that the account is locked. */
export async function noticeLockout(repos: Repositories, time: ChurchTime, user: UserWithPerson, failures: number, maxFailures: number): Promise<void> {
  if (maxFailures === 0 || failures !== maxFailures || !user.email) return;
  await enqueueAccountNotice(repos, { type: 'account_locked', personId: user.id, now: await time.now() });
}
