/** A unique constraint refused a row (PostgreSQL 23505). */
export class UniqueViolationError extends Error {
  constructor(readonly constraint: string | undefined, cause: unknown) {
    super(`Unique constraint ${constraint ?? ''} violated`, { cause });
  }
}

/** A foreign key refused a row (PostgreSQL 23503). */
export class ForeignKeyViolationError extends Error {
  constructor(readonly constraint: string | undefined, cause: unknown) {
    super(`Foreign key ${constraint ?? ''} violated`, { cause });
  }
}

/** Any other failure reported by the database server. */
export function isDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Rethrows driver errors for constraint violations as the typed errors above. */
export function translateConstraintError(error: unknown): never {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505') throw new UniqueViolationError(constraint, error);
  if (code === '23503') throw new ForeignKeyViolationError(constraint, error);
  throw error;
}

/**
 * The disk under the database is full: PostgreSQL's disk_full (53100) from either database, ENOSPC from the file
 * system, or PGlite's own file layer failing with its ENOSPC (errno 51 in its WebAssembly C library).
 */
export function isDiskFull(error: unknown): boolean {
  const { code, errno, name } = (error ?? {}) as { code?: unknown; errno?: unknown; name?: unknown };
  return code === '53100' || code === 'ENOSPC' || (name === 'ErrnoError' && errno === 51);
}

export const DISK_FULL = 'The disk is full, so nothing can be saved now. Please tell your system administrator.';
