import type { Roles } from '../../src/domain/access/caller.js';
import { coordinatorOf, managerOf, volunteersOf } from './church.js';
import type { SeedContext } from './context.js';
import type { SeededPeople } from './people.js';
import { BENCH_PASSWORD } from './plan.js';
import { mapLimit } from './support.js';

/**
 * The logins the benchmark signs in with (password `seed-password`): `coordinator` (Manage My Ministries; its
 * ministry grants come with the scope step), `manager` (Manage Ministries: every ministry), and `volunteer1` …
 * `volunteer50` without any role (self-service members).
 */
export async function seedAccounts(context: SeedContext, people: SeededPeople): Promise<string[]> {
  const { services, progress } = context;
  const step = progress.begin('bench logins');
  const accounts: Array<{ personId: number; userName: string; roles: Partial<Roles> }> = [
    { personId: coordinatorOf(people).id, userName: 'coordinator', roles: { manageMyMinistries: true } },
    { personId: managerOf(people).id, userName: 'manager', roles: { manageMinistries: true } },
    ...volunteersOf(people).map((person, k) => ({ personId: person.id, userName: `volunteer${k + 1}`, roles: {} })),
  ];
  // One at a time: scrypt takes ~250 ms of one core per hash here, and the other core belongs to the database.
  await mapLimit(accounts, 1, (account) => services.users.createUser({ ...account, password: BENCH_PASSWORD }));
  step.done(accounts.length);
  return accounts.map((a) => a.userName);
}
