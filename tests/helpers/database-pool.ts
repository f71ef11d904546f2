import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, pgliteParsers, wrapPglite, type Database } from '../../src/db/database.js';
import { PG_TEMPLATE_DATABASE, PGLITE_TEMPLATE, withDatabase } from './template.js';

/**
 * Test databases a share of test files (scripts/build-tests.mjs) keeps for its next server: PGlite instances, or
 * databases on the PostgreSQL server. Booting PGlite from the template costs about 0.5 s of CPU, cloning the
 * template database on the server about 0.45 s, and a share opens one for each of its dozen-odd servers. A
 * closed test database is instead emptied back to the template's rows and sequences and kept, unless its tables,
 * columns, defaults, constraints, indexes, triggers (and whether they are enabled), functions, views or sequences
 * differ from the template's (a test changed the schema) or the emptying fails: then it is thrown away. A test database handed out again is the template's, as a new one
 * would be.
 *
 * The share's entry file creates the pool on `globalThis` (each test file is bundled with its own copy of this
 * module) and ends what it holds after the share's files: an idle PGlite keeps a timer of PostgreSQL's running,
 * and databases on the server are dropped. A test file run on its own finds no pool: its databases are new, and
 * closing one throws it away.
 */
interface Pool {
  pglite: PGlite[];
  postgres: string[];
  template?: Promise<TemplateState>;
  failureReported?: boolean;
  /** Ends what the pool holds; the share's entry file calls it after its files. */
  close?: () => Promise<void>;
}

/** The statements a reset needs, on PGlite or on one connection to the server. */
interface Session {
  query<Row>(text: string, parameters?: unknown[]): Promise<Row[]>;
}

interface TemplateState {
  fingerprint: string;
  /** Rows of the tables the template fills (migrations, the `Other` event type), as JSON. */
  rows: Array<{ table: string; json: string }>;
  sequences: Array<{ name: string; value: number; called: boolean }>;
  tables: string[];
}

const pool = (globalThis as Record<symbol, Pool | undefined>)[Symbol.for('vms.tests.databasePool')];
if (pool) {
  pool.close ??= async () => {
    await Promise.all(pool.pglite.splice(0).map((pglite) => pglite.close()));
    for (const name of pool.postgres.splice(0)) await dropDatabase(name);
  };
}

const FINGERPRINT = `
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select c.relname || ':' || c.relkind::text || ':' || coalesce(string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text, ';' order by a.attnum), '') as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' group by c.relname, c.relkind
    union all select 'default ' || d.adrelid::regclass::text || '.' || d.adnum || ' ' || pg_get_expr(d.adbin, d.adrelid)
      from pg_attrdef d join pg_class c on c.oid = d.adrelid where c.relnamespace = 'public'::regnamespace
    union all select 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all select 'trigger ' || pg_get_triggerdef(oid) || ' ' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'function ' || oid::regprocedure::text || ' ' || md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace
    union all select 'view ' || viewname || ' ' || md5(definition) from pg_views where schemaname = 'public'
    union all select 'sequence ' || sequencename || ' ' || increment_by || ' ' || min_value || ' ' || max_value from pg_sequences where schemaname = 'public'
  ) items`;

async function readTemplateState(session: Session): Promise<TemplateState> {
  const tables = (await session.query<{ name: string }>(`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`)).map((row) => row.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const [{ json }] = await session.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    if (json) rows.push({ table, json });
  }
  const sequences = (await session.query<{ name: string; value: string; called: boolean }>(
    `select quote_ident(sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences where schemaname = 'public'`,
  )).map((row) => ({ name: row.name, value: Number(row.value), called: row.called }));
  const [{ fingerprint }] = await session.query<{ fingerprint: string }>(FINGERPRINT);
  return { fingerprint, rows, sequences, tables };
}

/**
 * Empties a database back to the template's state, on a session no test uses any more; false when its schema is
 * no longer the template's, or when afterwards other tables than the template's hold rows.
 */
async function reset(session: Session, template: TemplateState): Promise<boolean> {
  const [{ fingerprint }] = await session.query<{ fingerprint: string }>(FINGERPRINT);
  if (fingerprint !== template.fingerprint) return false;
  const filled = await filledTables(session, template.tables);
  await session.query('begin');
  try {
    // Triggers and foreign keys stay quiet while the rows go and the template's come back.
    await session.query('set local session_replication_role = replica');
    for (const table of filled) await session.query(`delete from ${table}`);
    for (const { table, json } of template.rows) await session.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`, [json]);
    for (const { name, value, called } of template.sequences) await session.query(`select setval('${name}', $1, $2)`, [value, called]);
    await session.query('commit');
  } catch (error) {
    await session.query('rollback');
    throw error;
  }
  return (await filledTables(session, template.tables)).join() === template.rows.map((row) => row.table).join();
}

/** The tables of `tables` that hold a row, in their order. */
async function filledTables(session: Session, tables: string[]): Promise<string[]> {
  const rows = await session.query<{ name: string }>(tables.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(' union all '));
  return tables.filter((table) => rows.some((row) => row.name === table));
}

const pgliteSession = (pglite: PGlite): Session => ({
  query: async <Row>(text: string, parameters?: unknown[]) => (await pglite.query<Row>(text, parameters)).rows,
});

/** Runs `work` on a connection of its own to the server database `name`. */
async function onServer<T>(name: string, work: (session: Session) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name), statement_timeout: 20_000 });
  await client.connect();
  try {
    return await work({ query: async <Row>(text: string, parameters?: unknown[]) => (await client.query(text, parameters)).rows as Row[] });
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  await onServer('postgres', (session) => session.query(`drop database if exists ${name} with (force)`));
}

/** A reset that fails throws its database away; the first failure of a share is said, since pooling then costs time. */
function reportResetFailure(error: unknown): false {
  if (pool && !pool.failureReported) {
    pool.failureReported = true;
    console.warn(`a test database could not be emptied back to the template and was thrown away: ${String(error)}`);
  }
  return false;
}

/** The pool's template state, read from a test database no test has used yet. */
async function templateState(read: () => Promise<TemplateState>): Promise<TemplateState | undefined> {
  if (!pool) return undefined;
  // A failed read is not kept: the next lease reads again.
  pool.template ??= read().catch((error: unknown) => {
    pool.template = undefined;
    throw error;
  });
  return pool.template;
}

/**
 * A database on a PGlite instance in the template's state. Its `close()` ends this use: afterwards its queries
 * fail as a closed database's would, and the instance goes back to the pool.
 */
export async function leasePglite(): Promise<Database> {
  if (!fs.existsSync(PGLITE_TEMPLATE)) throw new Error(`${PGLITE_TEMPLATE} is missing: npm test builds it, or run "npx tsx tests/prepare.ts" first`);
  const pglite = pool?.pglite.pop() ?? await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]), parsers: pgliteParsers() });
  const template = await templateState(() => readTemplateState(pgliteSession(pglite)));
  let released = false;
  const listening: Array<() => Promise<void>> = [];
  // What the lease's Kysely and listeners call: every method refuses once the lease has ended, so work a test
  // left running cannot reach the next file's database. Its LISTENs end with it.
  const leased = new Proxy(pglite, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function' || property === 'constructor') return value;
      return (...args: unknown[]) => {
        if (released) throw new Error('PGlite is closed');
        const result = value.apply(target, args);
        if (property === 'listen') {
          return (result as Promise<() => Promise<void>>).then((unlisten) => {
            listening.push(unlisten);
            return unlisten;
          });
        }
        return result;
      };
    },
  });
  const database = await wrapPglite(leased);
  return {
    ...database,
    async close() {
      if (released) return;
      released = true;
      for (const unlisten of listening) await unlisten().catch(() => undefined);
      if (pglite.closed) return;
      // Ends whatever a test left open in the session: a transaction, LISTENs, advisory locks, prepared statements, settings.
      const isReset = pool && template && await (async () => {
        await pglite.exec('rollback');
        await pglite.exec('discard all');
        return reset(pgliteSession(pglite), template);
      })().catch(reportResetFailure);
      if (isReset) pool.pglite.push(pglite);
      else await pglite.close();
    },
  };
}

/** A new database on the server, cloned from the template database. */
async function cloneTemplate(): Promise<string> {
  const name = `vms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer('postgres', (session) => session.query(`create database ${name} template ${PG_TEMPLATE_DATABASE}`));
      return name;
    } catch (error) {
      // Two files cloning at the same instant can collide on the template; try again shortly.
      if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * A database on the server in the template's state, with its connection string. Its `close()` ends the lease's
 * connections; then the database goes back to the pool, or is dropped.
 */
export async function leasePostgres(): Promise<Database & { url: string }> {
  const name = pool?.postgres.pop() ?? await cloneTemplate();
  const template = await templateState(() => onServer(name, readTemplateState));
  const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
  const database = openPostgres(url);
  let released = false;
  return {
    ...database,
    url,
    async close() {
      if (released) return;
      released = true;
      await database.close();
      const isReset = pool && template && await onServer(name, (session) => reset(session, template)).catch(reportResetFailure);
      if (isReset) pool.postgres.push(name);
      else await dropDatabase(name);
    },
  };
}
