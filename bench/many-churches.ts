/**
 * `DATABASE_URL=… npx tsx bench/many-churches.ts [--churches 200] [--seconds 10] [--connections 50] [--rounds 3] [--profile DIR]`
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
 * 3. Both ways of serving run side by side: one church alone (the peer church in a database of its own,
 *    `vms_many_churches_single`, one instance as `npm start` starts it), and all the churches on two instances with
 *    MANY_CHURCHES=true on the run database, started with npm start's own flags. Once every church answers /readyz
 *    and the idle pooled connections have closed, each instance's resident memory and the server's connections to
 *    each database are read.
 * 4. The read figures of the peer bench (bench/lib/peer-church.ts): the ceiling (GET /healthz), my assignments,
 *    occurrence staffing, the whole Sunday and the Sunday with its people, each in `--rounds` rounds (3) of one
 *    church alone and then church 1 of many (the order turning each round), so that each ratio compares two
 *    measurements seconds apart. Many churches are measured at church 1's host, all on the first instance:
 *    autocannon loads one address, and spreading the load over two processes would measure two processes against
 *    one, where the question is what the other churches cost a church. The second instance serves all the churches
 *    meanwhile (timer jobs, mail, connections), and its sessions count in the database's CPU.
 *
 * Prints one table (each figure for one church and for many in their median rounds, and the median of the rounds'
 * many / one, which issue 40 wants at 0.80 or more),
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
import { signInPeer, type PeerRead } from './lib/peer-church.js';
import { CpuMeter } from './lib/peer-cpu.js';
import { measure, warmUp, type LoadOptions, type Rotation, type ServingFigure } from './lib/peer-load.js';
import { peerRecipe } from './lib/peer-seeded.js';
import { schemaCopier } from './lib/schema-copy.js';
import { dropPostgres, postgresCopy } from './lib/seeded.js';
import { sampleRss, startService, type RunningService, type Target } from './lib/service.js';

const { values: options } = parseArgs({
  options: {
    churches: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    // A V8 CPU profile of each measured instance (the single church's and the first many-church one), into this directory.
    profile: { type: 'string' },
  },
});
const CHURCHES = Number(options.churches);
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);
const ROUNDS = Number(options.rounds);
const RUN_DATABASE = 'vms_many_churches_run';
const SINGLE_DATABASE = 'vms_many_churches_single';
const INSTANCES = 2;
/** pg's pool closes a connection idle this long (its default), after which an instance holds what it keeps at rest. */
const IDLE_CLOSE_MS = 10_000;
const LAST_MIGRATION = Object.keys(migrations).at(-1)!;

const serverUrl = process.env.DATABASE_URL!;
if (!serverUrl || !Number.isInteger(CHURCHES) || CHURCHES < 1 || !Number.isInteger(ROUNDS) || ROUNDS < 1 || !(SECONDS > 0) || !(CONNECTIONS > 0)) {
  console.error('usage: DATABASE_URL=postgres://… npx tsx bench/many-churches.ts [--churches N ≥ 1] [--seconds S] [--connections C] [--rounds R] [--profile DIR]');
  process.exit(2);
}

const step = (text: string) => console.log(`bench: ${text}`);
const profiled = options.profile ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(options.profile)}`] : [];
const hostOf = (church: number) => `church${church}.bench.example`;
const secondsSince = (started: number) => Math.round((performance.now() - started) / 100) / 10;

const FIGURES: Array<[FigureKey, string]> = [
  ['ceiling', 'ceiling: GET /healthz'],
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

/** One way of serving the peer church: its instances, the first of which is measured, signed in at `hosts[0]`. */
interface Side {
  label: string;
  instances: RunningService[];
  database: string;
  /** Every church's host name (undefined: the instance's own address, one church alone). */
  hosts: ReadonlyArray<string | undefined>;
}

/** A side at rest: every church ready, idle connections closed. */
interface AtRest {
  readyMs: number[];
  /** Churches whose host answered /readyz 200, at each instance. */
  churchesReady: number[];
  /** Resident MiB of each instance once its idle connections have closed. */
  rssMiBAtRest: number[];
  /** The server's connections to the database at the same moment, all instances together. */
  connectionsAtRest: number;
}

type FigureKey = 'ceiling' | PeerRead;

/** A figure's rounds: each side's measurement in each round, and many / one in each round. */
interface Rounds {
  one: ServingFigure[];
  many: ServingFigure[];
  ratios: number[];
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

/** Walks every church's /readyz at each instance of the side; answers how many answered 200 at each. */
async function readiness(side: Side): Promise<number[]> {
  const churchesReady: number[] = [];
  for (const instance of side.instances) churchesReady.push(await readyAt(instance, side.hosts));
  step(`${side.label}: ${churchesReady.join(', ')} of ${side.hosts.length} churches ready`);
  return churchesReady;
}

/** The side's memory and connections, read once its idle pooled connections have closed. */
async function atRest(side: Side, churchesReady: number[]): Promise<AtRest> {
  return {
    readyMs: side.instances.map((instance) => instance.readyMs),
    churchesReady,
    rssMiBAtRest: side.instances.map((instance) => instance.rssMiB()),
    connectionsAtRest: await connectionsTo(side.database),
  };
}

/** The single church in a database of its own, one instance as `npm start` starts it. */
async function startOneChurch(): Promise<Side> {
  step('one church: the peer church in a database of its own, one instance');
  const { target } = await postgresCopy(peerRecipe, serverUrl, SINGLE_DATABASE);
  return { label: 'one church', instances: [await startService(target, {}, undefined, profiled)], database: SINGLE_DATABASE, hosts: [undefined] };
}

/** Every church of the run database, on `INSTANCES` instances started with npm start's own flags (its 512 MB heap). */
async function startManyChurches(target: Target): Promise<Side> {
  const side: Side = { label: `${CHURCHES} churches`, instances: [], database: RUN_DATABASE, hosts: Array.from({ length: CHURCHES }, (_, i) => hostOf(i + 1)) };
  for (let i = 0; i < INSTANCES; i++) {
    side.instances.push(await startService(target, { MANY_CHURCHES: 'true' }, hostOf(1), i === 0 ? profiled : []));
    step(`${side.label}: instance ${i + 1} of ${INSTANCES} ready in ${side.instances[i].readyMs} ms`);
  }
  return side;
}

/**
 * Each figure in `ROUNDS` rounds, the two sides one after the other in each, the first side changing from round to
 * round. This machine's speed drifts by a factor of two within minutes; a ratio of two measurements made seconds
 * apart holds through that, where one side measured whole after the other did not (many / one came out from 0.47
 * to 1.80 for one figure in three runs within an hour).
 */
async function measureInRounds(one: Side, many: Side): Promise<{ rounds: Record<FigureKey, Rounds>; peakRssMiB: Record<'one' | 'many', number> }> {
  const sides = { one, many };
  const loads = {} as Record<'one' | 'many', { rotations: Record<FigureKey, Rotation>; cpu: CpuMeter; options: (rotation: Rotation) => LoadOptions }>;
  for (const [name, side] of Object.entries(sides) as Array<['one' | 'many', Side]>) {
    const [measured] = side.instances;
    const host = side.hosts[0];
    step(`${side.label}: signing in the peer church's coordinator and volunteers${host ? ` at ${host}` : ''}`);
    const { reads } = await signInPeer(measured.baseUrl, host);
    loads[name] = {
      rotations: { ceiling: () => ({ path: '/healthz' }), ...reads },
      cpu: new CpuMeter(measured.pid, { url: serverUrl, database: side.database }),
      options: (rotation) => ({ baseUrl: measured.baseUrl, host, connections: CONNECTIONS, rotation, seconds: SECONDS }),
    };
  }
  const peaks = { one: sampleRss(one.instances[0].pid), many: sampleRss(many.instances[0].pid) };
  const rounds = {} as Record<FigureKey, Rounds>;
  for (const [key] of FIGURES) {
    rounds[key] = { one: [], many: [], ratios: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 === 0 ? ['one', 'many'] as const : ['many', 'one'] as const) {
        const load = loads[name];
        step(`${sides[name].label}: ${key}, round ${round + 1} of ${ROUNDS} (${CONNECTIONS} connections, ${SECONDS} s after a warm-up)`);
        await warmUp(load.options(load.rotations[key]));
        rounds[key][name].push(await measure(load.options(load.rotations[key]), load.cpu));
      }
      rounds[key].ratios.push(ratio(rounds[key].many[round], rounds[key].one[round]));
    }
  }
  return { rounds, peakRssMiB: { one: peaks.one.stop(), many: peaks.many.stop() } };
}

const ratio = (many: ServingFigure, one: ServingFigure) => Math.round((many.requestsPerSecond / one.requestsPerSecond) * 100) / 100;

/** The middle one (the lower middle of an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** The side's round of median speed, whose latency and CPU the table shows with it. */
function medianRound(figures: ServingFigure[]): ServingFigure {
  const speed = median(figures.map((figure) => figure.requestsPerSecond));
  return figures.find((figure) => figure.requestsPerSecond === speed)!;
}

interface Measured {
  rest: Record<'one' | 'many', AtRest>;
  rounds: Record<FigureKey, Rounds>;
  peakRssMiB: Record<'one' | 'many', number>;
}

function table(measured: Measured, copySeconds: number, migration: Record<'upToDate' | 'oneEach', MigrationTiming>): string {
  const both = (cell: (side: 'one' | 'many') => string) => [cell('one'), cell('many')];
  const figureRows = (key: FigureKey, name: string, target: string) => {
    const { ratios } = measured.rounds[key];
    const figure = (side: 'one' | 'many') => medianRound(measured.rounds[key][side]);
    return [
      [`${name}: req/s (p50 / p99 ms)`, ...both((side) => speedCell(figure(side))), `${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`, target],
      ['  CPU ms per request (service + database)', ...both((side) => cpuCell(figure(side))), '', ''],
      ['  answers', ...both((side) => answersCell(figure(side))), '', ''],
    ];
  };
  const rest = (cell: (run: AtRest) => string) => both((side) => cell(measured.rest[side]));
  const migrated = (timing: MigrationTiming) => `${timing.seconds} (${timing.msPerChurch} ms a church)`;
  const body = [
    ...FIGURES.flatMap(([key, name]) => figureRows(key, name, key === 'ceiling' ? '' : '≥ 0.80')),
    ['instances ready in (ms)', ...rest((run) => run.readyMs.join(', ')), '', ''],
    ['churches answering /readyz, per instance', ...rest((run) => run.churchesReady.join(', ')), '', ''],
    ['resident MiB per instance at rest', ...rest((run) => run.rssMiBAtRest.join(', ')), '', ''],
    ['  peak of the measured instance under load', ...both((side) => String(measured.peakRssMiB[side])), '', ''],
    ['server connections at rest, all instances', ...rest((run) => String(run.connectionsAtRest)), '', ''],
    ['churches made and analyzed (s)', '', String(copySeconds), '', ''],
    ['migrate every church, none to run (s)', '', migrated(migration.upToDate), '', ''],
    ['migrate every church, one each to run (s)', '', migrated(migration.oneEach), '', ''],
  ];
  const header = ['figure', 'one church, 1 instance', `${CHURCHES} churches, ${INSTANCES} instances`, 'many / one: median (each round)', 'target'];
  return markdownTable(header, body);
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
  const sides: Side[] = [];
  let measured: Measured;
  try {
    sides.push(await startOneChurch());
    sides.push(await startManyChurches(target));
    const [one, many] = sides;
    const ready = { one: await readiness(one), many: await readiness(many) };
    step(`waiting ${IDLE_CLOSE_MS / 1000} s for idle connections to close`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_CLOSE_MS + 1000));
    const rest = { one: await atRest(one, ready.one), many: await atRest(many, ready.many) };
    measured = { rest, ...await measureInRounds(one, many) };
  } finally {
    await Promise.all(sides.flatMap((side) => side.instances.map((instance) => instance.stop())));
    await dropPostgres(serverUrl, SINGLE_DATABASE);
  }
  console.log(`\n${table(measured, copySeconds, migration)}\n`);
  const file = path.join('bench/results', `many-churches-${new Date().toISOString().slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const ratios = Object.fromEntries(FIGURES.map(([key]) => [key, median(measured.rounds[key].ratios)]));
  fs.writeFileSync(file, `${JSON.stringify({
    ranAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadAverage },
    churches: CHURCHES, instances: INSTANCES, seconds: SECONDS, connections: CONNECTIONS, roundsEach: ROUNDS, serverMaxConnections: maxConnections,
    seedSeconds, copySeconds, migration, lastMigration: LAST_MIGRATION, ...measured, ratios,
  }, null, 2)}\n`);
  step(`figures written to ${file}; the run took ${Math.round(secondsSince(started))} s`);
} finally {
  await dropPostgres(serverUrl, RUN_DATABASE);
}
