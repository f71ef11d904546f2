import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { withTransaction } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import { conflict, invalid, notFound } from '../errors.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { PasswordsService } from './passwords.service.js';
import { newRecoveryCodes, newTwoFactorSecret, otpauthUrlOf, recoveryCodeHashes, stepOfCode } from './two-factor.js';

/** Two-factor sign-in (ours, issue 31): set up and turned off by its owner, turned off by an administrator. */
export class TwoFactorService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService, private readonly passwords: PasswordsService) {
    super(db);
  }

  /** Whether the caller signs in with a second factor. */
  async status(caller: Caller): Promise<{ enabled: boolean }> {
    const state = await this.repos.users.findTwoFactorState(caller.userId);
    if (!state) throw notFound('User not found');
    return { enabled: state.two_factor_secret !== null };
  }

  /**
   * Starts two-factor enrolment for the caller, who proves it is them with their password (400 when wrong), so that
   * a borrowed key cannot bind the account to another's app: a new secret waits, unused by sign-in, until a code
   * confirms it (starting again replaces it). 409 while two-factor sign-in is already on.
   */
  async start(caller: Caller, password: string): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
    const state = await this.repos.users.findTwoFactorState(caller.userId);
    if (!state) throw notFound('User not found');
    if (state.two_factor_secret) throw conflict('Two-factor sign-in is already on: turn it off first to set it up again');
    await this.passwords.checkOwnPassword(caller, password, 'The password is not right');
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
  async confirm(caller: Caller, code: string): Promise<{ recoveryCodes: string[] }> {
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
  async disableOwn(caller: Caller, password: string): Promise<void> {
    await this.passwords.checkOwnPassword(caller, password, 'The password is not right');
    await this.disable(caller.userId, 'owner');
  }

  /**
   * Turns two-factor sign-in off (and ends an enrolment under way). When it was on, the owner is mailed, so that
   * one who did not ask for it learns that the second factor no longer guards the account.
   */
  async disable(userId: number, by: 'administrator' | 'owner' = 'administrator'): Promise<void> {
    const user = await this.repos.users.findById(userId);
    if (!user) throw notFound('User not found');
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      const wasOn = await repos.users.turnOffTwoFactor(userId);
      if (wasOn && user.email) await enqueueAccountNotice(repos, { type: 'two_factor_disabled', personId: userId, now, context: { by } });
    });
  }
}
