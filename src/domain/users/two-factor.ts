import type { Kysely } from 'kysely';
import { TOTP, Secret } from 'otpauth';
import { createRepositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import { sha256Hex } from './secrets.js';

/**
 * Checks a login's second factor: a current TOTP code (one step of clock drift either way), or one of the
 * user's recovery codes, which are stored as SHA-256 hashes and consumed on use.
 */
export async function verifySecondFactor(db: Kysely<DB>, userId: number, secret: string, otp: string, now: Date): Promise<boolean> {
  const code = otp.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  if (/^\d{6}$/.test(code) && totp.validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null) return true;

  const repos = createRepositories(db);
  const user = await repos.users.findRecoveryCodes(userId);
  const hashes: string[] = user?.two_factor_recovery_codes ? JSON.parse(user.two_factor_recovery_codes) : [];
  const remaining = hashes.filter((hash) => hash !== sha256Hex(code));
  if (remaining.length === hashes.length) return false;
  await repos.users.update(userId, { two_factor_recovery_codes: JSON.stringify(remaining) });
  return true;
}
