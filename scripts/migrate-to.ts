/**
 * `npm run migrate-to -- postgres://… [--force]`: copies the embedded database (DATA_DIR) into a PostgreSQL
 * database that holds none of the service's tables (with --force, replacing them, as `npm run restore --force`
 * does), ids and sequences kept, checks the row counts table by table and says what to set next. The copy goes
 * through a backup file in DATA_DIR/backups, which stays as the last state of the embedded database. Stop the
 * service first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openPglite, recordMigration } from '../src/db/database.js';
import { saveSnapshotFile, readSnapshotFile } from '../src/db/snapshot-file.js';
import { parseArguments, printCounts, progressPrinter, Refusal, runCommand, withoutPassword } from './snapshot/cli.js';
import { checkServer, keptBackupFile, loadIntoServer } from './snapshot/load.js';

const USAGE = 'Usage: npm run migrate-to -- postgres://user:password@host:5432/database [--force]';

runCommand(async () => {
  const { positional, force } = parseArguments(process.argv.slice(2), USAGE);
  const url = positional[0];
  if (positional.length !== 1 || !/^postgres(ql)?:\/\//.test(url)) throw new Refusal(USAGE);
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata'))) throw new Refusal(`There is no embedded database in ${config.dataDir} to copy (set DATA_DIR).`);

  // Before the backup: a refused attempt leaves nothing behind.
  await checkServer(url, force);
  const backups = path.join(config.dataDir, 'backups');
  const file = keptBackupFile(backups, 'before-migrate-to');
  const started = performance.now();
  const reading = progressPrinter('reading');
  const source = await openPglite(config.dataDir);
  try {
    await saveSnapshotFile(source.db, file, reading.onTable);
  } finally {
    await source.close();
  }
  reading.done();

  const writing = progressPrinter('copying');
  const report = await loadIntoServer(url, readSnapshotFile(file), { replace: force, onTable: writing.onTable, keepIn: backups });
  writing.done();
  console.log(`Copied the embedded database in ${config.dataDir} to ${withoutPassword(url)} (${((performance.now() - started) / 1000).toFixed(1)} s); every table's row count matches:`);
  printCounts(report.tables.map((t) => ({ table: t.table, rows: t.loaded })));
  if (report.kept) console.log(`What the service had in that database before is kept in ${report.kept}.`);
  recordMigration(config.dataDir, withoutPassword(url));
  console.log(`The embedded database is unchanged, and its state is kept in ${file}.`);
  console.log('Next: start the service on the server, for example');
  console.log(`  DATABASE_URL='${withoutPassword(url)}' npm start`);
  console.log(`${new URL(url).password ? '(with the real password in place of ***), and k' : 'K'}eep DATA_DIR out of use from now on.`);
});
