import type { Database } from '../../src/db/database.js';
import { leasePglite, leasePostgres } from './database-pool.js';

/** True when the suite runs against a PostgreSQL server (TEST_DATABASE_URL) instead of PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A test's database; on a server, with its connection string, so that service processes can share it. */
export type TestDatabase = Database & { url?: string };

/** A database in the migrated template's state, new or emptied back to it (database-pool.ts). */
export function openTestDatabase(): Promise<TestDatabase> {
  return onPostgres ? leasePostgres() : leasePglite();
}
