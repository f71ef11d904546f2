/**
 * The public iCalendar feed of a calendar with EVENTS events (default 3,000, one a day around today): how long a
 * cold and a repeated feed take, and how long /healthz waits while five anonymous feed requests run at once.
 * The embedded database, or the PostgreSQL server of TEST_DATABASE_URL. Writes bench/results/ics-feed-<date>.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRepositories } from '../src/db/repositories/index.js';
import { newAdmin, otherEventTypeId } from '../tests/helpers/factories.js';
import { startTestServer } from '../tests/helpers/server.js';

const EVENTS = Number(process.env.EVENTS ?? 3000);
execFileSync('npx', ['tsx', 'tests/prepare.ts'], { stdio: 'inherit' });
const server = await startTestServer();
const admin = await newAdmin(server);
const key = { key: admin.apiKey };
await server.post('/admin/api/system/config/bEnableExternalCalendarAPI', { value: '1' }, key);
await server.post('/admin/api/system/config/iPublicFormRateLimitPerMinute', { value: '0' }, key);
const calendar = (await server.post('/api/calendars', { Name: 'Everything' }, key)).body;
const token = (await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, undefined, key)).body.AccessToken;
const typeId = await otherEventTypeId(server, admin.apiKey);
const repos = createRepositories(server.database.db);
const first = new Date(Date.UTC(2026, 0, 1) - (EVENTS / 2) * 86_400_000);
const day = (i: number) => new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
const rows = await repos.events.insertMany(Array.from({ length: EVENTS }, (_, i) => ({
  title: `Event ${i}`, type_id: typeId, created_at: '2026-01-01 00:00:00', start_at: `${day(i)} 10:00:00`, end_at: `${day(i)} 11:00:00`, description: '<p>Bring <b>music</b></p>',
})));
await repos.events.pin(rows.map((row) => row.id), [calendar.Id]);

await server.app.http.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.app.http.server.address() as AddressInfo).port}`;
const timed = async (path: string) => {
  const started = performance.now();
  const answer = await fetch(`${base}${path}`);
  await answer.text();
  return Math.round(performance.now() - started);
};
const feed = `/api/public/calendar/${token}/ics`;
const cold = await timed(feed);
const warm = [await timed(feed), await timed(feed), await timed(feed)];
const parallel = Array.from({ length: 5 }, () => timed(feed));
const health = await timed('/healthz');
const feeds = await Promise.all(parallel);
const figures = { database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', events: EVENTS, coldMs: cold, warmMs: warm, healthzDuringFiveFeedsMs: health, fiveParallelFeedsMs: feeds };
console.log(JSON.stringify(figures));
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(`bench/results/ics-feed-${figures.database}-${new Date().toISOString().slice(0, 10)}.json`, `${JSON.stringify(figures, null, 2)}\n`);
await server.close();
