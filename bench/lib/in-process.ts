import path from 'node:path';
import { buildApp, type App } from '../../src/app.js';
import { openPglite, openPostgres, type Database } from '../../src/db/database.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import { countStatements } from '../../src/db/statement-count.js';
import { addDays } from '../../src/domain/dates.js';
import { capacityOf } from '../../src/domain/staffing/gaps.js';
import { loadEffectiveRequirements } from '../../src/domain/staffing/staffing.js';
import type { Target } from './service.js';

/**
 * The figures taken inside one process, with the app built on the benchmark's database: SQL statements per
 * measured request (recorded in the data layer), the E5 generation of 366 occurrences × 10 positions, and
 * the overbooking check after the sign-up load.
 */
async function openTarget(target: Target): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url);
}

export interface InProcess {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export async function buildInProcess(target: Target): Promise<InProcess> {
  const database = await openTarget(target);
  const app = await buildApp({ database, logger: false });
  return { app, database, async close() { await app.http.close(); await database.close(); } };
}

async function inject<T = any>(app: App, method: 'GET' | 'POST', url: string, key: string, body?: unknown, expected = 200): Promise<T> {
  const answer = await app.http.inject({ method, url, headers: { 'x-api-key': key }, ...(body === undefined ? {} : { payload: body as object }) });
  if (answer.statusCode !== expected) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  return answer.body === '' ? (undefined as T) : (answer.json() as T);
}

/** Statements of the second of two identical requests (the first warms caches and records the key's use). */
export async function statementsOf(app: App, method: 'GET' | 'POST', url: string, key: string, body?: unknown, expected = 200): Promise<number> {
  await inject(app, method, url, key, method === 'GET' ? undefined : body, expected);
  const { statements } = await countStatements(() => inject(app, method, url, key, body, expected));
  return statements;
}

/** The statements of one accepted sign-up (the slot is taken for real). */
export async function signupStatements(app: App, key: string, slot: { occurrenceId: number; positionId: number }): Promise<number> {
  await inject(app, 'GET', '/api/users/current', key);
  const { statements } = await countStatements(() => inject(app, 'POST', '/api/me/signup', key, slot, 201));
  return statements;
}

export interface GenerationFigures {
  seconds: number;
  statements: number;
  created: number;
  assigned: number;
}

/**
 * E5 on a schedule of 10 positions, each with one default volunteer, following 366 events within the
 * scheduling horizon (52 weeks): seven weekly series for a year plus two single events. The schedule is made
 * first on a decoy event past the horizon, so that the timed run is the one that creates the occurrences.
 */
export async function measureGeneration(app: App, adminKey: string, personIds: readonly number[]): Promise<GenerationFigures> {
  const V = '/api/ministries';
  const today = await app.services.time.today();
  const title = 'Generation benchmark service';
  await inject(app, 'POST', '/admin/api/system/config/iVolunteerSchedulingHorizonWeeks', adminKey, { value: 52 });
  const typeId = (await app.services.eventTypes.list()).find((t: { name: string }) => t.name === 'Other')!.id;
  const { ministry } = await inject(app, 'POST', `${V}/ministries`, adminKey, { name: `Generation benchmark ${Date.now()}` }, 201);
  const teamId = (await inject(app, 'GET', `${V}/ministries/${ministry.id}/teams`, adminKey)).teams[0].id;
  const requirements = [];
  for (let i = 0; i < 10; i++) {
    const { position } = await inject(app, 'POST', `${V}/ministries/${ministry.id}/positions`, adminKey, { name: `Role ${i + 1}`, teamId }, 201);
    const personId = personIds[i % personIds.length];
    await inject(app, 'POST', `${V}/positions/${position.id}/qualifications`, adminKey, { personId }, 201);
    requirements.push({ positionId: position.id, minCount: 1, maxCount: 2, defaults: [{ personId }] });
  }
  const single = (date: string, startTime: string) =>
    inject(app, 'POST', `${V}/ministries/${ministry.id}/events`, adminKey, { title, eventTypeId: typeId, date, startTime, endTime: '23:00' }, 201);
  await single(addDays(today, 400), '09:00');
  const { schedule } = await inject(app, 'POST', `${V}/ministries/${ministry.id}/schedules`, adminKey, {
    name: title, linkMode: 'ministry', titleFilter: title, teamId, windowStart: addDays(today, 400), requirements,
  }, 201);
  for (const dow of ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY']) {
    await inject(app, 'POST', `${V}/ministries/${ministry.id}/events`, adminKey, {
      title, eventTypeId: typeId, startTime: '09:00', endTime: '10:00', recurrence: { type: 'weekly', dow }, rangeStart: addDays(today, 1), rangeEnd: addDays(today, 364),
    }, 201);
  }
  await single(addDays(today, 1), '18:00');
  await single(addDays(today, 2), '18:00');
  await inject(app, 'POST', `${V}/schedules/${schedule.id}`, adminKey, { windowStart: addDays(today, 1) });
  const started = performance.now();
  const { result, statements } = await countStatements(() => inject(app, 'POST', `${V}/schedules/${schedule.id}/generate`, adminKey, {}));
  const seconds = (performance.now() - started) / 1000;
  return { seconds: Math.round(seconds * 1000) / 1000, statements, created: result.created, assigned: result.assigned };
}

/** Requirements on `occurrenceIds` holding more live assignments than their Max (must be none). */
export async function overbookings(database: Database, occurrenceIds: readonly number[]): Promise<number> {
  const effective = await loadEffectiveRequirements(createRepositories(database.db), occurrenceIds);
  let over = 0;
  for (const { requirements } of effective.values()) over += requirements.filter((r) => r.liveCount > capacityOf(r)).length;
  return over;
}

/** The data directory of the embedded database that a target uses. */
export const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');
