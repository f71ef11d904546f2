import { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openPostgres, pgliteParsers, wrapPglite, type Database } from '../../src/db/database.js';
import type { DB } from '../../src/db/schema.js';
import { loadSnapshot, writeSnapshot, type SnapshotRecord } from '../../src/db/snapshot.js';
import { onPostgres } from '../helpers/database.js';
import type { TestServer } from '../helpers/server.js';
import { withDatabase } from '../helpers/template.js';

/*
 * The live counts kept per occurrence and position (migration 0031) beside a fresh count of the assignments, on
 * the test's database and on a copy restored from its snapshot: no route shows the kept counts themselves.
 */

export interface LiveCount {
  occurrence_id: number;
  position_id: number;
  live_count: number;
  pending_count: number;
}

export interface LiveCounts {
  kept: LiveCount[];
  counted: LiveCount[];
}

/** Both, rows with nothing live left out (a kept row fallen to 0 stays; a sum over it adds nothing). */
async function liveCountsIn(db: Kysely<DB>): Promise<LiveCounts> {
  const kept = (await sql<LiveCount>`
    select occurrence_id, position_id, live_count, pending_count from occurrence_live_counts
    where live_count <> 0 or pending_count <> 0 order by occurrence_id, position_id`.execute(db)).rows;
  const counted = (await sql<LiveCount>`
    select occurrence_id, position_id, count(*) filter (where status in ('pending', 'accepted'))::int as live_count,
      count(*) filter (where status = 'pending')::int as pending_count
    from assignments group by occurrence_id, position_id
    having count(*) filter (where status in ('pending', 'accepted')) > 0 order by occurrence_id, position_id`.execute(db)).rows;
  return { kept, counted };
}

export const liveCounts = (server: TestServer) => liveCountsIn(server.database.db);

/**
 * The server's data written as a snapshot (as `npm run backup` does) and loaded into an empty database of the pass's
 * kind (as `npm run restore` does); `asBefore0031` makes the snapshot one of a version before the kept counts.
 * Answers the restored copy's counts, and whether the snapshot carried the kept counts' rows.
 */
export async function liveCountsAfterRestore(server: TestServer, options: { asBefore0031: boolean }): Promise<LiveCounts & { snapshotHeldCounts: boolean }> {
  const records: SnapshotRecord[] = [];
  await writeSnapshot(server.database.db, async (record) => { records.push(record); });
  const snapshot = records.map((record) =>
    (record.kind === 'header' && options.asBefore0031 ? { ...record, migrations: record.migrations.filter((name) => name < '0031') } : record));
  const snapshotHeldCounts = records.some((record) => record.kind === 'rows' && record.table === 'occurrence_live_counts');
  return withEmptyDatabase(async (target) => {
    await loadSnapshot(target.db, (async function* () { yield* snapshot; })(), { replace: false });
    return { ...(await liveCountsIn(target.db)), snapshotHeldCounts };
  });
}

let serial = 0;

/** An empty database of the pass's kind, on one connection as a restore needs it; dropped afterwards. */
async function withEmptyDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  if (!onPostgres) {
    const database = await wrapPglite(await PGlite.create({ parsers: pgliteParsers() }));
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `vms_live_counts_${process.pid}_${++serial}`;
  const onServer = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const database = openPostgres(withDatabase(url, name), { poolSize: 1 });
  try {
    return await work(database);
  } finally {
    await database.close();
    await onServer(`drop database if exists ${name} with (force)`);
  }
}
