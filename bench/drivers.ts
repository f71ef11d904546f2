/**
 * `DATABASE_URL=… npx tsx bench/drivers.ts`: the PostgreSQL driver choice of issue 21, measured. On the peer
 * church (`npm run bench -- --shape peer` seeds it as the database `vms_peer_seed`), 50 workers run the two
 * reads volunteers and coordinators send most — a volunteer's upcoming assignments and an occurrence's
 * assignments — through Kysely and the data layer, over a pool of 10 connections, on three drivers:
 * - `pg`, every statement parsed and planned again (the service before issue 21);
 * - `pg` with named prepared statements (`openPostgres` now);
 * - `postgres` (postgres.js), which prepares by default and pipelines, through `kysely-postgres-js`.
 * Prints queries per second and CPU milliseconds per query (this process plus the server's processes) and
 * writes bench/results/drivers-<date>.json. The reads change nothing, so they run on the seed itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import pg from 'pg';
import postgres from 'postgres';
import { openPostgres } from '../src/db/database.js';
import { memberViewReadModel } from '../src/db/read-models/member-view.js';
import { createRepositories } from '../src/db/repositories/index.js';
import type { DB } from '../src/db/schema.js';
import { loadQueries } from './lib/query-load.js';
import { withDatabase } from './lib/seeded.js';

const WORKERS = 50;
const POOL = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SEEDED = 'vms_peer_seed';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('usage: DATABASE_URL=postgres://… npx tsx bench/drivers.ts (after npm run bench -- --shape peer)');
  process.exit(2);
}
const url = withDatabase(serverUrl, SEEDED);

type Driver = { name: string; db: Kysely<DB>; close(): Promise<void> };

function drivers(): Driver[] {
  const plainPool = new pg.Pool({ connectionString: url, max: POOL });
  const plain = new Kysely<DB>({ dialect: new PostgresDialect({ pool: plainPool }) });
  const prepared = openPostgres(url, { poolSize: POOL });
  const js = postgres(url, { max: POOL });
  // The dialect sends every statement through `unsafe`, which postgres.js does not prepare unless told to.
  const preparingJs = {
    async reserve() {
      const connection = await js.reserve();
      return { unsafe: (text: string, values: never[]) => connection.unsafe(text, values, { prepare: true }), release: () => connection.release() };
    },
    end: () => js.end(),
  };
  const postgresJs = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: async () => preparingJs as never }) });
  return [
    { name: 'pg, unprepared', db: plain, close: () => plain.destroy() },
    { name: 'pg, named prepared statements', db: prepared.db, close: () => prepared.close() },
    { name: 'postgres.js, prepared', db: postgresJs, close: () => postgresJs.destroy() },
  ];
}

/** Runs `query` from WORKERS loops for SECONDS; answers queries per second and CPU ms per query. */
const measure = (query: (i: number) => Promise<unknown>) =>
  loadQueries(query, { workers: WORKERS, seconds: SECONDS, warmUps: 200, server: { url: serverUrl!, database: SEEDED } });

const probe = new pg.Client({ connectionString: url });
await probe.connect();
const volunteers = (await probe.query<{ person_id: number }>(
  "select distinct person_id from assignments where status in ('pending', 'accepted') order by person_id limit 100")).rows.map((r) => r.person_id);
const occurrences = (await probe.query<{ id: number }>(
  'select id from occurrences where occurrence_date >= current_date order by occurrence_date, id limit 40')).rows.map((r) => r.id);
await probe.end();
if (volunteers.length === 0 || occurrences.length === 0) {
  console.error(`${SEEDED} holds no assignments: run npm run bench -- --shape peer first`);
  process.exit(1);
}
const now = new Date().toISOString().slice(0, 19).replace('T', ' ');

const results: Array<{ driver: string; myAssignments: Awaited<ReturnType<typeof measure>>; occurrenceAssignments: Awaited<ReturnType<typeof measure>> }> = [];
for (const driver of drivers()) {
  console.log(`bench: ${driver.name}`);
  const members = memberViewReadModel(driver.db);
  const repos = createRepositories(driver.db);
  results.push({
    driver: driver.name,
    myAssignments: await measure((i) => members.assignments(volunteers[i % volunteers.length], { includePast: false, now })),
    occurrenceAssignments: await measure((i) => repos.assignments.listForOccurrence(occurrences[i % occurrences.length])),
  });
  await driver.close();
}

const cell = (m: Awaited<ReturnType<typeof measure>>) => `${m.queriesPerSecond} q/s, ${m.cpuMsPerQuery} ms CPU, p99 ${m.p99Ms} ms`;
console.log('\n| driver | my assignments | an occurrence\'s assignments |\n|---|---|---|');
for (const r of results) console.log(`| ${r.driver} | ${cell(r.myAssignments)} | ${cell(r.occurrenceAssignments)} |`);
const file = path.join('bench/results', `drivers-${new Date().toISOString().slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify({ ranAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, workers: WORKERS, pool: POOL, seconds: SECONDS, results }, null, 2)}\n`);
console.log(`bench: figures written to ${file}`);
