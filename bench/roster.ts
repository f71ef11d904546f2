/**
 * The roster's speed (issue 35 #1: 12 weeks × 30 positions at scale 1 shows with data in ≤ 1 s) on the seeded church
 * (`npm run seed`, scale 1 by default). The seeded coordinator's first ministry has 15 positions; the bench adds
 * positions (each a need of Min 1, Max 2 on one of the ministry's schedules) until it has `--positions`, so the
 * roster's rows are as many as the issue asks, then times `GET …/roster` over `--weeks` weeks from today `--calls`
 * times one after another over HTTP (after 3 warm-ups) and samples the load average meanwhile; then opens the Roster
 * page on that range in headless Chromium at 1280 px `--browser-runs` times, until the grid's last row and a placed
 * person are shown (the "shows with data"); `--profile` prints where the page's main thread spent one more
 * opening (the DevTools protocol's CPU profile, self time by function). With `--explain` it
 * also prints EXPLAIN ANALYZE of each of the roster's statements, run in process on the same copy. Not a test: it
 * prints a table and writes bench/results/roster-<database>-<date>.json.
 *
 *   npx tsx bench/roster.ts [--scale 1] [--weeks 12] [--positions 30] [--calls 50] [--browser-runs 5] [--database pglite|postgres] [--explain]
 *
 * The embedded database unless `--database postgres` (then DATABASE_URL names the server; the seeded copy
 * `vms_rbench_seed_<scale>` is kept, the run's `vms_rbench` dropped).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { countStatements } from '../src/db/statement-count.js';
import { addDays } from '../src/domain/dates.js';
import { launchBrowser } from '../tests/helpers/browser.js';
import { call, login, percentile } from './lib/http.js';
import { buildInProcess } from './lib/in-process.js';
import { dropPostgres, pgliteCopy, postgresCopy, scaleRecipe } from './lib/seeded.js';
import { startService } from './lib/service.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    weeks: { type: 'string', default: '12' },
    positions: { type: 'string', default: '30' },
    calls: { type: 'string', default: '50' },
    'browser-runs': { type: 'string', default: '5' },
    database: { type: 'string', default: 'pglite' },
    explain: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const weeks = Number(values.weeks);
const wantedPositions = Number(values.positions);
const calls = Number(values.calls);
const browserRuns = Number(values['browser-runs']);
const kind = values.database as 'pglite' | 'postgres';
const serverUrl = process.env.DATABASE_URL;
if (!(scale > 0) || !(weeks >= 1 && weeks <= 26) || !(wantedPositions >= 1) || !(calls >= 1) || !['pglite', 'postgres'].includes(kind) || (kind === 'postgres' && !serverUrl)) {
  console.error('usage: npx tsx bench/roster.ts [--scale N] [--weeks 1–26] [--positions N] [--calls N] [--database pglite|postgres] [--explain]; postgres needs DATABASE_URL');
  process.exit(2);
}
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'changeme';
const SEED_PASSWORD = 'seed-password';
const V = '/api/ministries';
const step = (text: string) => console.log(`bench:roster: ${text}`);
const round = (n: number) => Math.round(n * 10) / 10;

const runDir = path.join(os.tmpdir(), `vms-rbench-${process.pid}`);
step(`${kind}: preparing a copy of the seeded church at scale ${scale}`);
const { target } = kind === 'pglite' ? await pgliteCopy(scaleRecipe(scale), runDir) : await postgresCopy(scaleRecipe(scale, `vms_rbench_seed_${String(scale).replace(/\W/g, '_')}`), serverUrl!, 'vms_rbench');
try {
  const service = await startService(target);
  const base = service.baseUrl;
  let figures;
  try {
    const adminKey = await login(base, 'admin', ADMIN_PASSWORD);
    await call(base, 'POST', '/admin/api/system/config/iLoginRateLimitPerMinute', { key: adminKey, body: { value: 0 } });
    const key = await login(base, 'coordinator', SEED_PASSWORD);
    const dashboard = await call(base, 'GET', `${V}/dashboard`, { key });
    const ministry = (dashboard.scope.ministries as Array<{ id: number; name: string }>)[0];
    const from: string = dashboard.from;
    const to = addDays(from, weeks * 7 - 1);

    // Top the ministry up to the positions asked for, each a need on one of its schedules (round robin).
    const positions = (await call(base, 'GET', `${V}/ministries/${ministry.id}/positions`, { key })).positions as Array<{ id: number }>;
    const schedules = ((await call(base, 'GET', `${V}/ministries/${ministry.id}/schedules`, { key })).schedules as Array<{ id: number; teamId: number }>);
    for (let i = positions.length; i < wantedPositions; i++) {
      const schedule = schedules[i % schedules.length];
      const position = (await call(base, 'POST', `${V}/ministries/${ministry.id}/positions`, { key, body: { name: `Bench position ${i + 1}`, teamId: schedule.teamId }, expected: 201 })).position;
      await call(base, 'POST', `${V}/schedules/${schedule.id}/requirements`, { key, body: { positionId: position.id, minCount: 1, maxCount: 2 }, expected: 201 });
    }

    const url = `${V}/ministries/${ministry.id}/roster?from=${from}&to=${to}`;
    let answer: any;
    let bytes = 0;
    for (let i = 0; i < 3; i++) answer = await call(base, 'GET', url, { key });
    step(`${ministry.name}: ${answer.occurrences.length} occurrences × ${answer.positions.length} positions over ${from} to ${to}; ${calls} calls`);
    const times: number[] = [];
    const loads: number[] = [os.loadavg()[0]];
    const sampler = setInterval(() => loads.push(os.loadavg()[0]), 1000);
    try {
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        const response = await fetch(`${base}${url}`, { headers: { 'x-api-key': key } });
        const text = await response.text();
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`roster answered ${response.status}: ${text.slice(0, 300)}`);
        bytes = text.length;
      }
    } finally {
      clearInterval(sampler);
    }
    loads.push(os.loadavg()[0]);
    const sorted = [...times].sort((a, b) => a - b);
    const placed = (answer.cells as Array<{ people: unknown[] }>).reduce((sum, cell) => sum + cell.people.length, 0);
    figures = {
      database: kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server',
      scale, date: new Date().toISOString(), ministry: { id: ministry.id, name: ministry.name }, range: { from, to, weeks },
      roster: { occurrences: answer.occurrences.length, positions: answer.positions.length, cells: answer.cells.length, peoplePlaced: placed, answerBytes: bytes },
      latencyMs: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted[sorted.length - 1]), calls },
      loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads), samples: loads.length },
      cores: os.cpus().length,
      url: url.replace(/\d{4}-\d\d-\d\d/g, 'DATE'),
      browser: await pageWithData(base, `/ministries/roster?ministryId=${ministry.id}&from=${from}&to=${to}`, answer.positions.length),
    };
    await service.stop();

    // The roster's statements, recorded in process on the same copy, and (with --explain) each one's plan.
    const inProcess = await buildInProcess(target);
    try {
      const inject = () => inProcess.app.http.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
      await inject();
      const counted = await countStatements(inject);
      (figures as Record<string, unknown>).statements = counted.statements;
      if (values.explain) await explain(inProcess, inject);
    } finally {
      await inProcess.close();
    }
  } finally {
    await service.stop().catch(() => undefined);
  }

  console.table({
    'roster (occurrences × positions)': `${figures.roster.occurrences} × ${figures.roster.positions}, ${figures.roster.cells} cells, ${figures.roster.peoplePlaced} people, ${Math.round(figures.roster.answerBytes / 1024)} KB`,
    'API p50 / p95 / max (ms)': `${figures.latencyMs.p50} / ${figures.latencyMs.p95} / ${figures.latencyMs.max} over ${calls} calls`,
    'load average (1 min) during': `${figures.loadAverage1m.min.toFixed(2)}–${figures.loadAverage1m.max.toFixed(2)} on ${figures.cores} cores`,
    'Roster page shown with data (ms)': `${figures.browser.medianMs} median, ${figures.browser.maxMs} at most over ${figures.browser.runs} runs (API answered at ${figures.browser.apiAnsweredMedianMs})`,
    statements: (figures as Record<string, unknown>).statements,
  });
  const file = path.resolve(`bench/results/roster-${kind}-${new Date().toISOString().slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  step(`wrote ${path.relative(process.cwd(), file)}`);
} finally {
  if (target.kind === 'pglite') fs.rmSync(runDir, { recursive: true, force: true });
  else await dropPostgres(serverUrl!, 'vms_rbench');
}

/**
 * The Roster page opened `browserRuns` times by the seeded coordinator (signed in once) at 1280 px: from navigation
 * until the grid shows all its rows and a placed person; the median and the slowest, with the load average meanwhile.
 */
async function pageWithData(base: string, url: string, rows: number) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('User name').fill('coordinator');
    await page.getByLabel('Password', { exact: true }).fill(SEED_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My schedule' }).waitFor();
    const times: number[] = [];
    const answered: number[] = [];
    const loads: number[] = [];
    for (let run = 0; run < browserRuns + 1; run++) {
      const started = performance.now();
      const api = page.waitForResponse((response) => /^\/api\/.*\/roster$/.test(new URL(response.url()).pathname)).then(() => performance.now() - started);
      await page.goto(`${base}${url}`);
      await page.locator(`.roster-grid tbody tr:nth-child(${rows})`).waitFor();
      await page.locator('.roster-grid .roster-people li').first().waitFor();
      // The first opening loads the workspace's scripts; the figures are of the later ones.
      if (run > 0) {
        times.push(performance.now() - started);
        answered.push(await api);
      }
      loads.push(os.loadavg()[0]);
    }
    if (values.profile) await profileOpening(page, `${base}${url}`, rows);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      medianMs: Math.round(percentile(sorted, 50)), maxMs: Math.round(sorted[sorted.length - 1]), runs: browserRuns,
      /** From navigation until the roster's answer arrived: the rest is the page drawing the grid. */
      apiAnsweredMedianMs: Math.round(percentile([...answered].sort((a, b) => a - b), 50)),
      loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads) },
    };
  } finally {
    await browser.close();
  }
}

/** One more opening of the page under the DevTools CPU profiler: the 15 functions with the most self time. */
async function profileOpening(page: import('playwright-core').Page, url: string, rows: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  await page.goto(url);
  await page.locator(`.roster-grid tbody tr:nth-child(${rows})`).waitFor();
  await page.locator('.roster-grid .roster-people li').first().waitFor();
  const { profile } = await session.send('Profiler.stop');
  const deltas = new Map<number, number>();
  profile.samples?.forEach((id, i) => deltas.set(id, (deltas.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + (deltas.get(node.id) ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU profile of one opening: ${Math.round(total)} ms sampled; most self time:`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${Math.round(ms).toString().padStart(6)} ms  ${name}`);
}

/**
 * EXPLAIN ANALYZE of each statement the roster sends, with the parameters it sent: Kysely's log hook gives the
 * compiled query, so the statements are caught there and explained one by one on the same connection.
 */
async function explain(inProcess: Awaited<ReturnType<typeof buildInProcess>>, inject: () => Promise<unknown>) {
  const caught: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const executor = inProcess.database.db.getExecutor() as unknown as { adapter: unknown; executeQuery: (query: { sql: string; parameters: readonly unknown[] }) => Promise<unknown> };
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = async (query) => {
    caught.push({ sql: query.sql, parameters: query.parameters });
    return original(query as never);
  };
  await inject();
  executor.executeQuery = original;
  for (const query of caught.filter((q) => /^\s*select/i.test(q.sql))) {
    const plan = await sql.raw(`explain (analyze, buffers) ${inlined(query.sql, query.parameters)}`).execute(inProcess.database.db);
    console.log(`\n${query.sql.slice(0, 160)}…\n${(plan.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

/** The statement with its $n parameters written in as literals, for EXPLAIN (which takes no parameters through sql.raw). */
function inlined(text: string, parameters: readonly unknown[]): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (Array.isArray(value)) return `array[${value.map(literal).join(',')}]${value.every((v) => typeof v === 'number') ? '::int[]' : ''}`;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  return text.replace(/\$(\d+)/g, (_, n) => literal(parameters[Number(n) - 1]));
}
