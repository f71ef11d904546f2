import { sql } from 'kysely';
import type { Executor } from '../database.js';
import { translateConstraintError } from '../errors.js';
import type { UsersTable, UserUpdate } from '../schema.js';
import type { Insertable } from 'kysely';

/** The columns that hold a user's roles. */
export const USER_ROLE_COLUMNS = [
  'users.is_admin',
  'users.add_events',
  'users.manage_groups',
  'users.edit_records',
  'users.delete_records',
  'users.finance',
  'users.manage_ministries',
  'users.manage_my_ministries',
] as const;

const USER_WITH_PERSON = [
  'users.id',
  'users.user_name',
  'users.password_hash',
  ...USER_ROLE_COLUMNS,
  'users.failed_logins',
  'users.two_factor_secret',
  'users.has_initial_password',
  'persons.first_name',
  'persons.last_name',
  'persons.email',
  'persons.deceased_date',
  'persons.inactive',
  'persons.language',
] as const;

export function usersRepository(db: Executor) {
  const withPerson = () => db.selectFrom('users').innerJoin('persons', 'persons.id', 'users.id').select(USER_WITH_PERSON);

  return {
    async count(): Promise<number> {
      const row = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return row.n;
    },

    async findById(id: number) {
      return withPerson().where('users.id', '=', id).executeTakeFirst();
    },

    /** Case-insensitive lookup by user name. */
    async findByUserName(userName: string) {
      return withPerson().where(sql`lower(users.user_name)`, '=', userName.toLowerCase()).executeTakeFirst();
    },

    /**
     * The accounts a sign-in names: the one whose user name it is and every one whose person has it as e-mail address,
     * ignoring case; by id. Each side is one index lookup.
     */
    async findBySignInName(name: string) {
      const lowered = name.toLowerCase();
      const named = db.selectFrom('users').select('id').where(sql`lower(user_name)`, '=', lowered);
      const addressed = db.selectFrom('persons').select('id').where(sql`lower(email)`, '=', lowered);
      return withPerson().where('users.id', 'in', named.union(addressed)).orderBy('users.id').execute();
    },

    async isUserNameTaken(userName: string, exceptUserId?: number): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where(sql`lower(user_name)`, '=', userName.toLowerCase());
      if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(user: Insertable<UsersTable>): Promise<void> {
      try {
        await db.insertInto('users').values(user).execute();
      } catch (error) {
        translateConstraintError(error);
      }
    },

    async update(id: number, changes: UserUpdate): Promise<boolean> {
      if (Object.keys(changes).length === 0) return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
      try {
        const result = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
        return result.numUpdatedRows > 0n;
      } catch (error) {
        return translateConstraintError(error);
      }
    },

    /**
     * Reserves one login attempt before the password is checked: counts it as failed unless the account is
     * already locked (`maxFailures` reached; 0 = no lockout). Answers the new count, or undefined when locked,
     * so that a parallel burst evaluates at most `maxFailures` wrong passwords.
     */
    async reserveLoginAttempt(id: number, maxFailures: number): Promise<number | undefined> {
      let query = db.updateTable('users').set({ failed_logins: sql`failed_logins + 1` }).where('id', '=', id);
      if (maxFailures > 0) query = query.where('failed_logins', '<', maxFailures);
      const row = await query.returning('failed_logins').executeTakeFirst();
      return row?.failed_logins;
    },

    /** Gives back a reserved attempt that was neither right nor wrong (the second factor is still to come). */
    async releaseLoginAttempt(id: number): Promise<void> {
      await db.updateTable('users').set({ failed_logins: sql`greatest(failed_logins - 1, 0)` }).where('id', '=', id).execute();
    },

    /** Accepts a TOTP step only once: answers false when this step (or a later one) was already used. */
    async acceptTotpStep(id: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ two_factor_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Replaces the recovery codes only if they are still `expected`, so that one code cannot be spent twice at once. */
    async replaceRecoveryCodes(id: number, expected: string, remaining: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ two_factor_recovery_codes: remaining })
        .where('id', '=', id)
        .where('two_factor_recovery_codes', '=', expected)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Adds one failed login and answers the new count, atomically. */
    async recordFailedLogin(id: number): Promise<number> {
      const row = await db
        .updateTable('users')
        .set({ failed_logins: sql`failed_logins + 1` })
        .where('id', '=', id)
        .returning('failed_logins')
        .executeTakeFirstOrThrow();
      return row.failed_logins;
    },

    /** Administrators who may sign in (not inactive, not deceased), other than `exceptUserId`. */
    async countActiveAdministrators(exceptUserId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .innerJoin('persons', 'persons.id', 'users.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('users.is_admin', '=', true)
        .where('persons.inactive', '=', false)
        .where('persons.deceased_date', 'is', null)
        .where('users.id', '<>', exceptUserId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async findTwoFactorState(id: number) {
      return db.selectFrom('users').select(['two_factor_secret', 'two_factor_pending_secret']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Turns two-factor sign-in on with the pending secret, only if it is still `pendingSecret` (a second enrolment
     * started meanwhile wins); `step` is the code's step, so that the confirming code cannot also sign in.
     */
    async confirmTwoFactor(id: number, pendingSecret: string, recoveryCodes: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ two_factor_secret: pendingSecret, two_factor_pending_secret: null, two_factor_recovery_codes: recoveryCodes, two_factor_last_step: step })
        .where('id', '=', id)
        .where('two_factor_pending_secret', '=', pendingSecret)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Ends two-factor sign-in and any enrolment under way; answers whether it was on. Locks the row: run it in a transaction. */
    async turnOffTwoFactor(id: number): Promise<boolean> {
      const before = await db.selectFrom('users').select('two_factor_secret').where('id', '=', id).forUpdate().executeTakeFirst();
      await db.updateTable('users').set({ two_factor_secret: null, two_factor_recovery_codes: null, two_factor_pending_secret: null }).where('id', '=', id).execute();
      return (before?.two_factor_secret ?? null) !== null;
    },

    async findRecoveryCodes(id: number) {
      return db.selectFrom('users').select('two_factor_recovery_codes').where('id', '=', id).executeTakeFirst();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type UserWithPerson = NonNullable<Awaited<ReturnType<ReturnType<typeof usersRepository>['findById']>>>;
