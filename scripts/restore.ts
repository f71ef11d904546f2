/**
 * `npm run restore -- FILE [--force]`: loads a backup made by `npm run backup` into the configured database
 * (DATA_DIR or DATABASE_URL, as `npm start`), all or nothing. It refuses a database that holds the service's data
 * unless --force is given, and then keeps what it replaces: the embedded database beside the new one, a server's
 * content as a backup in DATA_DIR/backups. A backup made by an older version is brought up to this one's schema.
 * Stop the service first.
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { readSnapshotFile } from '../src/db/snapshot-file.js';
import { parseArguments, printCounts, progressPrinter, Refusal, runCommand, withoutPassword } from './snapshot/cli.js';
import { loadIntoDataDirectory, loadIntoServer } from './snapshot/load.js';

const USAGE = 'Usage: npm run restore -- FILE [--force]';

runCommand(async () => {
  const { positional, force } = parseArguments(process.argv.slice(2), USAGE);
  if (positional.length !== 1) throw new Refusal(USAGE);
  const file = path.resolve(positional[0]);
  const config = loadConfig();
  const started = performance.now();
  const progress = progressPrinter('restoring');
  const records = readSnapshotFile(file);
  const report = config.databaseUrl
    ? await loadIntoServer(config.databaseUrl, records, { replace: force, onTable: progress.onTable, keepIn: path.join(config.dataDir, 'backups') })
    : await loadIntoDataDirectory(config.dataDir, records, force, progress.onTable);
  progress.done();
  const target = config.databaseUrl ? `the PostgreSQL database ${withoutPassword(config.databaseUrl)}` : `the embedded database in ${config.dataDir}`;
  console.log(`Restored ${file} into ${target} (${((performance.now() - started) / 1000).toFixed(1)} s); every table's row count checked:`);
  printCounts(report.tables.map((t) => ({ table: t.table, rows: t.loaded })));
  if (report.migratedSince.length > 0) console.log(`Brought up to this version with migrations ${report.migratedSince.join(', ')}.`);
  if (report.kept) console.log(`The database it replaced is kept in ${report.kept}; delete it once you are sure.`);
});
