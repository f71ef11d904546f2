/**
 * The web app's figures of issues 15, 16 and 37: the JavaScript a volunteer's phone downloads (gzipped), what a
 * first visit to the sign-in page transfers and how long it takes on a throttled phone, the time from navigation
 * to My schedule shown with data for a volunteer, and to the dashboard and an occurrence page shown with data for
 * the global manager, of a seeded church (`npm run seed`, scale 0.1 by default: 500 people,
 * about 50,000 assignments), on the embedded database. Not a test: it prints and writes
 * bench/results/web-<date>.json.
 *
 *   npx tsx bench/web.ts [--scale 0.1] [--runs 10]
 *   npx tsx bench/web.ts --first-visit [--runs 10]   (the sign-in page's figures only, on an empty church: no seeding)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser.js';
import { pgliteCopy, scaleRecipe } from './lib/seeded.js';
import { spawnService, waitForReady } from '../tests/helpers/service-process.js';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '0.1' }, runs: { type: 'string', default: '10' }, 'first-visit': { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-web-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Phones of issue 37, as Chromium's DevTools throttle them: the CPU slowed and every request delayed by the round
 * trip, the bytes paced at the link's rate.
 */
const PHONES = {
  midPhone: { cpuSlowdown: 4, roundTripMs: 150, kbitPerSecond: 1600 },
  slow3g: { cpuSlowdown: 6, roundTripMs: 400, kbitPerSecond: 400 },
} as const;

// The seeded church is kept per scale (bench/.cache) and copied for each run: scale 1 takes minutes to seed. The
// sign-in page reads no data, so its figures need none: --first-visit measures them before and after a change of
// the web app within minutes, where a changed migration would mean seeding again.
const firstVisitOnly = values['first-visit'];
if (!firstVisitOnly) await pgliteCopy(scaleRecipe(Number(values.scale)), dataDir);

const service = await spawnService({ DATA_DIR: dataDir });
await waitForReady(service);
const base = `http://127.0.0.1:${service.port}`;
const browser = await launchBrowser();
try {
  const signedUp = firstVisitOnly ? 0 : await signUpForOpenSpots('volunteer1', 10);
  const webRoot = newestBuild();
  // What every visitor downloads: the entry script and the chunks index.html preloads; workspace pages load later.
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
  const gzippedBytes = scripts.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(webRoot, 'assets', file)), { level: 9 }).length, 0);

  const firstVisit = await measureFirstVisit();
  if (firstVisitOnly) {
    console.table({ date: new Date().toISOString(), loadAverage: os.loadavg().map((load) => load.toFixed(1)).join(' '), javascriptGzippedKB: Math.round(gzippedBytes / 102.4) / 10, ...firstVisit });
  } else {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('User name').fill('volunteer1');
    await page.getByLabel('Password', { exact: true }).fill('seed-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My schedule' }).waitFor();

    const timings: number[] = [];
    let apiCalls = 0;
    page.on('request', (request) => { if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls++; });
    for (let run = 0; run < runs; run++) {
      apiCalls = 0;
      const started = performance.now();
      await page.goto(`${base}/`);
      await page.locator('li.card, .empty').first().waitFor();
      timings.push(performance.now() - started);
    }
    const cards = await page.locator('li.card').count();
    const workspace = await measureWorkspace();
    const result = {
      date: new Date().toISOString(),
      scale: Number(values.scale),
      javascriptGzippedKB: Math.round(gzippedBytes / 102.4) / 10,
      ...firstVisit,
      myScheduleApiCalls: apiCalls,
      myScheduleAssignmentsShown: cards,
      openSpotsTakenBeforehand: signedUp,
      navigationToScheduleMs: { median: Math.round(median(timings)), max: Math.round(Math.max(...timings)), runs },
      ...workspace,
    };
    console.table(result);
    fs.mkdirSync('bench/results', { recursive: true });
    const out = path.join('bench', 'results', `web-${result.date.slice(0, 10)}.json`);
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${out}`);
  }
} finally {
  await browser.close();
  service.child.kill('SIGTERM');
  await service.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A seeded volunteer login serves nowhere yet: `userName` signs up (E11) for the first `count` open spots that
 * E10 offers, over the API, so My schedule is measured with data.
 */
async function signUpForOpenSpots(userName: string, count: number): Promise<number> {
  const login = await fetch(`${base}/api/public/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: 'seed-password' }) });
  const key = ((await login.json()) as { apiKey: string }).apiKey;
  const listed = await fetch(`${base}/api/me/opportunities`, { headers: { 'x-api-key': key } });
  const { opportunities } = (await listed.json()) as { opportunities: Array<{ occurrenceId: number; positionId: number }> };
  let signedUp = 0;
  for (const { occurrenceId, positionId } of opportunities) {
    if (signedUp === count) break;
    const answer = await fetch(`${base}/api/me/signup`, {
      method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ occurrenceId, positionId }),
    });
    if (answer.status === 201) signedUp++;
  }
  return signedUp;
}

/**
 * A first visit (a new browser context: nothing cached) to the sign-in page, `runs` times per phone: until its form
 * is painted (the field is there and the page has had its first contentful paint: the service sends the form drawn,
 * so it shows before the scripts have run) and until it can be sent (its button enabled, once the scripts took the
 * page over); the median and the slowest of each, and the bytes it transferred (bodies as sent, compressed or not,
 * and headers).
 */
async function measureFirstVisit() {
  let transferredBytes = 0;
  const times: Record<string, { median: number; max: number; runs: number }> = {};
  for (const [phone, { cpuSlowdown, roundTripMs, kbitPerSecond }] of Object.entries(PHONES)) {
    const samples: number[] = [];
    const usable: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const bytesPerSecond = (kbitPerSecond * 1000) / 8;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: roundTripMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      const sizes: Array<Promise<number>> = [];
      page.on('requestfinished', (request) => sizes.push(request.sizes().then((size) => size.responseBodySize + size.responseHeadersSize)));
      const started = performance.now();
      // Not until the load event, which waits for every script: the form may show before them.
      await page.goto(`${base}/sign-in`, { waitUntil: 'commit' });
      await page.getByLabel('User name').waitFor();
      await page.waitForFunction(() => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'));
      samples.push(performance.now() - started);
      await page.locator('button[type="submit"]:enabled').waitFor();
      usable.push(performance.now() - started);
      await page.waitForLoadState('networkidle');
      transferredBytes = (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
      await context.close();
    }
    times[phone] = { median: Math.round(median(samples)), max: Math.round(Math.max(...samples)), runs };
    times[`${phone}Usable`] = { median: Math.round(median(usable)), max: Math.round(Math.max(...usable)), runs };
  }
  return {
    firstVisitTransferredKB: Math.round(transferredBytes / 102.4) / 10,
    signInShownMidPhoneMs: times.midPhone,
    signInUsableMidPhoneMs: times.midPhoneUsable,
    signInShownSlow3gMs: times.slow3g,
    signInUsableSlow3gMs: times.slow3gUsable,
  };
}

/** Navigates to `url` `runs` times; the median and the slowest time until `ready` shows. */
async function timeNavigation(page: Page, url: string, ready: () => Locator) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await page.goto(url);
    await ready().first().waitFor();
    times.push(performance.now() - started);
  }
  return { median: Math.round(median(times)), max: Math.round(Math.max(...times)), runs };
}

/**
 * The coordinator's pages of issue 16 for the seeded global manager (every ministry in scope): the dashboard with
 * its 28-day panels, and the staffing page of the next occurrence with the most requirements.
 */
async function measureWorkspace() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('User name').fill('manager');
  await page.getByLabel('Password', { exact: true }).fill('seed-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My schedule' }).waitFor();
  const dashboard = await timeNavigation(page, `${base}/ministries/dashboard`, () => page.getByRole('heading', { name: 'Positions still to fill' }));
  const login = await fetch(`${base}/api/public/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'manager', password: 'seed-password' }) });
  const key = ((await login.json()) as { apiKey: string }).apiKey;
  const today = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10);
  const listed = await fetch(`${base}/api/ministries/occurrences?from=${today}&to=${to}`, { headers: { 'x-api-key': key } });
  const { occurrences } = (await listed.json()) as { occurrences: Array<{ id: number; requirementCount: number }> };
  const busiest = [...occurrences].sort((a, b) => b.requirementCount - a.requirementCount)[0];
  const occurrence = await timeNavigation(page, `${base}/ministries/occurrences/${busiest.id}`, () => page.locator('[data-field="live"]'));
  await context.close();
  return { dashboardWithDataMs: dashboard, occurrencePageWithDataMs: occurrence };
}

/** The build `npm start` just made or reused (scripts/build-web.mjs keeps a few, newest last touched). */
function newestBuild(): string {
  const root = path.resolve('.cache', 'web');
  const builds = fs.readdirSync(root).filter((entry) => !entry.includes('.tmp')).map((entry) => path.join(root, entry));
  return builds.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}
