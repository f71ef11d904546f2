import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRepositories } from '../../src/db/repositories/index.js';
import type { ScheduleRow } from '../../src/db/schema.js';
import { runGeneration } from '../../src/domain/schedules/generation.js';
import { countRows, editSchedule, lowerMaxBelowDefaults, newPerson, otherEventTypeId, setUp, storedRows, useServer, useUser } from '../kit/index.js';

/** One generation run (E5 steps 2–3) on a real database, called directly: idempotency and the order of work. */
const server = useServer();
const admin = useUser(server, ['admin']);
let schedule: ScheduleRow;
let readerId: number;
let qualified: number;
let unqualified: number;
const V = '/api/ministries';
const repos = () => createRepositories(server.database.db);
const context = (today: string, horizonWeeks = 2) => ({ today, now: `${today} 08:00:00`, horizonWeeks });

setUp(async () => {
  const key = { key: admin.apiKey };
  const ministryId = (await server.post(`${V}/ministries`, { name: 'Generation' }, key)).body.ministry.id;
  const teamId = (await server.get(`${V}/ministries/${ministryId}/teams`, key)).body.teams[0].id;
  readerId = (await server.post(`${V}/ministries/${ministryId}/positions`, { name: 'Reader', teamId }, key)).body.position.id;
  qualified = (await newPerson(server)).id;
  unqualified = (await newPerson(server)).id;
  await server.post(`${V}/positions/${readerId}/qualifications`, { personId: qualified }, key);
  const type = await otherEventTypeId(server, admin.apiKey);
  await server.post('/api/events/repeat', { Title: 'Matins', Type: type, StartTime: '09:00', EndTime: '10:00', RecurType: 'weekly', RecurDOW: 'Sunday', RangeStart: '2026-03-08', RangeEnd: '2026-06-28' }, key);
  // Saved inactive, so that creating it generates nothing and every run below is the test's own.
  const created = await server.post(`${V}/ministries/${ministryId}/schedules`, {
    name: 'Readers', linkMode: 'event_type', eventTypeId: type, titleFilter: 'Matins', teamId, windowStart: '2026-03-01', active: false,
    requirements: [{ positionId: readerId, minCount: 1, maxCount: 2 }],
  }, key);
  schedule = (await repos().schedules.findById(created.body.schedule.id))!;
});

const occurrencesOf = async (scheduleId: number) =>
  (await storedRows(server, 'occurrences', { schedule_id: scheduleId })).sort((a, b) => a.occurrence_date.localeCompare(b.occurrence_date));
const occurrences = () => occurrencesOf(schedule.id);
const assignmentsOn = async (occurrenceId: number) =>
  (await storedRows(server, 'assignments', { occurrence_id: occurrenceId })).map(({ person_id, status }) => ({ person_id, status }));

describe('runGeneration', () => {
  it('attaches one occurrence per followed event in [today, today + horizon], and nothing on a second run', async () => {
    const first = await runGeneration(repos(), schedule, context('2026-03-04'));
    assert.deepEqual({ created: first.created, existing: first.existing, from: first.from, through: first.through }, { created: 2, existing: 0, from: '2026-03-04', through: '2026-03-18' });
    const second = await runGeneration(repos(), schedule, context('2026-03-04'));
    assert.deepEqual({ created: second.created, existing: second.existing }, { created: 0, existing: 2 });
    assert.deepEqual((await occurrences()).map((o) => o.occurrence_date), ['2026-03-08', '2026-03-15']);
  });

  it('assigns saved defaults in order only on the occurrences the run creates, skipping the unqualified', async () => {
    await editSchedule(server, schedule.id, { requirements: [{ positionId: readerId, minCount: 1, maxCount: 2, defaults: [{ personId: unqualified }, { personId: qualified }] }] });
    const run = await runGeneration(repos(), schedule, context('2026-03-11'));
    assert.deepEqual({ created: run.created, existing: run.existing, assigned: run.assigned, unqualified: run.unqualified }, { created: 1, existing: 1, assigned: 1, unqualified: 1 });
    const [march8, march15, march22] = await occurrences();
    assert.deepEqual(await assignmentsOn(march8.id), [], 'an earlier run\'s occurrence gets nobody');
    assert.deepEqual(await assignmentsOn(march15.id), []);
    assert.deepEqual(await assignmentsOn(march22.id), [{ person_id: qualified, status: 'pending' }]);
  });

  it('records accepted defaults as accepted, and counts defaults beyond Max as skipped', async () => {
    const extra = (await newPerson(server)).id;
    await server.post(`${V}/positions/${readerId}/qualifications`, { personId: extra }, { key: admin.apiKey });
    await editSchedule(server, schedule.id, { requirements: [{ positionId: readerId, minCount: 1, maxCount: 2, defaults: [{ personId: qualified, accepted: true }, { personId: extra }] }] });
    await lowerMaxBelowDefaults(server, schedule.id, 1);
    const run = await runGeneration(repos(), schedule, context('2026-03-18'));
    assert.deepEqual({ created: run.created, assigned: run.assigned, skipped: run.skipped }, { created: 1, assigned: 1, skipped: 1 });
    const latest = (await occurrences()).at(-1)!;
    assert.deepEqual(await assignmentsOn(latest.id), [{ person_id: qualified, status: 'accepted' }]);
  });

  it('covers nothing once the window has ended', async () => {
    const ended = { ...schedule, window_end: '2026-03-01' };
    const run = await runGeneration(repos(), ended, context('2026-03-18'));
    assert.equal(run.created + run.existing, 0);
  });

  it('assigns every default of a run larger than one statement may carry parameters for (65,535)', async () => {
    const key = { key: admin.apiKey };
    const ministryId = (await server.post(`${V}/ministries`, { name: 'Large parish' }, key)).body.ministry.id;
    const teamId = (await server.get(`${V}/ministries/${ministryId}/teams`, key)).body.teams[0].id;
    const type = await otherEventTypeId(server, admin.apiKey);
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      const series = await server.post('/api/events/repeat', { Title: 'Daily office', Type: type, StartTime: '07:00', EndTime: '08:00', RecurType: 'weekly', RecurDOW: day, RangeStart: '2026-03-05', RangeEnd: '2027-03-03' }, key);
      assert.equal(series.status, 200, series.text);
    }
    const people = await Promise.all([1, 2, 3].map(async () => (await newPerson(server)).id));
    const requirements = [];
    for (let i = 0; i < 10; i++) {
      const positionId = (await server.post(`${V}/ministries/${ministryId}/positions`, { name: `Office ${i}`, teamId }, key)).body.position.id;
      for (const personId of people) await server.post(`${V}/positions/${positionId}/qualifications`, { personId }, key);
      requirements.push({ positionId, minCount: 3, maxCount: 3, defaults: people.map((personId) => ({ personId })) });
    }
    const created = await server.post(`${V}/ministries/${ministryId}/schedules`, {
      name: 'Offices', linkMode: 'event_type', eventTypeId: type, titleFilter: 'Daily office', teamId, windowStart: '2026-03-01', active: false, requirements,
    }, key);
    assert.equal(created.status, 201, created.text);
    const large = (await repos().schedules.findById(created.body.schedule.id))!;
    // 364 occurrences × 10 positions × 3 defaults: 10,920 assignments and as many messages.
    const run = await runGeneration(repos(), large, context('2026-03-04', 52));
    assert.deepEqual({ created: run.created, assigned: run.assigned }, { created: 364, assigned: 10_920 });
    const occurrenceIds = (await occurrencesOf(large.id)).map((o) => o.id);
    assert.equal(await countRows(server, 'assignments', { occurrence_id: occurrenceIds }), 10_920);
  });
});
