import path from 'node:path';

/** Where `tests/prepare.ts` leaves the migrated PGlite template that every test file loads. */
export const PGLITE_TEMPLATE = path.resolve('.cache/pglite-template.tar.gz');

/** The PostgreSQL database every test database is cloned from (`CREATE DATABASE … TEMPLATE`). */
export const PG_TEMPLATE_DATABASE = 'vms_test_template';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
