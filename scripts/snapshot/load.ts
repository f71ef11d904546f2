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
 * Loads `records` into the embedded database of `dataDir`. It builds a new database beside the old one and swaps
 * them only once the load is complete and checked; the replaced one is kept as `pgdata.replaced-<time>`.
 */
export async function loadIntoDataDirectory(dataDir: string, records: AsyncIterable<SnapshotRecord>, replace: boolean, onTable: OnTable): Promise<LoadReport & { kept?: string }> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(pgdata) && !replace) {
    throw new Refusal(`There is a database in ${dataDir} already. Nothing was changed. To replace it, run again with --force (the old one is kept beside it).`);
  }
  const release = lockDataDirectory(dataDir);
  const building = `${dataDir}.restoring-${process.pid}`;
  try {
    fs.rmSync(building, { recursive: true, force: true });
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
    fs.renameSync(path.join(building, 'pgdata'), pgdata);
    return { ...report, kept };
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
    release();
  }
}
