/**
 * `npm run bench [-- --scale N --attempts N --samples N]`: seeds a church at scale N (once; later runs reuse a
 * copy), starts the service on it and prints the figures of issue #9 for the embedded database and, when
 * DATABASE_URL names a PostgreSQL server, for that server too. Writes bench/results/<date>.json.
 * `npm run bench -- --shape peer` measures issue 21's figures instead (bench/peer.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { coldStart } from './lib/cold-start.js';
import { call, latencyOf, load, login, type Latency, type Throughput } from './lib/http.js';
import { buildInProcess, measureGeneration, overbookings, pgdataOf, signupStatements, statementsOf, type GenerationFigures } from './lib/in-process.js';
import { dropPostgres, pgliteCopy, postgresCopy, scaleRecipe } from './lib/seeded.js';
import { sampleRss, startService } from './lib/service.js';
import { attemptsFor, BARE_STATEMENTS, bareSignupsOnPglite, bareSignupsOnPostgres, httpSignups, type BareResult, type Slot } from './lib/signup.js';
import { benchPeer } from './peer.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    attempts: { type: 'string', default: '4000' },
    samples: { type: 'string', default: '200' },
    connections: { type: 'string', default: '50' },
    shape: { type: 'string', default: 'scale' },
    database: { type: 'string', default: 'both' },
  },
});
const scale = Number(values.scale);
const attemptLimit = Number(values.attempts);
const samples = Number(values.samples);
const connections = Number(values.connections);
// Only the server: a before/after pair on PostgreSQL runs in minutes instead of waiting on the embedded database's seed.
const kinds = { both: ['pglite', 'postgres'], pglite: ['pglite'], postgres: ['postgres'] }[values.database] as Array<'pglite' | 'postgres'> | undefined;
if (!(scale > 0) || !(attemptLimit > 0) || !(samples > 0) || !(connections > 0) || !['scale', 'peer'].includes(values.shape) || !kinds) {
  console.error('usage: npm run bench -- [--shape scale|peer (default scale)] [--scale N (default 1)] [--attempts N] [--samples N] [--connections N] [--database both|pglite|postgres (default both)]');
  process.exit(2);
}
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'changeme';
const SEED_PASSWORD = 'seed-password';
const VOLUNTEERS = 50;
const RUN_DATABASE = 'vms_bench_run';
const step = (text: string) => console.log(`bench: ${text}`);

export interface Figures {
  database: string;
  scale: number;
  ceiling: Throughput;
  bareSignup: BareResult;
  httpSignup: Throughput & { accepted: number; refused: number; attempts: number };
  signupRatioToBare: number;
  signupRatioToCeiling: number;
  overbookings: number;
  latency: Record<'dashboardCoordinator' | 'dashboardManager' | 'summary' | 'ministryEvents', Latency>;
  statements: Record<string, number>;
  generation: GenerationFigures;
  coldStart: { readyMs: number[]; rssMiB: number };
  restartOnSeededMs: number;
  rssUnderLoadMiB: number;
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<Figures> {
  const serverUrl = process.env.DATABASE_URL;
  const runDir = path.join(os.tmpdir(), `vms-bench-${process.pid}`);
  step(`${kind}: preparing a copy of the seeded church`);
  const { target } = kind === 'pglite' ? await pgliteCopy(scaleRecipe(scale), runDir) : await postgresCopy(scaleRecipe(scale), serverUrl!, RUN_DATABASE);
  try {
    const service = await startService(target);
    const base = service.baseUrl;
    const rss = sampleRss(service.pid);
    step(`${kind}: service ready in ${service.readyMs} ms; signing in`);
    const adminKey = await login(base, 'admin', ADMIN_PASSWORD);
    await call(base, 'POST', '/admin/api/system/config/iLoginRateLimitPerMinute', { key: adminKey, body: { value: 0 } });
    const coordinatorKey = await login(base, 'coordinator', SEED_PASSWORD);
    const managerKey = await login(base, 'manager', SEED_PASSWORD);
    const volunteerKeys: string[] = [];
    const personIds: number[] = [];
    for (let i = 1; i <= VOLUNTEERS; i++) {
      const key = await login(base, `volunteer${i}`, SEED_PASSWORD);
      volunteerKeys.push(key);
      personIds.push((await call(base, 'GET', '/api/users/current', { key })).user.personId);
    }
    const dashboard = await call(base, 'GET', '/api/ministries/dashboard', { key: coordinatorKey });
    // E1 and E16 on the coordinator's ministry that owns the most events (the Sunday services at scale 1).
    let ministryId: number = dashboard.scope.ministries[0].id;
    let mostEvents = -1;
    for (const { id } of dashboard.scope.ministries as Array<{ id: number }>) {
      const { events } = await call(base, 'GET', `/api/ministries/ministries/${id}/events`, { key: coordinatorKey });
      if (events.length > mostEvents) [ministryId, mostEvents] = [id, events.length];
    }
    const today: string = dashboard.from;
    const to = new Date(Date.parse(`${today}T00:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
    const open: Slot[] = (await call(base, 'GET', `/api/me/opportunities?from=${today}&to=${to}`, { key: volunteerKeys[0] })).opportunities
      .filter((row: Slot & { alreadyServing: boolean }) => row.openCount > 0);
    // One slot for the in-process statement count; the rest alternate between the bare client and HTTP.
    const countedSlot = open.pop()!;
    const bareSlots = open.filter((_, i) => i % 2 === 0);
    const httpSlots = open.filter((_, i) => i % 2 === 1);
    const bareAttempts = attemptsFor(bareSlots, attemptLimit);
    const httpAttempts = attemptsFor(httpSlots, attemptLimit);
    step(`${kind}: ${open.length} open slots; ${httpAttempts.length} sign-up attempts per client kind`);

    step(`${kind}: ceiling (GET /healthz, ${connections} connections, 10 s)`);
    const ceiling = await load({ url: `${base}/healthz`, connections, duration: 10 });

    let bareSignup: BareResult | undefined;
    if (target.kind === 'postgres') {
      step(`${kind}: bare pg sign-up transactions, ${connections} clients`);
      bareSignup = await bareSignupsOnPostgres(target.url, personIds, bareAttempts, connections);
    }
    step(`${kind}: E11 sign-ups over HTTP, ${connections} clients`);
    const signup = await httpSignups(base, volunteerKeys, httpAttempts, connections);

    step(`${kind}: latencies (${samples} requests each)`);
    const latency = {
      dashboardCoordinator: await latencyOf(base, '/api/ministries/dashboard', coordinatorKey, samples),
      dashboardManager: await latencyOf(base, '/api/ministries/dashboard', managerKey, samples),
      summary: await latencyOf(base, `/api/ministries/ministries/${ministryId}/summary`, coordinatorKey, samples),
      ministryEvents: await latencyOf(base, `/api/ministries/ministries/${ministryId}/events`, coordinatorKey, samples),
    };
    const rssUnderLoadMiB = rss.stop();
    await service.stop();

    if (target.kind === 'pglite') {
      step(`${kind}: bare PGlite sign-up transactions, ${connections} clients`);
      bareSignup = await bareSignupsOnPglite(pgdataOf(target.dataDir), personIds, bareAttempts, connections);
    }

    step(`${kind}: statements per request, E5 generation, overbookings`);
    const inProcess = await buildInProcess(target);
    let statements: Record<string, number>;
    let generation: GenerationFigures;
    let over: number;
    try {
      const { app } = inProcess;
      statements = {
        healthz: await statementsOf(app, 'GET', '/healthz', adminKey),
        signup: await signupStatements(app, volunteerKeys[0], countedSlot),
        bareSignup: BARE_STATEMENTS,
        dashboardCoordinator: await statementsOf(app, 'GET', '/api/ministries/dashboard', coordinatorKey),
        dashboardManager: await statementsOf(app, 'GET', '/api/ministries/dashboard', managerKey),
        summary: await statementsOf(app, 'GET', `/api/ministries/ministries/${ministryId}/summary`, coordinatorKey),
        ministryEvents: await statementsOf(app, 'GET', `/api/ministries/ministries/${ministryId}/events`, coordinatorKey),
      };
      generation = await measureGeneration(app, adminKey, personIds);
      statements.generation = generation.statements;
      over = await overbookings(inProcess.database, [...new Set([...bareAttempts, ...httpAttempts].map((slot) => slot.occurrenceId))]);
    } finally {
      await inProcess.close();
    }

    step(`${kind}: cold start on an empty ${kind === 'pglite' ? 'data directory' : 'database'}`);
    const cold = await coldStart(kind, serverUrl);

    const accepted = signup.statusCounts['201'] ?? 0;
    return {
      database: kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server',
      scale,
      ceiling,
      bareSignup: bareSignup!,
      httpSignup: { ...signup, accepted, refused: signup.statusCounts['409'] ?? 0, attempts: httpAttempts.length },
      signupRatioToBare: Math.round((signup.requestsPerSecond / bareSignup!.attemptsPerSecond) * 100) / 100,
      signupRatioToCeiling: Math.round((signup.requestsPerSecond / ceiling.requestsPerSecond) * 100) / 100,
      overbookings: over,
      latency,
      statements,
      generation,
      coldStart: cold,
      restartOnSeededMs: service.readyMs,
      rssUnderLoadMiB,
    };
  } finally {
    if (target.kind === 'pglite') fs.rmSync(runDir, { recursive: true, force: true });
    else await dropPostgres(serverUrl!, RUN_DATABASE);
  }
}

const STATEMENT_ROWS: Array<[string, string]> = [
  ['healthz', 'GET /healthz'], ['signup', 'E11 sign-up'], ['bareSignup', 'bare sign-up'], ['dashboardCoordinator', 'E8 coordinator'],
  ['dashboardManager', 'E8 manager'], ['summary', 'E16 summary'], ['ministryEvents', 'E1 events'], ['generation', 'E5 generation'],
];

function table(results: readonly Figures[]): string {
  const rows: Array<[string, (f: Figures) => string, string]> = [
    ['ceiling: GET /healthz req/s', (f) => `${f.ceiling.requestsPerSecond}`, ''],
    ['bare sign-up transactions/s', (f) => `${f.bareSignup.attemptsPerSecond} (${f.bareSignup.accepted} ok, ${f.bareSignup.refused} full)`, ''],
    ['E11 sign-up over HTTP req/s', (f) => `${f.httpSignup.requestsPerSecond} (${f.httpSignup.accepted}×201, ${f.httpSignup.refused}×409, ${f.httpSignup.errors} errors)`, ''],
    ['  ratio to bare client', (f) => `${Math.round(f.signupRatioToBare * 100)} %`, '≥ 60 %'],
    ['  ratio to ceiling', (f) => `${Math.round(f.signupRatioToCeiling * 100)} %`, ''],
    ['  overbookings', (f) => `${f.overbookings}`, '0'],
    ['E8 dashboard, coordinator of 3 (p50/p95/p99 ms)', (f) => ms(f.latency.dashboardCoordinator), 'p95 ≤ 25'],
    ['E8 dashboard, global manager (p50/p95/p99 ms)', (f) => ms(f.latency.dashboardManager), 'p95 ≤ 25'],
    ['E16 summary (p50/p95/p99 ms)', (f) => ms(f.latency.summary), ''],
    ['E1 ministry events (p50/p95/p99 ms)', (f) => ms(f.latency.ministryEvents), ''],
    ['E5 generation 366 × 10 with defaults (s)', (f) => `${f.generation.seconds} (${f.generation.created} occ., ${f.generation.assigned} assigned)`, '≤ 0.5'],
    ...STATEMENT_ROWS.map(([key, name]): [string, (f: Figures) => string, string] => [`SQL statements: ${name}`, (f) => `${f.statements[key]}`, '≤ 12']),
    ['cold start, empty data (ms, runs)', (f) => f.coldStart.readyMs.join(' / '), '≤ 2000'],
    ['RSS after cold start (MiB)', (f) => `${f.coldStart.rssMiB}`, ''],
    ['RSS under load, peak (MiB)', (f) => `${f.rssUnderLoadMiB}`, '≤ 200 PG, ≤ 1024 PGlite'],
    ['start on the seeded church (ms)', (f) => `${f.restartOnSeededMs}`, ''],
  ];
  const header = ['figure', ...results.map((f) => `${f.database}, scale ${f.scale}`), 'target'];
  const body = rows.map(([name, value, target]) => [name, ...results.map(value), target]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const ms = (l: Latency) => `${l.p50} / ${l.p95} / ${l.p99}`;

async function benchScale(): Promise<void> {
  const results: Figures[] = [];
  for (const kind of onDatabases()) results.push(await benchOn(kind));
  const output = table(results);
  console.log(`\n${output}\n`);
  const file = path.join('bench/results', `${new Date().toISOString().slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ranAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, results }, null, 2)}\n`);
  step(`figures written to ${file}`);
}

/** The databases asked for: PostgreSQL only with DATABASE_URL. */
function onDatabases(): Array<'pglite' | 'postgres'> {
  const wanted = kinds!.filter((kind) => kind === 'pglite' || process.env.DATABASE_URL);
  if (wanted.length === 0) throw new Error('--database postgres needs DATABASE_URL');
  return wanted;
}

if (values.shape === 'peer') await benchPeer(connections, onDatabases());
else await benchScale();
