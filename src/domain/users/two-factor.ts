import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { TOTP, Secret } from 'otpauth';
import { createRepositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import { sha256Hex } from './secrets.js';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS, label, issuer });

/** The TOTP step a current code belongs to (one step of clock drift either way), or undefined for a wrong code. */
export function stepOfCode(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** A new secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export function newTwoFactorSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` link an authenticator app reads from the QR code: the church names the issuer, the user the account. */
export function otpauthUrlOf(secret: string, issuer: string, account: string): string {
  return totpOf(secret, account, issuer).toString();
}

/** One-time recovery codes, `xxxxx-xxxxx` in lower-case hex, shown once and stored as hashes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export const recoveryCodeHashes = (codes: string[]) => JSON.stringify(codes.map(sha256Hex));

/**
 * Checks a login's second factor: a current TOTP code (one step of clock drift either way; each step is
 * accepted once), or one of the user's recovery codes, which are stored as SHA-256 hashes and consumed on use
 * (a conditional update, so two parallel logins cannot both spend one code).
 */
export async function verifySecondFactor(db: Kysely<DB>, userId: number, secret: string, otp: string, now: Date): Promise<boolean> {
  const code = otp.trim();
  const repos = createRepositories(db);
  const step = stepOfCode(secret, code, now);
  // A code is good once: the step it belongs to must be later than the last step accepted.
  if (step !== undefined) return repos.users.acceptTotpStep(userId, step);

  const user = await repos.users.findRecoveryCodes(userId);
  const stored = user?.two_factor_recovery_codes;
  const hashes: string[] = stored ? JSON.parse(stored) : [];
  const remaining = hashes.filter((hash) => hash !== sha256Hex(code));
  if (remaining.length === hashes.length) return false;
  return repos.users.replaceRecoveryCodes(userId, stored!, JSON.stringify(remaining));
}
