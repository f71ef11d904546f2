import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard; OWASP's floor is N = 2^17 with r = 8 (128 MiB per hash). maxmem leaves room for it.
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keyLength: 32, maxmem: 256 * 1024 * 1024 };

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keyLength, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash made with weaker parameters than today's: it is replaced at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme === 'scrypt' && (Number(n) < SCRYPT.N || Number(r) < SCRYPT.r || Number(p) < SCRYPT.p);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

// Spending the same work on an unknown user name keeps response times from revealing which names exist.
// Made on first use: every process would otherwise spend a whole hash at start.
let dummyHash: Promise<string> | undefined;
export async function spendPasswordWork(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}

/** A stored password hash that no password matches (accounts that sign in by key only). */
export const UNUSABLE_PASSWORD_HASH = '!';

/** A new API key: 32 random bytes, base64url (43 characters). */
export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}

/** API keys and tokens are stored only as their SHA-256, hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A readable random password for administrator resets. */
export function newTemporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}
