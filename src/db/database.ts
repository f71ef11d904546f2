import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import { recordStatement } from './statement-count.js';
import type { DB } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly db: Kysely<DB>;
  readonly kind: DatabaseKind;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {}

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
  return {
    [pgliteTypes.DATE]: keepText,
    [pgliteTypes.TIMESTAMP]: keepText,
    [pgliteTypes.TIMESTAMPTZ]: keepText,
    [pgliteTypes.INT8]: toNumber,
  };
}

/** Opens a PostgreSQL server through a `pg` pool. */
export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: pgTypeParsers() });
  // An idle connection the server drops (restart, failover) leaves the pool, which reconnects on the next
  // query; without a listener its 'error' event would end the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: recordStatement });
  return wrap(db, 'postgres', async () => undefined);
}

/** Wraps an already opened PGlite instance (tests load one from a migrated template). */
export function wrapPglite(pglite: PGlite, onClose: () => Promise<void> = async () => undefined): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), log: recordStatement });
  return wrap(db, 'pglite', async () => {
    // Kysely closes PGlite only when a query ever went through it; PGlite's timers would keep the process alive.
    if (!pglite.closed) await pglite.close();
    await onClose();
  });
}

/**
 * Opens the embedded database in `dataDir`, holding a lock file so that a second process on the
 * same directory refuses to start instead of silently losing writes.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(path.join(dataDir, 'service.lock'));
  try {
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), parsers: pgliteParsers() });
    return wrapPglite(pglite, async () => releaseLock());
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${path.dirname(lockPath)} is in use by another process (pid ${holder}). ` +
            'Stop that process, or set DATA_DIR to another directory.',
        );
      }
      // The holder died without cleaning up: the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.dirname(lockPath)}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function wrap(db: Kysely<DB>, kind: DatabaseKind, onClose: () => Promise<void>): Database {
  let closed = false;
  return {
    db,
    kind,
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

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export type Executor = Kysely<DB> | Transaction<DB>;
