import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

/**
 * Records the SQL statements (transaction control included) that a piece of work sends to the database. The
 * benchmarks use it to prove that no route runs a query per row; outside a recording scope it costs one
 * `getStore()` per statement.
 */
const scope = new AsyncLocalStorage<string[]>();

/**
 * Kysely's `log` hook: every statement sent, succeeded or failed, is recorded once in the current scope, and a
 * failed one is named on its error.
 */
export function recordStatement(event: LogEvent): void {
  scope.getStore()?.push(event.query.sql);
  // The `pg` driver's errors do not say which statement failed; the log line of a 500 should (never its parameters).
  if (event.level === 'error' && event.error instanceof Error && !('query' in event.error)) {
    Object.defineProperty(event.error, 'query', { value: event.query.sql, enumerable: false });
  }
}

/** Runs `work` and answers its result with the statements it sent, whatever awaits it spawned. */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number; sql: string[] }> {
  const sql: string[] = [];
  // Awaited inside the scope: a lazy thenable (Fastify's inject) starts its work only when awaited.
  const result = await scope.run(sql, async () => await work());
  return { result, statements: sql.length, sql };
}
