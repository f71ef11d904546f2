/**
 * `DATABASE_URL=… npx tsx bench/church-schemas.ts [--churches 20] [--seconds 8]`: the design step of issue 40,
 * measured. Many churches on one PostgreSQL database, one schema each: how should a request reach its church's
 * tables while keeping the named prepared statements of issue 21 (planning the member and staffing reads costs
 * more than running them)?
 *
 * The peer church (`vms_peer_seed`, seeded once as `npm run bench -- --shape peer` does) is copied into
 * `--churches` schemas of a database of its own. 50 workers send the two reads volunteers and coordinators send
 * most (a volunteer's upcoming assignments, an occurrence's assignments) through the data layer over a pool of 10
 * connections, each request to a church drawn at random, in six ways:
 * - `one church`: every connection's search_path is one church's schema; the figure to compare with;
 * - `search_path on checkout, shared names`: a connection taken from the pool is pointed at the request's church
 *   (`set search_path`, only when it points elsewhere) and statements keep one prepared name across churches, so
 *   PostgreSQL re-plans a statement whenever the search_path it was planned under changed;
 * - `search_path on checkout, a name per church`: the same, but a statement's prepared name includes the church,
 *   so each church's plans are kept, at the price of one prepared statement per church and statement on every
 *   connection (what Rails does: its statement cache is keyed by search_path and text);
 * - `set local in a transaction`: begin, `set_config('search_path', …, true)`, the read, commit;
 * - `schema-qualified statements`: no search_path at all; each statement's tables are named with the church's schema
 *   (the text Kysely's `withSchema` would compile; here the compiled text is qualified, since the data layer compiles
 *   its hottest statements once), so each church's statements are statements of their own, with no `set` at all;
 * - `schema-qualified, 5 pools of 2 by church`: the same, with church affinity: the 10 connections are 5 pools of 2,
 *   and a church's queries always go to the pool of its slot, so each connection serves a fifth of the churches.
 * Prints queries per second, CPU milliseconds per query (this process plus the server's sessions), p99, and
 * the server memory a pooled connection holds afterwards (pg_backend_memory_contexts), and writes
 * bench/results/church-schemas-<date>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import pg from 'pg';
import type { Executor } from '../src/db/database.js';
import { memberViewReadModel } from '../src/db/read-models/member-view.js';
import { createRepositories } from '../src/db/repositories/index.js';
import type { DB } from '../src/db/schema.js';
import { peerRecipe } from './lib/peer-seeded.js';
import { loadQueries, type QueryFigures } from './lib/query-load.js';
import { schemaCopier } from './lib/schema-copy.js';
import { postgresCopy, withDatabase } from './lib/seeded.js';

const { values: options } = parseArgs({ options: { churches: { type: 'string', default: '20' }, seconds: { type: 'string', default: '8' } } });
const CHURCHES = Number(options.churches);
const SECONDS = Number(options.seconds);
const WORKERS = 50;
const POOL = 10;
/** The affinity way's slots: each connection then serves a fifth of the churches. */
const AFFINITY_SLOTS = 5;
const RUN_DATABASE = 'vms_church_schemas';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl || !(CHURCHES >= 2)) {
  console.error('usage: DATABASE_URL=postgres://… npx tsx bench/church-schemas.ts [--churches N ≥ 2] [--seconds S]');
  process.exit(2);
}

const schemaOf = (church: number) => `church_${church}`;

/** The peer church in `public`, copied into church_1 … church_N by pg_dump of its schema, renamed. */
async function churchesDatabase(): Promise<string> {
  const { target } = await postgresCopy(peerRecipe, serverUrl!, RUN_DATABASE);
  const url = (target as { url: string }).url;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query(`alter schema public rename to ${schemaOf(1)}`);
    const copy = schemaCopier(url, schemaOf(1));
    for (let church = 2; church <= CHURCHES; church++) {
      copy(schemaOf(church));
      if (church % 20 === 0) console.log(`bench: ${church} of ${CHURCHES} churches copied`);
    }
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  console.log(`bench: ${CHURCHES} churches copied in ${Math.round((performance.now() - started) / 1000)} s`);
  return url;
}

/** How a connection reaches a church: its search_path, with names shared or per church, or tables named in the text. */
type Naming = 'shared' | 'per church' | 'qualified';

/** The statement's tables named with `schema` (Kysely quotes every identifier, so `from "t"` and `join "t"` are tables). */
const qualified = (schema: string, text: string) => text.replace(/\b(from|join|into|update) "(\w+)"/g, `$1 "${schema}"."$2"`);

/**
 * A pool of `pg` connections, each pointed at a church's schema when it leaves the pool for that church, which
 * prepares every statement with parameters under a name (shared by all churches, or one per church).
 */
class ChurchPools {
  /** The connections split into `slots` pools; a church's queries go to the pool of its slot (its number modulo slots). */
  private readonly pools: pg.Pool[];
  private readonly pointedAt = new WeakMap<pg.PoolClient, string>();
  private readonly names = new Map<string, string>();
  readonly switches = { count: 0 };

  constructor(url: string, private readonly naming: Naming, slots = 1) {
    this.pools = Array.from({ length: slots }, () => new pg.Pool({ connectionString: url, max: POOL / slots }));
  }

  private poolOf(schema: string): pg.Pool {
    return this.pools[Number(schema.slice(schema.lastIndexOf('_') + 1)) % this.pools.length];
  }

  private nameOf(schema: string, text: string): string {
    const key = this.naming === 'shared' ? text : `${schema}\u0000${text}`;
    let name = this.names.get(key);
    if (name === undefined) this.names.set(key, (name = `s${this.names.size}`));
    return name;
  }

  /** A Kysely pool whose connections serve `schema`. */
  for(schema: string): PostgresPool {
    const wrap = (client: pg.PoolClient): PostgresPoolClient => {
      function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(text: string | PostgresCursor<unknown>, values?: readonly unknown[]): unknown {
        if (typeof text !== 'string') return client.query(text as unknown as pg.Submittable);
        const sent = ours.naming === 'qualified' ? qualified(schema, text) : text;
        const name = values && values.length > 0 ? ours.nameOf(schema, sent) : undefined;
        return client.query({ name, text: sent, values: values as unknown[] });
      }
      return { query, release: () => client.release() };
    };
    const ours = this;
    return {
      async connect() {
        const client = await ours.poolOf(schema).connect();
        if (ours.naming !== 'qualified' && ours.pointedAt.get(client) !== schema) {
          await client.query(`set search_path to ${schema}`);
          ours.pointedAt.set(client, schema);
          ours.switches.count++;
        }
        return wrap(client);
      },
      end: async () => undefined,
    };
  }

  /** Server memory each pooled connection holds now, in MiB: every connection is taken at once and asked. */
  async memoryPerConnectionMiB(): Promise<number[]> {
    const clients = await Promise.all(this.pools.flatMap((pool) => Array.from({ length: POOL / this.pools.length }, () => pool.connect())));
    try {
      const sizes = await Promise.all(clients.map(async (client) =>
        Number((await client.query<{ bytes: string }>('select sum(total_bytes) as bytes from pg_backend_memory_contexts')).rows[0].bytes)));
      return sizes.map((bytes) => Math.round((bytes / 2 ** 20) * 10) / 10);
    } finally {
      for (const client of clients) client.release();
    }
  }

  end = () => Promise.all(this.pools.map((pool) => pool.end()));
}

/** Runs `request` from WORKERS loops for SECONDS after a warm-up that reaches every church. */
const measure = (request: (i: number) => Promise<unknown>, database: string) =>
  loadQueries(request, { workers: WORKERS, seconds: SECONDS, warmUps: Math.max(200, CHURCHES * 4), server: { url: serverUrl!, database } });

const url = await churchesDatabase();
const probe = new pg.Client({ connectionString: url });
await probe.connect();
// The copies hold the same rows, so one church's ids serve every church.
const volunteers = (await probe.query<{ person_id: number }>(
  `select distinct person_id from ${schemaOf(1)}.assignments where status in ('pending', 'accepted') order by person_id limit 100`)).rows.map((r) => r.person_id);
const occurrences = (await probe.query<{ id: number }>(
  `select id from ${schemaOf(1)}.occurrences where occurrence_date >= current_date order by occurrence_date, id limit 40`)).rows.map((r) => r.id);
await probe.end();
const now = new Date().toISOString().slice(0, 19).replace('T', ' ');

// A church for each request, drawn at random but the same for every way, so the ways see the same mix.
const churchOf = Array.from({ length: 1 << 16 }, () => 1 + Math.floor(Math.random() * CHURCHES));
const reads = {
  myAssignments: (db: Executor, i: number) => memberViewReadModel(db).assignments(volunteers[i % volunteers.length], { includePast: false, now }),
  occurrenceAssignments: (db: Executor, i: number) => createRepositories(db).assignments.listForOccurrence(occurrences[i % occurrences.length]),
};

type Way = { name: string; run: (read: (db: Executor, i: number) => Promise<unknown>) => (i: number) => Promise<unknown>; pools: ChurchPools };

function ways(): Way[] {
  const kyselyFor = (pools: ChurchPools) => {
    const byChurch = new Map<number, Kysely<DB>>();
    return (church: number) => {
      let db = byChurch.get(church);
      if (!db) byChurch.set(church, (db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pools.for(schemaOf(church)) }) })));
      return db;
    };
  };
  const one = new ChurchPools(url, 'shared');
  const oneDb = kyselyFor(one);
  const shared = new ChurchPools(url, 'shared');
  const sharedDb = kyselyFor(shared);
  const perChurch = new ChurchPools(url, 'per church');
  const perChurchDb = kyselyFor(perChurch);
  const local = new ChurchPools(url, 'shared');
  const localDb = kyselyFor(local)(1);
  const named = new ChurchPools(url, 'qualified');
  const namedDb = kyselyFor(named);
  const affine = new ChurchPools(url, 'qualified', AFFINITY_SLOTS);
  const affineDb = kyselyFor(affine);
  return [
    { name: 'one church', pools: one, run: (read) => (i) => read(oneDb(1), i) },
    { name: 'search_path on checkout, shared names', pools: shared, run: (read) => (i) => read(sharedDb(churchOf[i & 0xffff]), i) },
    { name: 'search_path on checkout, a name per church', pools: perChurch, run: (read) => (i) => read(perChurchDb(churchOf[i & 0xffff]), i) },
    {
      name: 'set local in a transaction', pools: local, run: (read) => (i) => localDb.transaction().execute(async (trx) => {
        await sql`select set_config('search_path', ${schemaOf(churchOf[i & 0xffff])}, true)`.execute(trx);
        return read(trx, i);
      }),
    },
    { name: 'schema-qualified statements', pools: named, run: (read) => (i) => read(namedDb(churchOf[i & 0xffff]), i) },
    { name: `schema-qualified, ${AFFINITY_SLOTS} pools of ${POOL / AFFINITY_SLOTS} by church`, pools: affine, run: (read) => (i) => read(affineDb(churchOf[i & 0xffff]), i) },
  ];
}

const results: Array<{ way: string; myAssignments: QueryFigures; occurrenceAssignments: QueryFigures; searchPathSets: number; serverMiBPerConnection: number[] }> = [];
for (const way of ways()) {
  console.log(`bench: ${way.name}`);
  const myAssignments = await measure(way.run(reads.myAssignments), RUN_DATABASE);
  const occurrenceAssignments = await measure(way.run(reads.occurrenceAssignments), RUN_DATABASE);
  results.push({ way: way.name, myAssignments, occurrenceAssignments, searchPathSets: way.pools.switches.count, serverMiBPerConnection: await way.pools.memoryPerConnectionMiB() });
  await way.pools.end();
}

const cell = (f: QueryFigures) => `${f.queriesPerSecond} q/s, ${f.cpuMsPerQuery} ms CPU, p99 ${f.p99Ms} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\n${CHURCHES} churches, ${WORKERS} workers, pool ${POOL}, ${SECONDS} s each, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('| way | my assignments | an occurrence\'s assignments | search_path set | server MiB a connection (median, max) |\n|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.way} | ${cell(r.myAssignments)} | ${cell(r.occurrenceAssignments)} | ${r.searchPathSets} | ${median(r.serverMiBPerConnection)}, ${Math.max(...r.serverMiBPerConnection)} |`);
}
const file = path.join('bench/results', `church-schemas-${new Date().toISOString().slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify({ ranAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() }, churches: CHURCHES, workers: WORKERS, pool: POOL, seconds: SECONDS, results }, null, 2)}\n`);
console.log(`bench: figures written to ${file}`);
console.log(`bench: the database ${withDatabase(serverUrl, RUN_DATABASE).replace(/\/\/[^@]*@/, '//')} is left for a look; drop it when done`);
