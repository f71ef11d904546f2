import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { withTransaction, type Repositories } from '../../db/repositories/index.js';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import type { UserWithPerson } from '../../db/repositories/users.repository.js';
import { ROLE_FLAGS, isSelfService, type Caller, type RoleFlag, type Roles } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { conflict, forbidden, invalid, notFound, unauthorized } from '../errors.js';
import type { AuthCache, KeyUse } from '../access/auth-cache.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  newApiKey,
  newTemporaryPassword,
  sha256Hex,
  type PasswordHasher,
} from './secrets.js';
import QRCode from 'qrcode';
import { newRecoveryCodes, newTwoFactorSecret, otpauthUrlOf, recoveryCodeHashes, stepOfCode, verifySecondFactor } from './two-factor.js';
import { assertAnotherAdministratorRemains } from './administrators.js';
import { maySignIn } from './sign-in.js';
import { DatabaseService } from '../database-service.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';
import { isSessionLive, type SessionLifetimes, type SessionTimes } from './sessions.js';

/** A user keeps at most this many live API keys (contract §14.1). */
export const MAX_API_KEYS_PER_USER = 50;
/** `last_used_at` is refreshed at most this often, so that authentication is one query on most requests. */
const KEY_TOUCH_INTERVAL_MS = 60_000;
export const MIN_PASSWORD_LENGTH = 8;
const RESET_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
/** One reset mail per user per this long: a name known to an attacker cannot flood its owner's inbox. */
export const RESET_COOLDOWN_MS = 5 * 60_000;
// Every reset request takes at least this long, so that known and unknown names answer alike.
const RESET_REQUEST_FLOOR_MS = 250;
const LOGIN_FAILED = 'Invalid login or password';
const SHARED_PASSWORD = 'This e-mail address belongs to more than one account with this password: sign in with your user name';

const COLUMN_OF = {
  admin: 'is_admin',
  addEvents: 'add_events',
  manageGroups: 'manage_groups',
  editRecords: 'edit_records',
  deleteRecords: 'delete_records',
  finance: 'finance',
  manageMinistries: 'manage_ministries',
  manageMyMinistries: 'manage_my_ministries',
} as const satisfies Record<RoleFlag, string>;

type RoleColumns = Record<(typeof COLUMN_OF)[RoleFlag], boolean>;

function rolesOf(row: RoleColumns): Roles {
  return Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, row[COLUMN_OF[flag]]])) as Roles;
}

function roleColumns(roles: Partial<Roles>): Record<string, boolean> {
  const columns: Record<string, boolean> = {};
  for (const flag of ROLE_FLAGS) if (roles[flag] !== undefined) columns[COLUMN_OF[flag]] = roles[flag];
  return columns;
}

export interface UserView {
  id: number;
  personId: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  roles: Roles;
  selfService: boolean;
}

function toView(row: UserWithPerson): UserView {
  const roles = rolesOf(row);
  return {
    id: row.id,
    personId: row.id,
    userName: row.user_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    roles,
    selfService: isSelfService(roles),
  };
}

export type LoginResult = { apiKey: string } | { requiresOTP: true };

export interface LoginOptions {
  /** The web app's sign-in: its key ends after the session lifetimes, where E20's key works until revoked. */
  isWebSession?: boolean;
  /** The name may be an e-mail address too (the web app's sign-in); E20 takes only a user name. */
  byAddress?: boolean;
}

export interface NewUserInput {
  personId: number;
  userName: string;
  password: string;
  roles?: Partial<Roles>;
}

export interface UserChanges {
  userName?: string;
  password?: string;
  roles?: Partial<Roles>;
}

/** Users, logins and API keys (contract §14.1, §15.1). */
export class UsersService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService, private readonly authCache: AuthCache, private readonly passwords: PasswordHasher) {
    super(db);
  }

  /**
   * On an empty database creates person 1 and the `admin` user with every role; answers whether it did.
   * `hashing` is the hash of `password` when the caller started computing it early.
   */
  async ensureFirstAdministrator(password: string, hashing?: Promise<string>): Promise<boolean> {
    if ((await this.repos.users.count()) > 0) return false;
    const passwordHash = await (hashing ?? this.passwords.hash(password));
    const now = await this.time.now();
    return withTransaction(this.db, async (repos) => {
      // Two instances starting together on one server must not both seed.
      await repos.locks.exclusive('first-administrator');
      if ((await repos.users.count()) > 0) return false;
      const person = await repos.persons.insert({ first_name: 'Church', last_name: 'Administrator', date_entered: now });
      await repos.users.insert({
        id: person.id,
        user_name: 'admin',
        password_hash: passwordHash,
        has_initial_password: true,
        created_at: now,
        ...roleColumns(Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, true]))),
      });
      return true;
    });
  }

  /**
   * E20, and the web app's sign-in. Every refusal is the same generic 401. An attempt is reserved (counted as failed)
   * before the password is checked, so a locked account evaluates no more guesses, however many arrive at once.
   * E20 names the account by its user name (contract §14.1); the web app's sign-in by a user name or an e-mail
   * address (`byAddress`, issue 33), see `passwordHolder`.
   */
  async login(userName: string, password: string, otp?: string, { isWebSession = false, byAddress = false }: LoginOptions = {}): Promise<LoginResult> {
    const { user, failures, maxFailures } = await this.passwordHolder(await this.accountsNamed(userName, byAddress), password);
    if (user.two_factor_secret) {
      if (otp === undefined || otp === '') {
        await this.repos.users.releaseLoginAttempt(user.id);
        return { requiresOTP: true };
      }
      const isSecondFactorRight = await verifySecondFactor(this.db, user.id, user.two_factor_secret, otp, this.time.clock.now());
      if (!isSecondFactorRight) {
        await this.noticeLockout(user, failures, maxFailures);
        throw unauthorized(LOGIN_FAILED);
      }
    }
    const rehash = this.passwords.needsRehash(user.password_hash) ? await this.passwords.hash(password) : undefined;
    const now = await this.time.now();
    const apiKey = await withTransaction(this.db, async (repos) => {
      await repos.users.update(user.id, { failed_logins: 0, ...(rehash && { password_hash: rehash }) });
      return this.mintKey(repos, user.id, 'Login', now, isWebSession);
    });
    return { apiKey: apiKey.key };
  }

  /** The accounts a sign-in or a reset request names that may sign in: by user name, or by e-mail address too. */
  private async accountsNamed(name: string, byAddress: boolean): Promise<UserWithPerson[]> {
    const trimmed = name.trim();
    if (trimmed === '') return [];
    const found = byAddress ? await this.repos.users.findBySignInName(trimmed) : [await this.repos.users.findByUserName(trimmed)];
    return found.filter((user): user is UserWithPerson => user !== undefined && maySignIn(user));
  }

  /**
   * The one of `accounts` whose password `password` is. Several accounts may share an address (a family's): the
   * password is checked against each, side by side, so that a shared address answers about as fast as one account or
   * an unknown name; it signs in the account it matches. A wrong password counts against each; a right one counts
   * against none (it guessed nobody's), and a password that matches more than one of them cannot tell which was meant
   * (409: sign in with the user name). 401 otherwise.
   */
  private async passwordHolder(accounts: UserWithPerson[], password: string): Promise<{ user: UserWithPerson; failures: number; maxFailures: number }> {
    const maxFailures = await this.settings.get('iMaxFailedLogins');
    const reserved: Array<{ user: UserWithPerson; failures: number }> = [];
    for (const user of accounts) {
      const failures = await this.repos.users.reserveLoginAttempt(user.id, maxFailures);
      if (failures !== undefined) reserved.push({ user, failures });
    }
    if (reserved.length === 0) {
      await this.passwords.spendWork(password);
      throw unauthorized(LOGIN_FAILED);
    }
    const isRight = await Promise.all(reserved.map(({ user }) => this.passwords.verify(password, user.password_hash)));
    const matching = reserved.filter((_, index) => isRight[index]);
    if (matching.length === 0) {
      for (const { user, failures } of reserved) await this.noticeLockout(user, failures, maxFailures);
      throw unauthorized(LOGIN_FAILED);
    }
    for (const { user } of reserved.filter((_, index) => !isRight[index] || matching.length > 1)) await this.repos.users.releaseLoginAttempt(user.id);
    if (matching.length > 1) throw conflict(SHARED_PASSWORD);
    return { ...matching[0], maxFailures };
  }

  /** The failure that reached the limit mails the user that the account is locked. */
  private async noticeLockout(user: UserWithPerson, failures: number, maxFailures: number): Promise<void> {
    if (maxFailures === 0 || failures !== maxFailures || !user.email) return;
    const now = await this.time.now();
    await enqueueAccountNotice(this.repos, { type: 'account_locked', personId: user.id, now });
  }

  /**
   * The caller behind an API key, or undefined for a missing, unknown or revoked key, or a web app sign-in past its
   * lifetimes. Those are checked on every request, a reused authentication too, so a session ends on time.
   */
  async authenticate(apiKey: string | undefined): Promise<Caller | undefined> {
    if (!apiKey) return undefined;
    const keyHash = sha256Hex(apiKey);
    const generation = await this.repos.apiKeys.authGeneration();
    const use = await this.authCache.key(keyHash, generation, () => this.lookUpKey(keyHash, generation));
    if (!use) return undefined;
    const now = await this.time.now();
    if (use.isWebSession && !isSessionLive(use, now, await this.sessionLifetimes())) return undefined;
    if (use.lastUsedAt === null || millisecondsBetween(use.lastUsedAt, now) >= KEY_TOUCH_INTERVAL_MS) {
      await this.repos.apiKeys.touch(use.caller.keyId!, now);
      use.lastUsedAt = now;
    }
    return use.caller;
  }

  private async lookUpKey(keyHash: string, authGeneration: number): Promise<KeyUse | undefined> {
    const row = await this.repos.apiKeys.findLiveByHash(keyHash);
    if (!row || !maySignIn(row)) return undefined;
    // A key must not outlive the right to sign in: a locked account's keys stop working with it.
    const maxFailures = await this.settings.get('iMaxFailedLogins');
    if (maxFailures > 0 && row.failed_logins >= maxFailures) return undefined;
    return {
      caller: { userId: row.id, personId: row.id, userName: row.user_name, roles: rolesOf(row), keyId: row.keyId, authGeneration, hasInitialPassword: row.has_initial_password },
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      isWebSession: row.is_web_session,
    };
  }

  private async sessionLifetimes(): Promise<SessionLifetimes> {
    return { idleDays: await this.settings.get('iSessionIdleDays'), maxDays: await this.settings.get('iSessionMaxDays') };
  }

  /** How long the browser keeps the session cookie: as long as the server would take the sign-in at most. */
  async sessionMaxSeconds(): Promise<number> {
    return (await this.settings.get('iSessionMaxDays')) * 24 * 60 * 60;
  }

  async getUser(userId: number): Promise<UserView> {
    const row = await this.repos.users.findById(userId);
    if (!row) throw notFound('User not found');
    return toView(row);
  }

  async createUser(input: NewUserInput): Promise<UserView> {
    const userName = input.userName.trim();
    if (userName === '') throw invalid('userName is required');
    assertPasswordStrength(input.password);
    const person = await this.repos.persons.findById(input.personId);
    if (!person) throw notFound('Person not found');
    if (await this.repos.users.findById(input.personId)) throw conflict('This person already has a user');
    if (await this.repos.users.isUserNameTaken(userName)) throw conflict('That user name is already taken');
    const passwordHash = await this.passwords.hash(input.password);
    try {
      await this.repos.users.insert({
        id: input.personId,
        user_name: userName,
        password_hash: passwordHash,
        created_at: await this.time.now(),
        ...roleColumns(input.roles ?? {}),
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('That user name is already taken, or the person already has a user');
      throw error;
    }
    return this.getUser(input.personId);
  }

  /**
   * A signed-in user changes their own password: the current one must be right (a borrowed, unlocked phone
   * must not be enough), and every other key of theirs stops working.
   */
  async changeOwnPassword(caller: Caller, currentPassword: string, newPassword: string): Promise<void> {
    await this.checkOwnPassword(caller, currentPassword, 'The current password is not right');
    await this.updateUser(caller, caller.userId, { password: newPassword });
  }

  /**
   * Checks the caller's own password before a change to how they sign in, as sign-in checks one, so that a borrowed
   * key cannot guess it: the attempt is counted first, a wrong one stays counted toward the lockout (whose keys,
   * this one too, then stop working), and a right one is given back. 400 with `refusal` when wrong.
   */
  private async checkOwnPassword(caller: Caller, password: string, refusal: string): Promise<void> {
    const user = await this.repos.users.findById(caller.userId);
    if (!user) throw notFound('User not found');
    const maxFailures = await this.settings.get('iMaxFailedLogins');
    const failures = await this.repos.users.reserveLoginAttempt(user.id, maxFailures);
    // Locked by a guess in parallel: this key stopped working with the account.
    if (failures === undefined) throw unauthorized('Invalid API key');
    if (!(await this.passwords.verify(password, user.password_hash))) {
      await this.noticeLockout(user, failures, maxFailures);
      throw invalid(refusal);
    }
    await this.repos.users.releaseLoginAttempt(user.id);
  }

  /** Sign-out: the key the caller signed in with stops working at once. */
  async signOut(caller: Caller): Promise<void> {
    if (caller.keyId !== undefined) await this.revokeApiKey(caller.userId, caller.keyId);
  }

  /** A changed password revokes the user's keys (but the caller's own key, when they change their own). */
  async updateUser(caller: Caller, userId: number, changes: UserChanges): Promise<UserView> {
    const existing = await this.repos.users.findById(userId);
    if (!existing) throw notFound('User not found');
    const update: Record<string, unknown> = { ...roleColumns(changes.roles ?? {}) };
    if (changes.userName !== undefined) {
      const userName = changes.userName.trim();
      if (userName === '') throw invalid('userName must not be empty');
      if (await this.repos.users.isUserNameTaken(userName, userId)) throw conflict('That user name is already taken');
      update.user_name = userName;
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
        if (update.password_hash !== undefined) {
          await repos.apiKeys.revokeAll(userId, now, userId === caller.userId ? caller.keyId : undefined);
        }
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('That user name is already taken');
      throw error;
    }
    return this.getUser(userId);
  }

  async deleteUser(caller: Caller, userId: number): Promise<string> {
    const existing = await this.repos.users.findById(userId);
    if (!existing) throw notFound('User not found');
    if (userId === caller.userId) throw forbidden("Can't delete yourself");
    await withTransaction(this.db, async (repos) => {
      await assertAnotherAdministratorRemains(repos, userId);
      await repos.users.delete(userId);
    });
    return existing.user_name;
  }

  /** The user's live keys (never the keys themselves); 404 for an unknown user. */
  async listApiKeys(userId: number) {
    if (!(await this.repos.users.findById(userId))) throw notFound('User not found');
    const keys = await this.repos.apiKeys.listLive(userId);
    const now = await this.time.now();
    const lifetimes = await this.sessionLifetimes();
    const isWorking = (key: (typeof keys)[number]) => !key.is_web_session || isSessionLive(sessionTimesOf(key), now, lifetimes);
    return keys.filter(isWorking).map((key) => ({ id: key.id, label: key.label, createdDate: key.created_at, lastUsedDate: key.last_used_at }));
  }

  /** A new key for the caller, shown once. */
  async createApiKey(caller: Caller, label: string | undefined): Promise<{ apiKey: string; id: number }> {
    const now = await this.time.now();
    const minted = await withTransaction(this.db, (repos) => this.mintKey(repos, caller.userId, label?.trim() || null, now));
    return { apiKey: minted.key, id: minted.id };
  }

  async revokeApiKey(userId: number, keyId: number): Promise<void> {
    if (!(await this.repos.apiKeys.revoke(userId, keyId, await this.time.now()))) throw notFound('API key not found');
  }

  /** Unlocks the account (failed-login counter to 0) and mails the user. */
  async resetLogin(userId: number): Promise<void> {
    const now = await this.time.now();
    const user = await this.repos.users.findById(userId);
    if (!user) throw notFound('User not found');
    await withTransaction(this.db, async (repos) => {
      await repos.users.update(userId, { failed_logins: 0 });
      if (!user.email) return;
      await enqueueAccountNotice(repos, { type: 'account_unlocked', personId: userId, now });
    });
  }

  /**
   * Sets a random password and queues a mail carrying it. The temporary password lives in the outbox row's
   * context only until the row is final (sent, skipped or failed); a user without an address gets 409.
   */
  async resetPassword(userId: number): Promise<void> {
    const user = await this.repos.users.findById(userId);
    if (!user) throw notFound('User not found');
    // The new password would reach nobody: the administrator sets one instead (POST /admin/api/users/{id}).
    if (!user.email) throw conflict('This user has no e-mail address to send a new password to: set a password for them instead');
    const temporaryPassword = newTemporaryPassword();
    const passwordHash = await this.passwords.hash(temporaryPassword);
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      await repos.users.update(userId, { password_hash: passwordHash, has_initial_password: false, failed_logins: 0 });
      await repos.apiKeys.revokeAll(userId, now);
      await enqueueAccountNotice(repos, { type: 'password_reset', personId: userId, now, keyParts: ['admin', userId, now], context: { temporaryPassword } });
    });
  }

  /**
   * The public reset request (§14.2): always silent about whether the account exists, and always as slow as
   * the slowest path, so that timing does not tell either. The name is a user name or an e-mail address (issue 33);
   * each account it names that may sign in and has an e-mail address gets a one-time link valid for a day, at most
   * one per cooldown, and a new link ends its older ones — so a family's shared address gets one mail per account,
   * each naming its account. Only the token's hash is stored; the token itself travels in the outbox row until the
   * mail is delivered.
   */
  async requestPasswordReset(userName: string): Promise<void> {
    if (userName.trim() === '') throw invalid('Login Name is required');
    const started = performance.now();
    try {
      for (const user of await this.accountsNamed(userName, true)) {
        if (user.email) await this.issueResetToken(user);
      }
    } finally {
      await sleep(Math.max(0, RESET_REQUEST_FLOOR_MS - (performance.now() - started)));
    }
  }

  private async issueResetToken(user: UserWithPerson): Promise<void> {
    const token = newApiKey();
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      // Serialises a user's parallel requests, so that the cooldown holds for them too.
      await repos.locks.exclusive(`password-reset:${user.id}`);
      const latest = await repos.apiKeys.latestLiveResetToken(user.id, now);
      if (latest !== undefined && millisecondsBetween(latest, now) < RESET_COOLDOWN_MS) return;
      await repos.apiKeys.invalidateResetTokens(user.id, now);
      await repos.apiKeys.insertResetToken(user.id, sha256Hex(token), now, addMilliseconds(now, RESET_TOKEN_LIFETIME_MS));
      await enqueueAccountNotice(repos, {
        type: 'password_reset', personId: user.id, now, keyParts: [user.id, sha256Hex(token).slice(0, 16)], context: { resetToken: token, userName: user.user_name },
      });
    });
  }

  /** Sets a new password with a reset token (ours): once, within a day; the account is unlocked too. */
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    assertPasswordStrength(password);
    const passwordHash = await this.passwords.hash(password);
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      const userId = await repos.apiKeys.consumeResetToken(sha256Hex(token), now);
      if (userId === undefined) throw invalid('This reset link is invalid or has expired');
      await repos.users.update(userId, { password_hash: passwordHash, has_initial_password: false, failed_logins: 0 });
      await repos.apiKeys.revokeAll(userId, now);
    });
  }

  /**
   * Turns two-factor sign-in off (and ends an enrolment under way). When it was on, the owner is mailed, so that
   * one who did not ask for it learns that the second factor no longer guards the account.
   */
  async disableTwoFactor(userId: number, by: 'administrator' | 'owner' = 'administrator'): Promise<void> {
    const user = await this.repos.users.findById(userId);
    if (!user) throw notFound('User not found');
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      const wasOn = await repos.users.turnOffTwoFactor(userId);
      if (wasOn && user.email) await enqueueAccountNotice(repos, { type: 'two_factor_disabled', personId: userId, now, context: { by } });
    });
  }

  /** Whether the caller signs in with a second factor. */
  async twoFactorStatus(caller: Caller): Promise<{ enabled: boolean }> {
    const state = await this.repos.users.findTwoFactorState(caller.userId);
    if (!state) throw notFound('User not found');
    return { enabled: state.two_factor_secret !== null };
  }

  /**
   * Starts two-factor enrolment for the caller, who proves it is them with their password (400 when wrong), so that
   * a borrowed key cannot bind the account to another's app: a new secret waits, unused by sign-in, until a code
   * confirms it (starting again replaces it). 409 while two-factor sign-in is already on.
   */
  async startTwoFactor(caller: Caller, password: string): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
    const state = await this.repos.users.findTwoFactorState(caller.userId);
    if (!state) throw notFound('User not found');
    if (state.two_factor_secret) throw conflict('Two-factor sign-in is already on: turn it off first to set it up again');
    await this.checkOwnPassword(caller, password, 'The password is not right');
    const secret = newTwoFactorSecret();
    await this.repos.users.update(caller.userId, { two_factor_pending_secret: secret });
    const otpauthUrl = otpauthUrlOf(secret, await this.settings.get('sChurchName'), caller.userName);
    return { secret, otpauthUrl, qrSvg: (await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })).trim() };
  }

  /**
   * Turns two-factor sign-in on once `code` shows that the caller's app holds the pending secret, and answers the
   * recovery codes, the only time they are shown; the owner is mailed. 409 without an enrolment under way; 400 for a
   * wrong code.
   */
  async confirmTwoFactor(caller: Caller, code: string): Promise<{ recoveryCodes: string[] }> {
    const user = await this.repos.users.findById(caller.userId);
    const state = await this.repos.users.findTwoFactorState(caller.userId);
    if (!user || !state) throw notFound('User not found');
    const pending = state.two_factor_pending_secret;
    if (!pending) throw conflict('Start setting up two-factor sign-in first');
    const step = stepOfCode(pending, code.trim(), this.time.clock.now());
    if (step === undefined) throw invalid('The code is not right: enter the code your app shows now');
    const recoveryCodes = newRecoveryCodes();
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      if (!(await repos.users.confirmTwoFactor(caller.userId, pending, recoveryCodeHashes(recoveryCodes), step))) {
        throw conflict('Two-factor setup was started again meanwhile: use the newest QR code');
      }
      if (user.email) await enqueueAccountNotice(repos, { type: 'two_factor_enabled', personId: caller.userId, now });
    });
    return { recoveryCodes };
  }

  /** Turns two-factor sign-in off for the caller, who proves it is them with their password (400 when wrong). */
  async disableOwnTwoFactor(caller: Caller, password: string): Promise<void> {
    await this.checkOwnPassword(caller, password, 'The password is not right');
    await this.disableTwoFactor(caller.userId, 'owner');
  }

  /** The reference system's permission summary (`GET /admin/api/user/{id}/permissions`). */
  async permissionSummary(userId: number) {
    const user = await this.getUser(userId);
    return { user: user.userName, userId: user.id, addEvent: user.roles.admin || user.roles.addEvents, csvExport: user.roles.admin };
  }

  private async mintKey(repos: Repositories, userId: number, label: string | null, now: string, isWebSession = false) {
    const key = newApiKey();
    const id = await repos.apiKeys.insert({ userId, keyHash: sha256Hex(key), label, createdAt: now, isWebSession });
    await repos.apiKeys.revokeBeyond(userId, MAX_API_KEYS_PER_USER, now);
    return { key, id };
  }
}

const sessionTimesOf = (key: { created_at: string; last_used_at: string | null }): SessionTimes => ({ createdAt: key.created_at, lastUsedAt: key.last_used_at });
const instant = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);
const millisecondsBetween = (from: string, to: string) => instant(to) - instant(from);
const addMilliseconds = (wall: string, ms: number) => new Date(instant(wall) + ms).toISOString().slice(0, 19).replace('T', ' ');

function assertPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw invalid(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
}
