import fs from 'node:fs';
import path from 'node:path';
import { lockDataDirectory, openPglite, openPostgres } from '../../src/db/database.js';
import { loadSnapshot, type LoadReport, type SnapshotRecord } from '../../src/db/snapshot.js';
import { Refusal } from './cli.js';

type OnTable = (table: string, rows: number) => void;

/** Loads `records` into a PostgreSQL database, all or nothing (one transaction on one connection). */
export async function loadIntoServer(url: string, records: AsyncIterable<SnapshotRecord>, replace: boolean, onTable: OnTable): Promise<LoadReport> {
  const session = openPostgres(url, { poolSize: 1 });
  try {
    return await loadSnapshot(session.db, records, { replace, onTable });
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
