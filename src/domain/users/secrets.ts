import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's work factors, written into every hash so that a hash made under other factors still verifies. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * What the service hashes with: OWASP's floor for scrypt, N = 2^17 with r = 8 (128 MiB per hash). No setting
 * lowers it; only code that builds the services itself (the tests) can pass another cost.
 */
export const OWASP_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// Room for the memory OWASP's cost needs (128 · N · r bytes) and a little more.
const MAX_MEMORY = 256 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Password hashes as `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export class PasswordHasher {
  // Made on first use: every process would otherwise spend a whole hash at start.
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly cost: ScryptCost = OWASP_SCRYPT_COST) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, KEY_LENGTH, { ...this.cost, maxmem: MAX_MEMORY });
    return ['scrypt', this.cost.N, this.cost.r, this.cost.p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /** A hash made with weaker factors than this hasher's: it is replaced at the next successful sign-in. */
  needsRehash(stored: string): boolean {
    const [scheme, n, r, p] = stored.split('$');
    return scheme === 'scrypt' && (Number(n) < this.cost.N || Number(r) < this.cost.r || Number(p) < this.cost.p);
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAX_MEMORY,
    });
    return timingSafeEqual(actual, expected);
  }

  /** Spends a verification's work: refusing an unknown user name as slowly as a wrong password keeps names secret. */
  async spendWork(password: string): Promise<void> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(password, await this.dummyHash);
  }
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
