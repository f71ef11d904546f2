import path from 'node:path';

/** Where `tests/prepare.ts` leaves the migrated PGlite template that every test file loads. */
export const PGLITE_TEMPLATE = path.resolve('.cache/pglite-template.tar');

/**
 * The PostgreSQL database every test database is cloned from (`CREATE DATABASE … TEMPLATE`).
 * `TEST_TEMPLATE_DATABASE` names another one, so that two checkouts can run their suites on one server.
 */
export const PG_TEMPLATE_DATABASE = process.env.TEST_TEMPLATE_DATABASE ?? 'vms_test_template';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
