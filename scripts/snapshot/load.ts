import fs from 'node:fs';
import path from 'node:path';
import { lockDataDirectory, openPglite, openPostgres } from '../../src/db/database.js';
import { saveSnapshotFile } from '../../src/db/snapshot-file.js';
import { holdsNoServiceTables, loadSnapshot, NOT_EMPTY, serviceObjectsOf, type LoadReport, type SnapshotRecord } from '../../src/db/snapshot.js';
import { Refusal } from './cli.js';

type OnTable = (table: string, rows: number) => void;

/** A new file name in `directory` (created) for a backup the commands keep, such as `before-restore-<time>.vms.gz`. */
export function keptBackupFile(directory: string, purpose: string): string {
  fs.mkdirSync(directory, { recursive: true });
  return path.join(directory, `${purpose}-${new Date().toISOString().replace(/[:.]/g, '-')}.vms.gz`);
}

/** Refuses a server database that holds the service's tables unless `replace`; answers whether it holds them. */
export async function checkServer(url: string, replace: boolean): Promise<{ holdsData: boolean }> {
  const session = openPostgres(url, { poolSize: 1 });
  try {
    const holdsData = !(await holdsNoServiceTables(session.db, await serviceObjectsOf(session.db)));
    if (holdsData && !replace) throw new Refusal(NOT_EMPTY);
    return { holdsData };
  } finally {
    await session.close();
  }
}

/**
 * Loads `records` into a PostgreSQL database, all or nothing (one transaction on one connection). What the service
 * had there is first written to a backup in `keepIn`, as the embedded restore keeps the database it replaces; tables
 * of other programs in the same database stay as they are.
 */
export async function loadIntoServer(url: string, records: AsyncIterable<SnapshotRecord>, options: { replace: boolean; onTable: OnTable; keepIn: string }): Promise<LoadReport & { kept?: string }> {
  const { holdsData } = await checkServer(url, options.replace);
  const session = openPostgres(url, { poolSize: 1 });
  try {
    let kept: string | undefined;
    if (holdsData) {
      kept = keptBackupFile(options.keepIn, 'before-restore');
      await saveSnapshotFile(session.db, kept);
    }
    return { ...(await loadSnapshot(session.db, records, { replace: options.replace, onTable: options.onTable })), kept };
  } finally {
    await session.close();
  }
}

/**
 * Loads `records` into the embedded database of `dataDir`. It builds a new database inside the data directory and
 * swaps it in only once the load is complete and checked; the replaced one is kept as `pgdata.replaced-<time>`, and
 * put back if the swap fails.
 */
export async function loadIntoDataDirectory(dataDir: string, records: AsyncIterable<SnapshotRecord>, replace: boolean, onTable: OnTable): Promise<LoadReport & { kept?: string }> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(pgdata) && !replace) {
    throw new Refusal(`There is a database in ${dataDir} already. Nothing was changed. To replace it, run again with --force (the old one is kept beside it).`);
  }
  const release = lockDataDirectory(dataDir);
  // Inside the data directory, not beside it: a data directory is often a filesystem of its own (a Docker volume, a
  // disk), and a rename cannot cross into it.
  const building = path.join(dataDir, `restoring-${process.pid}`);
  try {
    // What a killed restore left behind: no other restore runs while this one holds the data directory.
    for (const entry of fs.readdirSync(dataDir)) if (entry.startsWith('restoring-')) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    // The shipped template is seconds faster than initdb; its tables make way for the backup's own schema.
    const database = await openPglite(building);
    let report: LoadReport;
    try {
      report = await loadSnapshot(database.db, records, { replace: true, onTable });
    } finally {
      await database.close();
    }
    let kept: string | undefined;
    if (fs.existsSync(pgdata)) {
      kept = path.join(dataDir, `pgdata.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      fs.renameSync(pgdata, kept);
    }
    try {
      fs.renameSync(path.join(building, 'pgdata'), pgdata);
    } catch (error) {
      if (kept) fs.renameSync(kept, pgdata);
      throw error;
    }
    return { ...report, kept };
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
    release();
  }
}
