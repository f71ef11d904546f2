import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/repositories/index.js';
import type { UserWithPerson } from '../../db/repositories/users.repository.js';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB, Language, UserUpdate } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import { assertMayDeleteUser, keyKeptOnPasswordChange } from '../access/users.policies.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import { conflict, invalid, notFound } from '../errors.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';
import { assertAnotherAdministratorRemains } from './administrators.js';
import { assertPasswordStrength } from './passwords.service.js';
import { ALL_ROLES, roleColumns } from './roles.js';
import type { PasswordHasher } from './secrets.js';
import type { NewUserCommand, UserChangesCommand } from './users.commands.js';

/** The user name of the first administrator, made on an empty database. */
export const FIRST_ADMINISTRATOR = 'admin';

/** The administration of users (contract §15.1): the first administrator, and who signs in with which roles. */
export class UsersService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly passwords: PasswordHasher) {
    super(db);
  }

  /**
   * On an empty database creates person 1 and the `admin` user with every role; answers whether it did.
   * `hashing` is the hash of `password` when the caller started computing it early.
   */
  async ensureFirstAdministrator(password: string, hashing?: Promise<string>, email?: string): Promise<boolean> {
    if ((await this.repos.users.count()) > 0) return false;
    const passwordHash = await (hashing ?? this.passwords.hash(password));
    const now = await this.time.now();
    return withTransaction(this.db, async (repos) => {
      // Two instances starting together on one server must not both seed.
      await repos.locks.exclusive('first-administrator');
      if ((await repos.users.count()) > 0) return false;
      const person = await repos.persons.insert({ first_name: 'Church', last_name: 'Administrator', email: email ?? null, date_entered: now });
      await repos.users.insert({
        id: person.id,
        user_name: FIRST_ADMINISTRATOR,
        password_hash: passwordHash,
        has_initial_password: true,
        created_at: now,
        ...roleColumns(ALL_ROLES),
      });
      return true;
    });
  }

  async getUser(userId: number): Promise<UserWithPerson> {
    const row = await this.repos.users.findById(userId);
    if (!row) throw notFound('User not found');
    return row;
  }

  async createUser(command: NewUserCommand): Promise<UserWithPerson> {
    assertPasswordStrength(command.password);
    const person = await this.repos.persons.findById(command.personId);
    if (!person) throw notFound('Person not found');
    if (await this.repos.users.findById(command.personId)) throw conflict('This person already has a user');
    if (await this.repos.users.isUserNameTaken(command.userName)) throw conflict('That user name is already taken');
    const passwordHash = await this.passwords.hash(command.password);
    try {
      await this.repos.users.insert({
        id: command.personId,
        user_name: command.userName,
        password_hash: passwordHash,
        created_at: await this.time.now(),
        ...roleColumns(command.roles ?? {}),
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('That user name is already taken, or the person already has a user');
      throw error;
    }
    return this.getUser(command.personId);
  }

  /** A changed password revokes the user's keys (but the caller's own key, when they change their own). */
  async updateUser(caller: Caller, userId: number, changes: UserChangesCommand): Promise<UserWithPerson> {
    await this.getUser(userId);
    const update: UserUpdate = { ...roleColumns(changes.roles ?? {}) };
    if (changes.userName !== undefined) {
      if (changes.userName === '') throw invalid('userName must not be empty');
      if (await this.repos.users.isUserNameTaken(changes.userName, userId)) throw conflict('That user name is already taken');
      update.user_name = changes.userName;
    }
    if (changes.password !== undefined) {
      assertPasswordStrength(changes.password);
      update.password_hash = await this.passwords.hash(changes.password);
      update.has_initial_password = false;
    }
    // Read before the transaction: on PGlite a query outside it (the clock reads a setting) would wait forever.
    const now = await this.time.now();
    try {
      await withTransaction(this.db, async (repos) => {
        if (changes.roles?.admin === false) await assertAnotherAdministratorRemains(repos, userId);
        await repos.users.update(userId, update);
        if (update.password_hash !== undefined) await repos.apiKeys.revokeAll(userId, now, keyKeptOnPasswordChange(caller, userId));
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('That user name is already taken');
      throw error;
    }
    return this.getUser(userId);
  }

  /** The language the user reads the web app and their mails in, from now on on every browser (issue 33 #4). */
  async chooseLanguage(userId: number, language: Language): Promise<UserWithPerson> {
    await this.getUser(userId);
    await this.repos.persons.update(userId, { language });
    return this.getUser(userId);
  }

  /** Deletes the user (the person stays) and answers the user name it had. */
  async deleteUser(caller: Caller, userId: number): Promise<string> {
    const existing = await this.getUser(userId);
    assertMayDeleteUser(caller, userId);
    await withTransaction(this.db, async (repos) => {
      await assertAnotherAdministratorRemains(repos, userId);
      await repos.users.delete(userId);
    });
    return existing.user_name;
  }

  /** Unlocks the account (failed-login counter to 0) and mails the user. */
  async resetLogin(userId: number): Promise<void> {
    const now = await this.time.now();
    const user = await this.getUser(userId);
    await withTransaction(this.db, async (repos) => {
      await repos.users.update(userId, { failed_logins: 0 });
      if (!user.email) return;
      await enqueueAccountNotice(repos, { type: 'account_unlocked', personId: userId, now });
    });
  }
}
