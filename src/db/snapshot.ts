import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { isDatabaseError } from './errors.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';

/**
 * A database's content as a stream of records, independent of where it lives: what `npm run backup` writes to a
 * file, `npm run restore` reads back, and `npm run migrate-to` pipes from the embedded database into a server.
 * Rows travel as JSON (`row_to_json`) and are loaded by `json_populate_recordset`, so every column keeps its exact
 * type through each type's own text form, on PGlite and PostgreSQL alike.
 */
export type SnapshotRecord =
  | { kind: 'header'; format: typeof SNAPSHOT_FORMAT; version: 1; createdAt: string; migrations: string[] }
  | { kind: 'rows'; table: string; rows: unknown[] }
  | { kind: 'sequences'; sequences: Array<{ name: string; lastValue: number | null }> }
  | { kind: 'end'; counts: Record<string, number> };

export const SNAPSHOT_FORMAT = 'volunteer-ministry-service snapshot';

/**
 * Kysely's own bookkeeping is rebuilt by the migrations; rate-limit windows are counts of the last minute; the kept
 * live counts are derived: their triggers count the assignments as they load (migration 0031 counts them when it
 * runs after an older snapshot's rows), so a restore recomputes them.
 */
const NOT_COPIED = new Set(['kysely_migration', 'kysely_migration_lock', 'rate_limit_windows', 'occurrence_live_counts']);
const ROWS_PER_RECORD = 1_000;

export class SnapshotError extends Error {}

/** What the migrations of this build create: the service's own part of a database that may hold other things too. */
export interface ServiceObjects {
  /** Tables, views and sequences by name. */
  relations: Map<string, RelationKind>;
  /** Functions with their argument types, as `drop function` names them. */
  functions: string[];
}

type RelationKind = 'table' | 'view' | 'materialized view' | 'sequence';
const KINDS: Record<string, RelationKind> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence' };

const PROBE_SCHEMA = 'vms_service_objects';

/**
 * Runs this build's migrations into a schema of their own and reads what they made. A table's name alone cannot tell
 * the service's tables from others a server database holds in `public` too, and these are the ones a restore may
 * replace. Inside the caller's transaction, which must allow DDL; the schema is dropped again.
 */
async function probeServiceObjects(session: Kysely<DB>): Promise<ServiceObjects> {
  // The caller's schema (`public`, or a church's) is the one read and written afterwards.
  const { rows: [{ searchPath }] } = await sql<{ searchPath: string }>`select current_setting('search_path') as "searchPath"`.execute(session);
  await sql`set local search_path to ${sql.id(PROBE_SCHEMA)}`.execute(session);
  const migrator = new Migrator({ db: session, provider: { getMigrations: async () => migrations }, disableTransactions: true, migrationTableSchema: PROBE_SCHEMA });
  await ranMigrations(migrator.migrateToLatest());
  const { rows: relations } = await sql<{ name: string; kind: string }>`
    select c.relname as name, c.relkind as kind from pg_class c
    where c.relnamespace = ${PROBE_SCHEMA}::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')`.execute(session);
  const { rows: functions } = await sql<{ signature: string }>`
    select format('%I(%s)', p.proname, pg_get_function_identity_arguments(p.oid)) as signature from pg_proc p
    where p.pronamespace = ${PROBE_SCHEMA}::regnamespace`.execute(session);
  await sql`drop schema ${sql.id(PROBE_SCHEMA)} cascade`.execute(session);
  await sql`select set_config('search_path', ${searchPath}, true)`.execute(session);
  return { relations: new Map(relations.map((r) => [r.name, KINDS[r.kind]] as const)), functions: functions.map((f) => f.signature) };
}

/** `probeServiceObjects` outside any transaction: on one connection, in one that is rolled back. */
export async function serviceObjectsOf(db: Kysely<DB>): Promise<ServiceObjects> {
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      return await probeServiceObjects(connection);
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}

const serviceTables = (objects: ServiceObjects) => [...objects.relations].filter(([, kind]) => kind === 'table').map(([name]) => name);

/** The service's tables, each after the tables its foreign keys point to, so that loading in this order satisfies them. */
async function tablesInLoadOrder(db: Kysely<DB>, objects: ServiceObjects): Promise<string[]> {
  const ours = new Set(serviceTables(objects));
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  const { rows: references } = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema() and c.conrelid <> c.confrelid`.execute(db);
  const names = tables.map((t) => t.name).filter((name) => ours.has(name) && !NOT_COPIED.has(name));
  const parents = new Map(names.map((name) => [name, references.filter((r) => r.child === name).map((r) => r.parent)]));
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name)) throw new SnapshotError(`The foreign keys of ${path.join(' → ')} → ${name} form a cycle`);
    for (const parent of parents.get(name) ?? []) if (parents.has(parent)) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

/** The primary key's columns, so that rows leave in a stable order (a self-reference points to an earlier row). */
async function primaryKeyOf(db: Kysely<DB>, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`.execute(db);
  return rows.map((row) => row.column);
}

/**
 * Hands every table of the service in `db` to `write` as snapshot records, one at a time (a large church never sits
 * in memory whole). It reads in one repeatable-read transaction, so that a backup taken while the service runs is one
 * consistent moment.
 */
export async function writeSnapshot(db: Kysely<DB>, write: (record: SnapshotRecord) => Promise<void>): Promise<Record<string, number>> {
  const objects = await serviceObjectsOf(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
    const { rows: applied } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
    await write({ kind: 'header', format: SNAPSHOT_FORMAT, version: 1, createdAt: new Date().toISOString(), migrations: applied.map((row) => row.name) });
    const counts: Record<string, number> = {};
    for (const table of await tablesInLoadOrder(trx, objects)) {
      const order = (await primaryKeyOf(trx, table)).map((column) => sql.id(column));
      counts[table] = 0;
      for (let offset = 0; ; offset += ROWS_PER_RECORD) {
        const { rows } = await sql<{ rows: unknown[] | null }>`
          select json_agg(row_to_json(t)) as rows
          from (select * from ${sql.table(table)} order by ${order.length > 0 ? sql.join(order) : sql.lit(1)} limit ${ROWS_PER_RECORD} offset ${offset}) t`.execute(trx);
        const batch = rows[0].rows ?? [];
        if (batch.length === 0) break;
        counts[table] += batch.length;
        await write({ kind: 'rows', table, rows: batch });
        if (batch.length < ROWS_PER_RECORD) break;
      }
    }
    const { rows: sequences } = await sql<{ name: string; last_value: number | string | null }>`
      select sequencename as name, last_value from pg_sequences where schemaname = current_schema() order by sequencename`.execute(trx);
    await write({ kind: 'sequences', sequences: sequences.filter((s) => objects.relations.get(s.name) === 'sequence').map((s) => ({ name: s.name, lastValue: s.last_value === null ? null : Number(s.last_value) })) });
    await write({ kind: 'end', counts });
    return counts;
  });
}

/** True when `db` holds none of the service's tables (a new database, or one only other programs use). */
export async function holdsNoServiceTables(db: Kysely<DB>, objects: ServiceObjects): Promise<boolean> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from pg_tables where schemaname = current_schema() and tablename = any(${serviceTables(objects)}::text[])`.execute(db);
  return rows[0].count === 0;
}

export const NOT_EMPTY = 'The target database is not empty. Nothing was changed. To replace everything of this service in it, run again with --force.';

/** Drops the service's own tables, views, sequences and functions from `public`, and nothing else there. */
async function dropServiceObjects(session: Kysely<DB>, objects: ServiceObjects): Promise<void> {
  // Tables first: an identity column's sequence goes with its table and cannot be dropped before it.
  for (const kind of ['table', 'view', 'materialized view', 'sequence'] as const) {
    for (const [name] of [...objects.relations].filter(([, k]) => k === kind)) {
      await sql`drop ${sql.raw(kind)} if exists ${sql.table(`public.${name}`)} cascade`.execute(session);
    }
  }
  for (const signature of objects.functions) await sql`drop function if exists ${sql.raw(`public.${signature}`)} cascade`.execute(session);
}

export interface LoadReport {
  /** Rows per table as the snapshot announced them and as the database counted them after loading. */
  tables: Array<{ table: string; expected: number; loaded: number }>;
  /** Migrations this build ran after the snapshot's own (a backup made by an older version). */
  migratedSince: string[];
}

/**
 * Loads `records` into `session` all or nothing: one transaction that (with `replace`) drops what is there,
 * builds the snapshot's schema with our migrations, loads every row with its id, sets every sequence, checks the
 * row counts table by table, then brings the schema up to this build. `session` must run every statement on one
 * connection (a pool of one, or PGlite), because the transaction is opened and closed by hand: Kysely's migrator
 * cannot run inside a transaction it did not open.
 */
export async function loadSnapshot(
  session: Kysely<DB>,
  records: AsyncIterable<SnapshotRecord>,
  options: { replace: boolean; onTable?: (table: string, rows: number) => void },
): Promise<LoadReport> {
  await sql`begin`.execute(session);
  try {
    const report = await loadInTransaction(session, records, options);
    await sql`commit`.execute(session);
    return report;
  } catch (error) {
    await sql`rollback`.execute(session);
    throw error;
  }
}

async function loadInTransaction(
  session: Kysely<DB>,
  records: AsyncIterable<SnapshotRecord>,
  options: { replace: boolean; onTable?: (table: string, rows: number) => void },
): Promise<LoadReport> {
  const objects = await probeServiceObjects(session);
  if (!(await holdsNoServiceTables(session, objects))) {
    if (!options.replace) throw new SnapshotError(NOT_EMPTY);
    await dropServiceObjects(session, objects);
  }
  const migrator = new Migrator({ db: session, provider: { getMigrations: async () => migrations }, disableTransactions: true });
  const known = Object.keys(migrations);
  const expected: Record<string, number> = {};
  const loaded: Record<string, number> = {};
  let header: Extract<SnapshotRecord, { kind: 'header' }> | undefined;
  let isComplete = false;
  for await (const record of records) {
    if (isComplete) throw new SnapshotError('The snapshot goes on after its end');
    if (record.kind === 'header') {
      if (record.format !== SNAPSHOT_FORMAT || record.version !== 1) throw new SnapshotError('This file is not a snapshot of this service');
      const unknown = record.migrations.filter((name) => !known.includes(name));
      if (unknown.length > 0) throw new SnapshotError(`The snapshot was made by a newer version of the service (migrations ${unknown.join(', ')}); update the service first`);
      header = record;
      const last = record.migrations.at(-1);
      if (last) await ranMigrations(migrator.migrateTo(last));
      // The migrations seed some tables (settings, event types); the snapshot's rows replace those.
      const tables = await tablesInLoadOrder(session, objects);
      if (tables.length > 0) await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))} restart identity`.execute(session);
      continue;
    }
    if (!header) throw new SnapshotError('The snapshot does not start with its header');
    if (record.kind === 'rows') {
      try {
        await sql`insert into ${sql.table(record.table)} select * from json_populate_recordset(null::${sql.table(record.table)}, ${JSON.stringify(record.rows)}::json)`.execute(session);
      } catch (error) {
        if (!isDatabaseError(error)) throw error;
        throw new SnapshotError(`The rows of ${record.table} in the snapshot cannot be loaded (${(error as Error).message}); nothing was changed`);
      }
      loaded[record.table] = (loaded[record.table] ?? 0) + record.rows.length;
      options.onTable?.(record.table, loaded[record.table]);
    } else if (record.kind === 'sequences') {
      for (const { name, lastValue } of record.sequences) {
        await sql`select setval(format('public.%I', ${name}::text)::regclass, ${lastValue ?? 1}::bigint, ${lastValue !== null}::boolean)`.execute(session);
      }
    } else {
      Object.assign(expected, record.counts);
      isComplete = true;
    }
  }
  if (!header) throw new SnapshotError('The snapshot is empty');
  if (!isComplete) throw new SnapshotError('The snapshot is cut short (no end record): nothing was changed');
  const tables: LoadReport['tables'] = [];
  for (const table of Object.keys(expected)) {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(session);
    tables.push({ table, expected: expected[table], loaded: rows[0].count });
  }
  const wrong = tables.filter((t) => t.expected !== t.loaded);
  if (wrong.length > 0) {
    throw new SnapshotError(`Row counts differ after loading: ${wrong.map((t) => `${t.table} ${t.loaded} of ${t.expected}`).join(', ')}; nothing was changed`);
  }
  return { tables, migratedSince: await ranMigrations(migrator.migrateToLatest()) };
}

async function ranMigrations(running: Promise<MigrationResultSet>): Promise<string[]> {
  const { error, results } = await running;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
