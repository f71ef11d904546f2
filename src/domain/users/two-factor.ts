import type { Kysely } from 'kysely';
import { TOTP, Secret } from 'otpauth';
import { createRepositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import { sha256Hex } from './secrets.js';

const PERIOD_SECONDS = 30;

/**
 * Checks a login's second factor: a current TOTP code (one step of clock drift either way; each step is
 * accepted once), or one of the user's recovery codes, which are stored as SHA-256 hashes and consumed on use
 * (a conditional update, so two parallel logins cannot both spend one code).
 */
export async function verifySecondFactor(db: Kysely<DB>, userId: number, secret: string, otp: string, now: Date): Promise<boolean> {
  const code = otp.trim();
  const repos = createRepositories(db);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS });
  const delta = /^\d{6}$/.test(code) ? totp.validate({ token: code, timestamp: now.getTime(), window: 1 }) : null;
  // A code is good once: the step it belongs to must be later than the last step accepted.
  if (delta !== null) return repos.users.acceptTotpStep(userId, Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta);

  const user = await repos.users.findRecoveryCodes(userId);
  const stored = user?.two_factor_recovery_codes;
  const hashes: string[] = stored ? JSON.parse(stored) : [];
  const remaining = hashes.filter((hash) => hash !== sha256Hex(code));
  if (remaining.length === hashes.length) return false;
  return repos.users.replaceRecoveryCodes(userId, stored!, JSON.stringify(remaining));
}
