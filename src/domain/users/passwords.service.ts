import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/repositories/index.js';
import type { UserWithPerson } from '../../db/repositories/users.repository.js';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import { keyKeptOnPasswordChange } from '../access/users.policies.js';
import type { ChurchTime } from '../church-time.js';
import { addMinutes, minutesBetween } from '../dates.js';
import { DatabaseService } from '../database-service.js';
import { conflict, invalid, notFound, unauthorized } from '../errors.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';
import type { SettingsService } from '../settings/settings.service.js';
import { newApiKey, newTemporaryPassword, sha256Hex, type PasswordHasher } from './secrets.js';
import { accountsNamed, noticeLockout } from './sign-in.js';

const MIN_PASSWORD_LENGTH = 8;
const RESET_TOKEN_LIFETIME_MINUTES = 24 * 60;
/** A new church's administrator may not read the welcome the day it is sent: their link lasts a week. */
export const WELCOME_LINK_DAYS = 7;
/** One reset mail per user per this long: a name known to an attacker cannot flood its owner's inbox. */
const RESET_COOLDOWN_MINUTES = 5;
// Every reset request takes at least this long, so that known and unknown names answer alike.
const RESET_REQUEST_FLOOR_MS = 250;

export function assertPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw invalid(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
}

/** A user's password: checked again before a change to how they sign in, changed by its owner, and reset (§14.2). */
export class PasswordsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService, private readonly passwords: PasswordHasher) {
    super(db);
  }

  /**
   * Checks the caller's own password before a change to how they sign in, as sign-in checks one, so that a borrowed
   * key cannot guess it: the attempt is counted first, a wrong one stays counted toward the lockout (whose keys,
   * this one too, then stop working), and a right one is given back. 400 with `refusal` when wrong.
   */
  async checkOwnPassword(caller: Caller, password: string, refusal: string): Promise<void> {
    const user = await this.repos.users.findById(caller.userId);
    if (!user) throw notFound('User not found');
    const maxFailures = await this.settings.get('iMaxFailedLogins');
    const failures = await this.repos.users.reserveLoginAttempt(user.id, maxFailures);
    // Locked by a guess in parallel: this key stopped working with the account.
    if (failures === undefined) throw unauthorized('Invalid API key');
    if (!(await this.passwords.verify(password, user.password_hash))) {
      await noticeLockout(this.repos, this.time, user, failures, maxFailures);
      throw invalid(refusal);
    }
    await this.repos.users.releaseLoginAttempt(user.id);
  }

  /**
   * A signed-in user changes their own password: the current one must be right (a borrowed, unlocked phone
   * must not be enough), and every other key of theirs stops working.
   */
  async changeOwnPassword(caller: Caller, currentPassword: string, newPassword: string): Promise<void> {
    await this.checkOwnPassword(caller, currentPassword, 'The current password is not right');
    assertPasswordStrength(newPassword);
    const passwordHash = await this.passwords.hash(newPassword);
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      await repos.users.update(caller.userId, { password_hash: passwordHash, has_initial_password: false });
      await repos.apiKeys.revokeAll(caller.userId, now, keyKeptOnPasswordChange(caller, caller.userId));
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
  async requestPasswordReset(name: string): Promise<void> {
    const clock = this.time.clock;
    const started = clock.elapsedMs();
    try {
      for (const user of await accountsNamed(this.repos, name, true)) {
        if (user.email) await this.issueResetToken(user);
      }
    } finally {
      await clock.sleep(Math.max(0, RESET_REQUEST_FLOOR_MS - (clock.elapsedMs() - started)));
    }
  }

  private async issueResetToken(user: UserWithPerson, welcome = false): Promise<void> {
    const token = newApiKey();
    const now = await this.time.now();
    const lifetimeMinutes = welcome ? WELCOME_LINK_DAYS * 24 * 60 : RESET_TOKEN_LIFETIME_MINUTES;
    await withTransaction(this.db, async (repos) => {
      // Serialises a user's parallel requests, so that the cooldown holds for them too.
      await repos.locks.exclusive(`password-reset:${user.id}`);
      const latest = await repos.apiKeys.latestLiveResetToken(user.id, now);
      if (latest !== undefined && minutesBetween(latest, now) < RESET_COOLDOWN_MINUTES) return;
      await repos.apiKeys.invalidateResetTokens(user.id, now);
      await repos.apiKeys.insertResetToken(user.id, sha256Hex(token), now, addMinutes(now, lifetimeMinutes));
      await enqueueAccountNotice(repos, {
        type: 'password_reset',
        personId: user.id,
        now,
        keyParts: [user.id, sha256Hex(token).slice(0, 16)],
        context: { resetToken: token, userName: user.user_name, ...(welcome && { welcome: true }) },
      });
    });
  }

  /**
   * Welcomes the first administrator of a church made by `npm run church` (issue 40): a mail with a link to choose
   * their password, valid a week, so that no password of theirs is ever shown to the operator. 409 when the account
   * has no e-mail address.
   */
  async welcomeFirstAdministrator(userName: string): Promise<void> {
    const user = await this.repos.users.findByUserName(userName);
    if (!user) throw notFound('User not found');
    if (!user.email) throw conflict('This user has no e-mail address to send a welcome to');
    await this.issueResetToken(user, true);
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
}
