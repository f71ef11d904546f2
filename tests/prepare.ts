/**
 * Builds the migrated template the tests clone: a dumped PGlite data directory, and, when
 * TEST_DATABASE_URL is set, a template database on that PostgreSQL server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrateToLatest, openPostgres, pgliteParsers, wrapPglite } from '../src/db/database.js';
import { PG_TEMPLATE_DATABASE, PGLITE_TEMPLATE, withDatabase } from './helpers/template.js';

const started = performance.now();
const url = process.env.TEST_DATABASE_URL;

if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${PG_TEMPLATE_DATABASE}`);
  await admin.end();
  const database = openPostgres(withDatabase(url, PG_TEMPLATE_DATABASE), { poolSize: 1 });
  await migrateToLatest(database.db);
  await database.close();
  console.log(`prepared PostgreSQL template database ${PG_TEMPLATE_DATABASE} in ${Math.round(performance.now() - started)} ms`);
} else {
  const pglite = await PGlite.create({ parsers: pgliteParsers() });
  const database = await wrapPglite(pglite);
  await migrateToLatest(database.db);
  const dump = await pglite.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  fs.writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  console.log(`prepared PGlite template in ${Math.round(performance.now() - started)} ms`);
}
