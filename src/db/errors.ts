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
