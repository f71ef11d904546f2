import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/db/database.js';
import { leasePglite } from './pglite-pool.js';
import { PG_TEMPLATE_DATABASE, withDatabase } from './template.js';

/** True when the suite runs against a PostgreSQL server (TEST_DATABASE_URL) instead of PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A test's database; on a server, with its connection string, so that service processes can share it. */
export type TestDatabase = Database & { url?: string };

/** A database in the migrated template's state: on a server a new clone, dropped on closing; on PGlite a pooled instance (pglite-pool.ts). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `vms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await adminQuery(`create database ${name} template ${PG_TEMPLATE_DATABASE}`);
        break;
      } catch (error) {
        // Two files cloning at the same instant can collide on the template; try again shortly.
        if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
    const database = openPostgres(withDatabase(url, name));
    return {
      ...database,
      url: withDatabase(url, name),
      async close() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  return leasePglite();
}
