import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type DatabaseIntrospector, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult, type Transaction } from 'kysely';
import pg from 'pg';
import * as tar from 'tar';
import { lockDataDirectory } from './data-directory-lock.js';
import { migrations } from './migrations/index.js';
import { listenShared } from './shared-listener.js';
import { recordStatement } from './statement-count.js';
import type { DB } from './schema.js';

export { DataDirLockedError, lockDataDirectory } from './data-directory-lock.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly db: Kysely<DB>;
  readonly kind: DatabaseKind;
  /** The schema every statement runs in: `public`, or a church's own on a deployment of many churches (issue 40). */
  readonly schema: string;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` sent from this database's schema (from this or any other
   * connection, once its transaction has committed); answers a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` unless another instance runs work of the same `name` now: a PostgreSQL session advisory lock on
   * a connection of its own, so a crashed holder's lock ends with its connection. The embedded database has one
   * process by construction (the data directory's lock), so there it always runs.
   */
  whileHolding<T>(name: string, work: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }>;
  /**
   * True when the embedded database's disk has no room left for a change. A server's disk is the server's: there
   * every write that finds it full fails with disk_full instead.
   */
  isDiskFull(): Promise<boolean>;
  /** The connections of the pool now (for metrics). The embedded database has one connection and no pool. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export type PoolStats = { total: number; idle: number; waiting: number } | { total: 1 };

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** `statement_timeout` of every pooled connection in milliseconds; 0 or absent leaves the server's own. */
  statementTimeoutMs?: number;
  /**
   * The schema of a church on a deployment of many (issue 40): every connection's `search_path` is that schema
   * alone, so the data layer's statements, prepared or not, reach its tables and no other church's. Default `public`.
   */
  schema?: string;
}

/** A schema a church may have: made by the registry, never from a request, and safe unquoted in a startup option. */
export const CHURCH_SCHEMA = /^church_[0-9]{1,9}$/;

const TIMESTAMP_OIDS = [1082 /* date */, 1114 /* timestamp */, 1184 /* timestamptz */];
const INT8_OID = 20;

/**
 * Wall-clock values stay strings (no time-zone conversion by the driver) and int8 becomes a number,
 * so that both drivers hand the domain the same JavaScript types.
 */
const keepText = (value: string) => value;
const toNumber = (value: string) => Number(value);

function pgTypeParsers(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (TIMESTAMP_OIDS.includes(oid)) return keepText;
      if (oid === INT8_OID) return toNumber;
      return pg.types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export function pgliteParsers() {
  return { ...Object.fromEntries(TIMESTAMP_OIDS.map((oid) => [oid, keepText])), [INT8_OID]: toNumber };
}

/**
 * PGlite and its dialect are loaded only when the embedded database is used: the module alone costs about
 * 40 MB of memory that a service on a PostgreSQL server never needs.
 */
const loadPglite = async () => (await import('@electric-sql/pglite')).PGlite;

/** How many distinct statements are prepared at most; past it statements run unprepared (see `preparing`). */
const PREPARED_STATEMENTS = 1000;

/**
 * Names the statements a pool prepares: one name for one text, `prefix` and a number. A church among many that
 * share connections (church-connections.ts) has a prefix of its own, so that the same text in two churches is two
 * statements, each planned once for its own church's tables.
 */
export function statementNames(prefix = 'vms_'): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_STATEMENTS) {
      name = `${prefix}${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/** How a pool's connections are taken and given back: pg's own pool, or a church's turn at shared connections. */
export interface Checkout {
  connect(): Promise<pg.PoolClient>;
  release(client: pg.PoolClient): void;
  end(): Promise<void>;
}

const ownPool = (pool: pg.Pool): Checkout => ({ connect: () => pool.connect(), release: (client) => client.release(), end: () => pool.end() });

/**
 * Sends every statement with parameters as a named prepared statement, so each pooled connection parses and
 * plans a statement once and then reuses the plan: planning the member and staffing reads cost more than
 * running them. The name stands for the exact text, so one name never means two statements. The cap bounds
 * what a connection keeps on the server when a statement's text varies (an `in` list of varying length).
 * Statements without parameters stay on the simple protocol, which also admits several commands in one text
 * (the migrations).
 */
export function preparing(checkout: Checkout, nameOf = statementNames()): PostgresPool {
  // One wrapper per pooled connection, made when the connection first leaves the pool, not on every checkout.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(text: string | PostgresCursor<unknown>, values?: readonly unknown[]): unknown {
      if (typeof text !== 'string') return client.query(text as unknown as pg.Submittable);
      const name = values && values.length > 0 ? nameOf(text) : undefined;
      return client.query({ name, text, values: values as unknown[] });
    }
    return { query, release: () => checkout.release(client) };
  };
  return {
    async connect() {
      const client = await checkout.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => checkout.end(),
  };
}

/** A `pg` pool of the service's connections: its type parsers, and `statementTimeoutMs` (0: the server's own). */
export function newPool(connectionString: string, max: number, statementTimeoutMs: number, options?: string): pg.Pool {
  // A runaway query ends with an error instead of holding a connection (and its locks) for good.
  const pool = new pg.Pool({ connectionString, options, max, statement_timeout: statementTimeoutMs || undefined, types: pgTypeParsers() });
  // An idle connection the server drops (restart, failover) leaves the pool, which reconnects on the next
  // query; without a listener its 'error' event would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens a PostgreSQL server through a `pg` pool. */
export function openPostgres(connectionString: string, { poolSize = 10, statementTimeoutMs = 0, schema = 'public' }: PostgresOptions = {}): Database {
  if (schema !== 'public' && !CHURCH_SCHEMA.test(schema)) throw new Error(`Not a church's schema: ${schema}`);
  const options = schema === 'public' ? undefined : `-c search_path=${schema}`;
  const pool = newPool(connectionString, poolSize, statementTimeoutMs, options);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparing(ownPool(pool)) }), log: recordStatement });
  const listeners = new Set<pg.Client>();
  const asChurch = churchListener(connectionString, schema);
  // A LISTEN holds its connection for good, so each listener has a client of its own, outside the pool.
  const listenAlone = async (channel: string, onNotify: () => void) => {
    const client = new pg.Client({ connectionString });
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload === schema) onNotify();
    });
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    listeners.add(client);
    return async () => {
      if (listeners.delete(client)) await client.end();
    };
  };
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return databaseOf(db, 'postgres', schema, schema === 'public' ? listenAlone : asChurch.listen, poolStats, async () => {
    await Promise.all([...listeners].map((client) => client.end()));
    listeners.clear();
    await asChurch.close();
  });
}

/** A church among many listens on the one listening connection its process shares with its other churches (shared-listener.ts). */
export function churchListener(connectionString: string, schema: string): { listen: Database['listen']; close(): Promise<void> } {
  const stops = new Set<() => Promise<void>>();
  return {
    async listen(channel, onNotify) {
      const stop = await listenShared(connectionString, channel, (payload) => payload === schema && onNotify());
      stops.add(stop);
      return async () => {
        if (stops.delete(stop)) await stop();
      };
    },
    async close() {
      await Promise.all([...stops].map((stop) => stop()));
      stops.clear();
    },
  };
}

/** Less free room than this is a full disk: PostgreSQL extends a table file and its WAL in steps larger than a row. */
const MIN_FREE_BYTES = 1024 * 1024;

/** Wraps an already opened PGlite instance (tests load one from a migrated template). */
export async function wrapPglite(pglite: PGlite, onClose: () => Promise<void> = async () => undefined, dataDir?: string): Promise<Database> {
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), log: recordStatement });
  const listen = async (channel: string, onNotify: () => void) => {
    const unlisten = await pglite.listen(channel, (payload) => {
      if (payload === 'public') onNotify();
    });
    return async () => {
      if (!pglite.closed) await unlisten();
    };
  };
  const isDiskFull = async () => {
    if (!dataDir) return false;
    const { bavail, bsize } = await fs.promises.statfs(dataDir);
    return bavail * bsize < MIN_FREE_BYTES;
  };
  return databaseOf(db, 'pglite', 'public', listen, () => ({ total: 1 }), async () => {
    // Kysely closes PGlite only when a query ever went through it; PGlite's timers would keep the process alive.
    if (!pglite.closed) await pglite.close();
    await onClose();
  }, isDiskFull);
}

/** The directory holding package.json: this module runs from src/db, or bundled from .cache/build (npm start). */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** The migrated, empty PGlite data directory shipped with the service; `scripts/build-pglite-template.ts` builds it. */
export const PGLITE_TEMPLATE_FILE = path.join(packageRoot(), 'src', 'db', 'pglite-template.tar.br');

/** How the embedded database came to be: opened as it was, or created on this start from the template or by initdb. */
export type PgliteStart = 'opened' | 'created from the shipped template' | 'created by initdb';

export interface PgliteDatabase extends Database {
  readonly start: PgliteStart;
  /** Why the shipped template was not used on a first start (missing, unreadable, corrupt). */
  readonly templateProblem?: string;
}

const pgdataIn = (dataDir: string) => path.join(dataDir, 'pgdata');

/** True when `dataDir` holds an embedded database already (false before a first start). */
export const embeddedDatabaseExists = (dataDir: string) => fs.existsSync(pgdataIn(dataDir));

const migrationRecordIn = (dataDir: string) => path.join(dataDir, 'migrated-to.json');

/**
 * Notes in `dataDir` that `npm run migrate-to` copied its database to `server` (a connection string without its
 * password), so that a later start on the embedded copy says it serves what the server no longer shares.
 */
export function recordMigration(dataDir: string, server: string): void {
  fs.writeFileSync(migrationRecordIn(dataDir), `${JSON.stringify({ server, at: new Date().toISOString() })}\n`);
}

/** Where and when the embedded database of `dataDir` was copied to a server, if it was. */
export function migrationOf(dataDir: string): { server: string; at: string } | undefined {
  try {
    return JSON.parse(fs.readFileSync(migrationRecordIn(dataDir), 'utf8')) as { server: string; at: string };
  } catch {
    return undefined;
  }
}

/**
 * Opens the embedded database in `dataDir`, holding a lock file so that a second process on the
 * same directory refuses to start instead of silently losing writes. A first start (no `pgdata` yet)
 * unpacks the shipped template instead of running initdb, which costs seconds; when the template cannot
 * be used it falls back to initdb and says why in `templateProblem`.
 */
export async function openPglite(dataDir: string, templateFile = PGLITE_TEMPLATE_FILE): Promise<PgliteDatabase> {
  const releaseLock = lockDataDirectory(dataDir);
  try {
    const pgdata = pgdataIn(dataDir);
    let start: PgliteStart = 'opened';
    let templateProblem: string | undefined;
    if (!embeddedDatabaseExists(dataDir)) {
      try {
        unpackTemplate(templateFile, pgdata);
        start = 'created from the shipped template';
      } catch (error) {
        templateProblem = error instanceof Error ? error.message : String(error);
        start = 'created by initdb';
      }
    }
    const PGliteClass = await loadPglite();
    let pglite: PGlite;
    try {
      pglite = await PGliteClass.create({ dataDir: pgdata, parsers: pgliteParsers() });
    } catch (error) {
      // A template PGlite cannot open (built by another PostgreSQL major) must not stop a first start.
      if (start !== 'created from the shipped template') throw error;
      fs.rmSync(pgdata, { recursive: true, force: true });
      templateProblem = error instanceof Error ? error.message : String(error);
      start = 'created by initdb';
      pglite = await PGliteClass.create({ dataDir: pgdata, parsers: pgliteParsers() });
    }
    return { ...(await wrapPglite(pglite, async () => releaseLock(), dataDir)), start, templateProblem };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Unpacks the template, a brotli-compressed tarball (node-tar infers brotli from `.tar.br`), into `pgdata`.
 * Not PGlite's `loadDataDir`, which takes only gzip, copies the 40 MB several times over and leaves a corrupt
 * file's error unhandled. Unpacked beside `pgdata` and renamed, so that a killed start leaves no half-made database.
 */
function unpackTemplate(templateFile: string, pgdata: string): void {
  const unpacking = `${pgdata}.unpacking`;
  fs.rmSync(unpacking, { recursive: true, force: true });
  fs.mkdirSync(unpacking, { mode: 0o700 });
  try {
    // PGlite's dump names its entries with absolute paths, which node-tar strips with a TAR_ENTRY_INFO
    // notice; any other warning (a truncated or corrupt archive) refuses the template.
    const problems: string[] = [];
    tar.x({ file: templateFile, cwd: unpacking, sync: true, onwarn: (code, message) => code !== 'TAR_ENTRY_INFO' && problems.push(message) });
    if (problems.length > 0) throw new Error(`${templateFile}: ${problems[0]}`);
    if (!fs.existsSync(path.join(unpacking, 'PG_VERSION'))) throw new Error(`${templateFile} holds no PostgreSQL data directory`);
    fs.renameSync(unpacking, pgdata);
  } catch (error) {
    fs.rmSync(unpacking, { recursive: true, force: true });
    throw error;
  }
}

/**
 * An advisory lock's key: advisory locks belong to the whole database, so a church's (issue 40) carries its
 * schema, and one church's timer jobs or serialised work never wait for another's. `public` keeps the bare name.
 */
export const lockKey = (name: string) => sql<number>`hashtext(case current_schema() when 'public' then ${name} else current_schema() || ':' || ${name} end)`;

/** The Database of a Kysely instance and what its kind of database does besides statements. */
export function databaseOf(
  db: Kysely<DB>,
  kind: DatabaseKind,
  schema: string,
  listen: Database['listen'],
  poolStats: Database['poolStats'],
  onClose: () => Promise<void>,
  isDiskFull: Database['isDiskFull'] = async () => false,
  /** Where `whileHolding` takes its lock's connection: a church among many has connections apart for it. */
  lockDb: Kysely<DB> = db,
): Database {
  let closed = false;
  return {
    db,
    kind,
    schema,
    listen,
    poolStats,
    isDiskFull,
    async whileHolding<T>(name: string, work: () => Promise<T>) {
      if (kind === 'pglite') return { held: true as const, value: await work() };
      return lockDb.connection().execute(async (connection) => {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockKey(name)}) as locked`.execute(connection);
        if (!rows[0].locked) return { held: false as const };
        try {
          return { held: true as const, value: await work() };
        } finally {
          await sql`select pg_advisory_unlock(${lockKey(name)})`.execute(connection);
        }
      });
    },
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await onClose();
    },
  };
}

/** The database was migrated by a newer version of the service than this one. */
export class NewerDataError extends Error {}

/**
 * Applies every pending migration and answers their names; throws with the failing migration's error, or a
 * NewerDataError when the database holds migrations this build does not know (a newer version ran on it).
 */
export async function migrateToLatest(db: Kysely<DB>, schema = 'public'): Promise<string[]> {
  const applied = await appliedMigrations(db);
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new NewerDataError(
      `The database was last used by a newer version of the service (it has migration ${unknown.join(', ')}), and this older version cannot run on it: ` +
        'start the newer version again, or restore a backup made by this version into an empty database.',
    );
  }
  // Kysely's migrator first reads the catalogue of every table in every schema, which took 1.2 s a church in a
  // database of 200 churches (bench/many-churches.ts). With nothing to run it is not asked.
  if (unrun(applied).length === 0) return [];
  const { error, results } = await migratorOf(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Kysely looks for its migration table in every schema unless told which, and another church's would do. */
const migratorOf = (db: Kysely<DB>, schema: string) =>
  new Migrator({ db: seenBySchema(db), provider: { getMigrations: async () => migrations }, migrationTableSchema: schema === 'public' ? undefined : schema });

/**
 * The database as Kysely's migrator asks about it, with a catalogue of the search_path's schema alone: Kysely's own
 * reads every column of every schema, with a sequence look-up for each, and the migrator asks it twice a run.
 */
function seenBySchema(db: Kysely<DB>): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows,
    getTables: async () => (await sql<{ name: string; schema: string }>`
      select table_name as name, table_schema as schema from information_schema.tables where table_schema = current_schema()`.execute(db))
      .rows.map((table) => ({ ...table, isView: false, columns: [] })),
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods reach its private fields, which only the instance itself has.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The migrations the database (the schema of its search_path) has run, by name; none before its first. */
async function appliedMigrations(db: Kysely<DB>): Promise<string[]> {
  const { rows: tables } = await sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`.execute(db);
  if (!tables[0].found) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

const unrun = (applied: readonly string[]) => {
  const done = new Set(applied);
  return Object.keys(migrations).filter((name) => !done.has(name));
};

/** The migrations of this build that the database has not run yet (none once `migrateToLatest` has run). */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  return unrun(await appliedMigrations(db));
}

export type Executor = Kysely<DB> | Transaction<DB>;
