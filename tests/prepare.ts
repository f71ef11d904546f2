/**
 * Builds the migrated template the tests clone: a PGlite data directory as a tarball, and, when
 * TEST_DATABASE_URL is set, a template database on that PostgreSQL server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-test-template-'));
  try {
    const pglite = await PGlite.create({ dataDir, parsers: pgliteParsers() });
    const database = await wrapPglite(pglite);
    await migrateToLatest(database.db);
    await pglite.exec('checkpoint');
    await database.close();
    // Each test file unpacks this into a new PGlite, so it is left uncompressed and without template0 and
    // template1 (base/1 and base/4), which the tests never connect to or copy: about 0.35 s less CPU per
    // database than the gzipped whole directory (PGlite writes every file of the tarball into its memory).
    const unused = new Set(['base/1', 'base/4']);
    fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
    tar.c({ cwd: dataDir, file: PGLITE_TEMPLATE, sync: true, portable: true, filter: (entry) => !unused.has(entry.split('/').slice(0, 2).join('/')) }, fs.readdirSync(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`prepared PGlite template in ${Math.round(performance.now() - started)} ms`);
}
