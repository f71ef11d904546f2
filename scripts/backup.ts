/**
 * `npm run backup -- FILE`: writes everything in the configured database (DATA_DIR or DATABASE_URL, as
 * `npm start`) to FILE, a compressed snapshot that `npm run restore` reads back into either kind of database.
 * On a server it runs beside the service (one consistent moment); the embedded database must be stopped first,
 * because only one process may open its data directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/database.js';
import { saveSnapshotFile } from '../src/db/snapshot-file.js';
import { parseArguments, printCounts, progressPrinter, Refusal, runCommand } from './snapshot/cli.js';

const USAGE = 'Usage: npm run backup -- FILE';

runCommand(async () => {
  const { positional } = parseArguments(process.argv.slice(2), USAGE);
  if (positional.length !== 1) throw new Refusal(USAGE);
  const file = path.resolve(positional[0]);
  if (fs.existsSync(file)) throw new Refusal(`${file} exists already; choose a new name, so that no earlier backup is overwritten.`);
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    throw new Refusal(`There is no embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for a server).`);
  }
  const database: Database = config.databaseUrl ? openPostgres(config.databaseUrl, { poolSize: 1 }) : await openPglite(config.dataDir);
  const started = performance.now();
  const progress = progressPrinter('backing up');
  try {
    const counts = await saveSnapshotFile(database.db, file, progress.onTable);
    progress.done();
    console.log(`Backed up the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s):`);
    printCounts(Object.entries(counts).map(([table, rows]) => ({ table, rows })));
    console.log(`Restore it with: npm run restore -- ${positional[0]}`);
  } finally {
    await database.close();
  }
});
