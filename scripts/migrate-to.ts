/**
 * `npm run migrate-to -- postgres://…`: copies the embedded database (DATA_DIR) into an empty PostgreSQL
 * database, ids and sequences kept, checks the row counts table by table and says what to set next. The copy
 * goes through a backup file in DATA_DIR/backups, which stays as the last state of the embedded database.
 * Stop the service first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/database.js';
import { saveSnapshotFile, readSnapshotFile } from '../src/db/snapshot-file.js';
import { parseArguments, printCounts, progressPrinter, Refusal, runCommand, withoutPassword } from './snapshot/cli.js';
import { loadIntoServer } from './snapshot/load.js';

const USAGE = 'Usage: npm run migrate-to -- postgres://user:password@host:5432/database';

runCommand(async () => {
  const { positional } = parseArguments(process.argv.slice(2), USAGE);
  const url = positional[0];
  if (positional.length !== 1 || !/^postgres(ql)?:\/\//.test(url)) throw new Refusal(USAGE);
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata'))) throw new Refusal(`There is no embedded database in ${config.dataDir} to copy (set DATA_DIR).`);

  const backups = path.join(config.dataDir, 'backups');
  fs.mkdirSync(backups, { recursive: true });
  const file = path.join(backups, `before-migrate-to-${new Date().toISOString().replace(/[:.]/g, '-')}.vms.gz`);
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
  const report = await loadIntoServer(url, readSnapshotFile(file), false, writing.onTable);
  writing.done();
  console.log(`Copied the embedded database in ${config.dataDir} to ${withoutPassword(url)} (${((performance.now() - started) / 1000).toFixed(1)} s); every table's row count matches:`);
  printCounts(report.tables.map((t) => ({ table: t.table, rows: t.loaded })));
  console.log(`The embedded database is unchanged, and its state is kept in ${file}.`);
  console.log('Next: start the service on the server, for example');
  console.log(`  DATABASE_URL='${withoutPassword(url)}' npm start`);
  console.log('(with the real password in place of ***), and keep DATA_DIR out of use from now on.');
});
