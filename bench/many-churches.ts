/**
 * `DATABASE_URL=… npx tsx bench/many-churches.ts [--churches 200] [--seconds 10] [--connections 50] [--profile DIR]`
 * (`npm run bench:many-churches -- …`): issue 40's measurement of many churches on one PostgreSQL database, two
 * instances serving them all, against one church served alone, in the same run.
 *
 * Each church is the peer church of `npm run bench -- --shape peer` (bench/lib/peer-seed.ts, 500 people, kept as
 * `vms_peer_seed`), not a scale-0.05 church: the single-church figures are then the peer bench's, on the very rows
 * and logins (coordinator, volunteer1 … volunteer100) its rotations need, and at twice scale 0.05's 250 people
 * a copy is the larger of the two, so the many-church figures err on the cautious side.
 *
 * 1. The run database `vms_many_churches_run` (dropped and made again each run) gets the peer church in `public`,
 *    which the registry adopts as church 1 (host church1.bench.example, schema church_1), as an operator turns a
 *    single church into the first of many; church 2 … N are registered by the registry's `add` (host
 *    churchN.bench.example, schema church_N) and filled with a copy of church_1's schema, then everything is analyzed.
 * 2. `migrateChurches` (`npm run church -- migrate`) is timed over all the churches twice: with nothing to run, and
 *    after each schema's record of this build's last migration is deleted, so that each church runs that migration
 *    again (as tests/process/many-churches.test.ts makes a church late; it relies on that migration running over
 *    its own result, as the test does).
 * 3. One church alone: the peer church in a database of its own (`vms_many_churches_single`), one instance as
 *    `npm start` starts it, and the read figures of the peer bench (bench/lib/peer-church.ts): the ceiling
 *    (GET /healthz), my assignments, occurrence staffing, the whole Sunday and the Sunday with its people.
 * 4. Many churches: two instances with MANY_CHURCHES=true on the run database. Once each answers /readyz at every
 *    church's host and its idle pooled connections have closed, each instance's resident memory and the server's
 *    connections to the database are read. Then the same figures at church 1's host, all on the first instance:
 *    autocannon loads one address, and spreading the load over two processes would measure two processes against
 *    one, where the question is what the other churches cost a church. The second instance serves all the churches
 *    meanwhile (timer jobs, mail, connections), and its sessions count in the database's CPU.
 *
 * Prints one table (each figure for one church and for many, and many / one, which issue 40 wants at 0.80 or more),
 * writes bench/results/many-churches-<date>.json, and drops both databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrateChurches } from '../src/church-operations.js';
import { openChurchRegistry, type ChurchRegistry } from '../src/db/church-registry.js';
import { migrations } from '../src/db/migrations/index.js';
import { answersCell, cpuCell, markdownTable, speedCell } from './lib/figure-table.js';
import { call } from './lib/http.js';
import { measureReads, signInPeer, type PeerRead } from './lib/peer-church.js';
import { CpuMeter } from './lib/peer-cpu.js';
import { measure, type LoadOptions, type Rotation, type ServingFigure } from './lib/peer-load.js';
import { peerRecipe } from './lib/peer-seeded.js';
import { schemaCopier } from './lib/schema-copy.js';
import { dropPostgres, postgresCopy } from './lib/seeded.js';
import { sampleRss, startService, type RunningService, type Target } from './lib/service.js';

const { values: options } = parseArgs({
  options: {
    churches: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // A V8 CPU profile of each measured instance (the single church's and the first many-church one), into this directory.
    profile: { type: 'string' },
  },
});
const CHURCHES = Number(options.churches);
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);
const RUN_DATABASE = 'vms_many_churches_run';
const SINGLE_DATABASE = 'vms_many_churches_single';
const INSTANCES = 2;
/**
 * The heap of a many-church instance, instead of npm start's 512 MB: every church served has an application of its
 * own (5–6 MB), and 200 of them do not fit in 512 MB (the instance ran out of memory while starting).
 */
const MANY_HEAP_MB = 2048;
/** pg's pool closes a connection idle this long (its default), after which an instance holds what it keeps at rest. */
const IDLE_CLOSE_MS = 10_000;
const LAST_MIGRATION = Object.keys(migrations).at(-1)!;

const serverUrl = process.env.DATABASE_URL!;
if (!serverUrl || !Number.isInteger(CHURCHES) || CHURCHES < 1 || !(SECONDS > 0) || !(CONNECTIONS > 0)) {
  console.error('usage: DATABASE_URL=postgres://… npx tsx bench/many-churches.ts [--churches N ≥ 1] [--seconds S] [--connections C] [--profile DIR]');
  process.exit(2);
}

const step = (text: string) => console.log(`bench: ${text}`);
const profiled = options.profile ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(options.profile)}`] : [];
const hostOf = (church: number) => `church${church}.bench.example`;
const secondsSince = (started: number) => Math.round((performance.now() - started) / 100) / 10;

const READS: Array<[PeerRead, string]> = [
  ['myAssignments', 'my assignments (GET /api/me/assignments)'],
  ['occurrenceStaffing', 'occurrence staffing'],
  ['sundayView', 'whole Sunday (occurrence list of one date)'],
  ['sundayWithPeople', 'whole Sunday with its people (roster of one date)'],
];

interface MigrationTiming {
  seconds: number;
  msPerChurch: number;
  migrationsRun: number;
}

/** What one way of serving the peer church gave: its instances at rest, then the figures at the first instance. */
interface ServingRun {
  readyMs: number[];
  /** Churches whose host answered /readyz 200, at each instance. */
  churchesReady: number[];
  /** Resident MiB of each instance once its idle connections have closed. */
  rssMiBAtRest: number[];
  /** The server's connections to the database at the same moment, all instances together. */
  connectionsAtRest: number;
  /** Resident MiB of the measured instance at its highest during the load. */
  peakRssMiBUnderLoad: number;
  ceiling: ServingFigure;
  reads: Record<PeerRead, ServingFigure>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The churches of the run database, from the peer church in its `public`. Answers the seconds taken, the
 * statistics included: the copies have none, and the single church (a copy of the analyzed template) has them.
 */
async function makeChurches(url: string, registry: ChurchRegistry): Promise<number> {
  const started = performance.now();
  await registry.ensure();
  const first = await registry.adoptPublic(hostOf(1), 'Church 1');
  const copy = schemaCopier(url, first.schema);
  await withClient(url, async (client) => {
    for (let n = 2; n <= CHURCHES; n++) {
      const church = await registry.add(hostOf(n), `Church ${n}`);
      // `add` names the schema from the church's number and makes it empty; the copy makes it again, whole.
      await client.query(`drop schema ${church.schema}`);
      copy(church.schema);
      if (n % 20 === 0) step(`${n} of ${CHURCHES} churches made (${secondsSince(started)} s)`);
    }
    await client.query('vacuum analyze');
  });
  const seconds = secondsSince(started);
  step(`${CHURCHES} churches made and analyzed in ${seconds} s`);
  return seconds;
}

/** `npm run church -- migrate` over every church, timed; throws unless it ran `expected` migrations in all. */
async function timedMigration(url: string, registry: ChurchRegistry, expected: number): Promise<MigrationTiming> {
  let migrationsRun = 0;
  const started = performance.now();
  const churches = await migrateChurches(url, registry, (done, total, _church, ran) => {
    migrationsRun += ran.length;
    if (done % 20 === 0 || done === total) step(`  ${done} of ${total} churches migrated`);
  });
  const ms = performance.now() - started;
  if (migrationsRun !== expected) throw new Error(`The churches ran ${migrationsRun} migrations; ${expected} were expected`);
  return { seconds: Math.round(ms / 100) / 10, msPerChurch: Math.round(ms / churches), migrationsRun };
}

/** Every church of the registry made late by one migration, as after an upgrade before `church migrate`. */
async function forgetLastMigration(url: string, registry: ChurchRegistry): Promise<void> {
  const churches = await registry.list();
  await withClient(url, async (client) => {
    for (const church of churches) await client.query(`delete from ${church.schema}.kysely_migration where name = $1`, [LAST_MIGRATION]);
  });
}

/** How many of `hosts` answer /readyz 200 at the instance (undefined: the instance's own address, one church alone). */
async function readyAt(service: RunningService, hosts: ReadonlyArray<string | undefined>): Promise<number> {
  let ready = 0;
  for (const host of hosts) {
    try {
      await call(service.baseUrl, 'GET', '/readyz', { host });
      ready++;
    } catch (error) {
      step(`  ${host ?? 'the church'} is not ready at ${service.baseUrl}: ${(error as Error).message}`);
    }
  }
  return ready;
}

const connectionsTo = (database: string) => withClient(serverUrl, async (client) =>
  Number((await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [database])).rows[0].n));

/**
 * The instances at rest (every church ready, idle connections closed), then the ceiling and the read figures at
 * the first instance, signed in at `host`.
 */
async function serve(label: string, instances: readonly RunningService[], database: string, hosts: ReadonlyArray<string | undefined>): Promise<ServingRun> {
  const churchesReady: number[] = [];
  for (const instance of instances) churchesReady.push(await readyAt(instance, hosts));
  step(`${label}: ${churchesReady.join(', ')} of ${hosts.length} churches ready; waiting ${IDLE_CLOSE_MS / 1000} s for idle connections to close`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_CLOSE_MS + 1000));
  const rssMiBAtRest = instances.map((instance) => instance.rssMiB());
  const connectionsAtRest = await connectionsTo(database);

  const [measured] = instances;
  const host = hosts[0];
  step(`${label}: signing in the peer church's coordinator and volunteers${host ? ` at ${host}` : ''}`);
  const { reads } = await signInPeer(measured.baseUrl, host);
  const cpu = new CpuMeter(measured.pid, { url: serverUrl, database });
  const loadOptions = (rotation: Rotation): LoadOptions => ({ baseUrl: measured.baseUrl, host, connections: CONNECTIONS, rotation, seconds: SECONDS });
  const peak = sampleRss(measured.pid);
  step(`${label}: ceiling (GET /healthz, ${CONNECTIONS} connections, ${SECONDS} s)`);
  const ceiling = await measure(loadOptions(() => ({ path: '/healthz' })), cpu);
  const figures = await measureReads(reads, loadOptions, cpu, (name) => step(`${label}: ${name} (${CONNECTIONS} connections, ${SECONDS} s after a warm-up)`));
  return {
    readyMs: instances.map((instance) => instance.readyMs),
    churchesReady, rssMiBAtRest, connectionsAtRest, peakRssMiBUnderLoad: peak.stop(), ceiling, reads: figures,
  };
}

async function oneChurch(): Promise<ServingRun> {
  step('one church: the peer church in a database of its own, one instance');
  const { target } = await postgresCopy(peerRecipe, serverUrl, SINGLE_DATABASE);
  try {
    const service = await startService(target, {}, undefined, profiled);
    try {
      return await serve('one church', [service], SINGLE_DATABASE, [undefined]);
    } finally {
      await service.stop();
    }
  } finally {
    await dropPostgres(serverUrl, SINGLE_DATABASE);
  }
}

async function manyChurches(target: Target): Promise<ServingRun> {
  const instances: RunningService[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++) {
      const flags = [`--max-old-space-size=${MANY_HEAP_MB}`, ...(i === 0 ? profiled : [])];
      instances.push(await startService(target, { MANY_CHURCHES: 'true' }, hostOf(1), flags));
      step(`${CHURCHES} churches: instance ${i + 1} of ${INSTANCES} ready in ${instances[i].readyMs} ms`);
    }
    return await serve(`${CHURCHES} churches`, instances, RUN_DATABASE, Array.from({ length: CHURCHES }, (_, i) => hostOf(i + 1)));
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}

const ratio = (many: ServingFigure, one: ServingFigure) => Math.round((many.requestsPerSecond / one.requestsPerSecond) * 100) / 100;

function table(one: ServingRun, many: ServingRun, copySeconds: number, migration: Record<'upToDate' | 'oneEach', MigrationTiming>): string {
  const both = (cell: (run: ServingRun) => string) => [cell(one), cell(many)];
  const figureRows = (name: string, figure: (run: ServingRun) => ServingFigure, target: string) => [
    [`${name}: req/s (p50 / p99 ms)`, ...both((run) => speedCell(figure(run))), ratio(figure(many), figure(one)).toFixed(2), target],
    ['  CPU ms per request (service + database)', ...both((run) => cpuCell(figure(run))), '', ''],
    ['  answers', ...both((run) => answersCell(figure(run))), '', ''],
  ];
  const migrated = (timing: MigrationTiming) => `${timing.seconds} (${timing.msPerChurch} ms a church)`;
  const body = [
    ...figureRows('ceiling: GET /healthz', (run) => run.ceiling, ''),
    ...READS.flatMap(([key, name]) => figureRows(name, (run) => run.reads[key], '≥ 0.80')),
    ['instances ready in (ms)', ...both((run) => run.readyMs.join(', ')), '', ''],
    ['churches answering /readyz, per instance', ...both((run) => run.churchesReady.join(', ')), '', ''],
    ['resident MiB per instance at rest', ...both((run) => run.rssMiBAtRest.join(', ')), '', ''],
    ['  peak of the measured instance under load', ...both((run) => String(run.peakRssMiBUnderLoad)), '', ''],
    ['server connections at rest, all instances', ...both((run) => String(run.connectionsAtRest)), '', ''],
    ['churches made and analyzed (s)', '', String(copySeconds), '', ''],
    ['migrate every church, none to run (s)', '', migrated(migration.upToDate), '', ''],
    ['migrate every church, one each to run (s)', '', migrated(migration.oneEach), '', ''],
  ];
  return markdownTable(['figure', 'one church, 1 instance', `${CHURCHES} churches, ${INSTANCES} instances`, 'many / one', 'target'], body);
}

const started = performance.now();
try {
  const loadAverage = os.loadavg();
  const maxConnections = await withClient(serverUrl, async (client) => Number((await client.query<{ max_connections: string }>('show max_connections')).rows[0].max_connections));
  step(`${CHURCHES} churches of the peer church's shape into ${RUN_DATABASE} (the server allows ${maxConnections} connections)`);
  const { target, seedSeconds } = await postgresCopy(peerRecipe, serverUrl, RUN_DATABASE);
  const runUrl = (target as { url: string }).url;
  const registry = openChurchRegistry(runUrl);
  let copySeconds: number;
  let migration: Record<'upToDate' | 'oneEach', MigrationTiming>;
  try {
    copySeconds = await makeChurches(runUrl, registry);
    step('migrating every church with nothing to run');
    const upToDate = await timedMigration(runUrl, registry, 0);
    step(`migrating every church with ${LAST_MIGRATION} to run again`);
    await forgetLastMigration(runUrl, registry);
    migration = { upToDate, oneEach: await timedMigration(runUrl, registry, CHURCHES) };
  } finally {
    await registry.close();
  }
  const one = await oneChurch();
  const many = await manyChurches(target);
  console.log(`\n${table(one, many, copySeconds, migration)}\n`);
  const file = path.join('bench/results', `many-churches-${new Date().toISOString().slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const ratios = Object.fromEntries([['ceiling', ratio(many.ceiling, one.ceiling)], ...READS.map(([key]) => [key, ratio(many.reads[key], one.reads[key])])]);
  fs.writeFileSync(file, `${JSON.stringify({
    ranAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadAverage },
    churches: CHURCHES, instances: INSTANCES, seconds: SECONDS, connections: CONNECTIONS, serverMaxConnections: maxConnections,
    seedSeconds, copySeconds, migration, lastMigration: LAST_MIGRATION, oneChurch: one, manyChurches: many, ratios,
  }, null, 2)}\n`);
  step(`figures written to ${file}; the run took ${Math.round(secondsSince(started))} s`);
} finally {
  await dropPostgres(serverUrl, RUN_DATABASE);
}
