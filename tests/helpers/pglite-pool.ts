import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteParsers, wrapPglite, type Database } from '../../src/db/database.js';
import { PGLITE_TEMPLATE } from './template.js';

/**
 * PGlite instances a share of test files (scripts/build-tests.mjs) keeps for its next test database. Booting one
 * from the template costs about 0.4 s of CPU, and a share opens one for each of its dozen-odd servers. A closed
 * test database is instead emptied back to the template's rows and sequences and kept, unless its tables,
 * columns, constraints, indexes, triggers or functions differ from the template's (a test changed the schema):
 * then it is closed for good. A test database handed out again is the template's, as a new boot would give.
 *
 * The share's entry file creates the pool on `globalThis` (each test file is bundled with its own copy of this
 * module) and closes what it holds after the share's files: an idle PGlite keeps a timer of PostgreSQL's running.
 * A test file run on its own finds no pool and boots and closes its instances.
 */
interface Pool {
  idle: PGlite[];
  template?: Promise<TemplateState>;
}

interface TemplateState {
  fingerprint: string;
  /** Rows of the tables the template fills (migrations, the `Other` event type), as JSON. */
  rows: Array<{ table: string; json: string }>;
  sequences: Array<{ name: string; value: number; called: boolean }>;
  tables: string[];
}

const pool = (globalThis as Record<symbol, Pool | undefined>)[Symbol.for('vms.tests.pglitePool')];

const FINGERPRINT = `
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select c.relname || ':' || c.relkind::text || ':' || coalesce(string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text, ';' order by a.attnum), '') as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' group by c.relname, c.relkind
    union all select 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'trigger ' || tgname from pg_trigger where not tgisinternal
    union all select 'function ' || proname from pg_proc where pronamespace = 'public'::regnamespace
  ) items`;

async function readTemplateState(pglite: PGlite): Promise<TemplateState> {
  const tables = (await pglite.query<{ name: string }>(`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`)).rows.map((row) => row.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { rows: [{ json }] } = await pglite.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    if (json) rows.push({ table, json });
  }
  const sequences = (await pglite.query<{ name: string; value: string; called: boolean }>(
    `select quote_ident(sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences where schemaname = 'public'`,
  )).rows.map((row) => ({ name: row.name, value: Number(row.value), called: row.called }));
  const { rows: [{ fingerprint }] } = await pglite.query<{ fingerprint: string }>(FINGERPRINT);
  return { fingerprint, rows, sequences, tables };
}

/** Empties `pglite` back to the template's state; false when its schema is no longer the template's. */
async function reset(pglite: PGlite, template: TemplateState): Promise<boolean> {
  // Ends whatever a test left open in the session: a transaction, LISTENs, advisory locks, prepared statements, settings.
  await pglite.exec('rollback');
  await pglite.exec('discard all');
  const { rows: [{ fingerprint }] } = await pglite.query<{ fingerprint: string }>(FINGERPRINT);
  if (fingerprint !== template.fingerprint) return false;
  const filled = await filledTables(pglite, template.tables);
  await pglite.transaction(async (tx) => {
    // Triggers and foreign keys stay quiet while the rows go and the template's come back.
    await tx.exec('set local session_replication_role = replica');
    for (const table of filled) await tx.exec(`delete from ${table}`);
    for (const { table, json } of template.rows) await tx.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`, [json]);
    for (const { name, value, called } of template.sequences) await tx.query(`select setval('${name}', $1, $2)`, [value, called]);
  });
  return (await filledTables(pglite, template.tables)).join() === template.rows.map((row) => row.table).join();
}

/** The tables of `tables` that hold a row, in their order. */
async function filledTables(pglite: PGlite, tables: string[]): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(tables.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(' union all '));
  return tables.filter((table) => rows.some((row) => row.name === table));
}

/**
 * A database on a PGlite instance in the template's state. Its `close()` ends this use: afterwards its queries
 * fail as a closed database's would, and the instance goes back to the pool.
 */
export async function leasePglite(): Promise<Database> {
  if (!fs.existsSync(PGLITE_TEMPLATE)) throw new Error(`${PGLITE_TEMPLATE} is missing: npm test builds it, or run "npx tsx tests/prepare.ts" first`);
  const pglite = pool?.idle.pop() ?? await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]), parsers: pgliteParsers() });
  if (pool) {
    // Read from the share's first instance before any test writes to it.
    pool.template ??= readTemplateState(pglite);
    await pool.template;
  }
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
      if (pool?.template && (await reset(pglite, await pool.template).catch(() => false))) pool.idle.push(pglite);
      else await pglite.close();
    },
  };
}
