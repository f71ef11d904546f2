import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/repositories/index.js';
import type { UserWithPerson } from '../../db/repositories/users.repository.js';
import type { DB } from '../../db/schema.js';
import type { AuthCache, KeyUse } from '../access/auth-cache.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { minutesBetween } from '../dates.js';
import { DatabaseService } from '../database-service.js';
import { conflict, unauthorized } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ApiKeysService } from './api-keys.service.js';
import { rolesOf } from './roles.js';
import { sha256Hex, type PasswordHasher } from './secrets.js';
import { isSessionLive, sessionLifetimesOf } from './sessions.js';
import { accountsNamed, maySignIn, noticeLockout } from './sign-in.js';
import { verifySecondFactor } from './two-factor.js';
import type { SignInCommand } from './users.commands.js';

/** `last_used_at` is refreshed at most this often, so that authentication is one query on most requests. */
const KEY_TOUCH_INTERVAL_MINUTES = 1;
const LOGIN_FAILED = 'Invalid login or password';
const SHARED_PASSWORD = 'This e-mail address belongs to more than one account with this password: sign in with your user name';

export type LoginResult = { apiKey: string } | { requiresOTP: true };

export interface LoginOptions {
  /** The web app's sign-in: its key ends after the session lifetimes, where E20's key works until revoked. */
  isWebSession?: boolean;
  /** The name may be an e-mail address too (the web app's sign-in); E20 takes only a user name. */
  byAddress?: boolean;
}

/** Signing in and out, and the caller behind each request's key (contract §14.1). */
export class SignInService extends DatabaseService {
  constructor(
    db: Kysely<DB>,
    private readonly time: ChurchTime,
    private readonly settings: SettingsService,
    private readonly authCache: AuthCache,
    private readonly passwords: PasswordHasher,
    private readonly apiKeys: ApiKeysService,
  ) {
    super(db);
  }

  /**
   * E20, and the web app's sign-in. Every refusal is the same generic 401. An attempt is reserved (counted as failed)
   * before the password is checked, so a locked account evaluates no more guesses, however many arrive at once.
   * E20 names the account by its user name (contract §14.1); the web app's sign-in by a user name or an e-mail
   * address (`byAddress`, issue 33), see `passwordHolder`.
   */
  async login({ userName, password, otp }: SignInCommand, { isWebSession = false, byAddress = false }: LoginOptions = {}): Promise<LoginResult> {
    const { user, failures, maxFailures } = await this.passwordHolder(await accountsNamed(this.repos, userName, byAddress), password);
    if (user.two_factor_secret) {
      if (otp === undefined || otp === '') {
        await this.repos.users.releaseLoginAttempt(user.id);
        return { requiresOTP: true };
      }
      const isSecondFactorRight = await verifySecondFactor(this.db, user.id, user.two_factor_secret, otp, this.time.clock.now());
      if (!isSecondFactorRight) {
        await noticeLockout(this.repos, this.time, user, failures, maxFailures);
        throw unauthorized(LOGIN_FAILED);
      }
    }
    const rehash = this.passwords.needsRehash(user.password_hash) ? await this.passwords.hash(password) : undefined;
    const now = await this.time.now();
    const apiKey = await withTransaction(this.db, async (repos) => {
      await repos.users.update(user.id, { failed_logins: 0, ...(rehash && { password_hash: rehash }) });
      return this.apiKeys.mint(repos, user.id, 'Login', now, isWebSession);
    });
    return { apiKey: apiKey.key };
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
      for (const { user, failures } of reserved) await noticeLockout(this.repos, this.time, user, failures, maxFailures);
      throw unauthorized(LOGIN_FAILED);
    }
    for (const { user } of reserved.filter((_, index) => !isRight[index] || matching.length > 1)) await this.repos.users.releaseLoginAttempt(user.id);
    if (matching.length > 1) throw conflict(SHARED_PASSWORD);
    return { ...matching[0], maxFailures };
  }

  /**
   * The caller behind an API key, or undefined for a missing, unknown or revoked key, or a web app sign-in past its
   * lifetimes. Those are checked on every request, a reused authentication too, so a session ends on time.
   */
  async authenticate(apiKey: string | undefined): Promise<Caller | undefined> {
    if (!apiKey) return undefined;
    const keyHash = sha256Hex(apiKey);
    const generation = await this.authCache.generation(() => this.repos.apiKeys.authGeneration());
    const use = await this.authCache.key(keyHash, generation, () => this.lookUpKey(keyHash, generation));
    if (!use) return undefined;
    const now = await this.time.now();
    if (use.isWebSession && !isSessionLive(use, now, await sessionLifetimesOf(this.settings))) return undefined;
    if (use.lastUsedAt === null || minutesBetween(use.lastUsedAt, now) >= KEY_TOUCH_INTERVAL_MINUTES) {
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

  /** How long the browser keeps the session cookie: as long as the server would take the sign-in at most. */
  async sessionMaxSeconds(): Promise<number> {
    return (await this.settings.get('iSessionMaxDays')) * 24 * 60 * 60;
  }

  /** Sign-out: the key the caller signed in with stops working at once. */
  async signOut(caller: Caller): Promise<void> {
    if (caller.keyId !== undefined) await this.apiKeys.revoke(caller.userId, caller.keyId);
  }
}
