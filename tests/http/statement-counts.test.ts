import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { countStatements } from '../../src/db/statement-count.js';
import { type Answer, newUser, otherEventTypeId, type TestUser, setUp, useServer, useUser } from '../kit/index.js';

/**
 * The routes that `npm run bench` measures send a fixed number of SQL statements, however many ministries,
 * teams, occurrences and assignments they read: no query runs per row (issue #9: at most 12 per request).
 */
const LIMIT = 12;
const V = '/api/ministries';

const server = useServer();
const admin = useUser(server, ['admin']);
let typeId: number;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

async function ok<T = any>(answer: Promise<Answer<T>>, status = 201): Promise<T> {
  const settled = await answer;
  assert.equal(settled.status, status, settled.text);
  return settled.body;
}

interface Church {
  coordinator: TestUser;
  admin: TestUser;
  manager: TestUser;
  volunteer: TestUser;
  /** Qualified everywhere, placed by nobody: the person a coordinator assigns. */
  spare: TestUser;
  ministryId: number;
  /** A schedule generated for its first week only, with default volunteers. */
  scheduleId: number;
  /** An open slot the volunteer may take. */
  slot: { occurrenceId: number; positionId: number };
}

/**
 * `size + 1` ministries under one coordinator, each with `size` teams of two positions, `size` services a
 * week for eight weeks, a schedule per team with a default volunteer, and a qualified volunteer.
 */
async function church(size: number): Promise<Church> {
  const as = { key: admin.apiKey };
  const coordinator = await newUser(server, { roles: ['manageMyMinistries'] });
  const manager = await newUser(server, { roles: ['manageMinistries'] });
  const volunteer = await newUser(server);
  const regular = await newUser(server);
  const spare = await newUser(server);
  const ministryIds: number[] = [];
  let scheduleId = 0;
  for (let m = 0; m <= size; m++) {
    const ministryId = (await ok(server.post(`${V}/ministries`, { name: unique('Ministry') }, as))).ministry.id;
    ministryIds.push(ministryId);
    await ok(server.post(`${V}/scopes`, { personId: coordinator.personId, scopeType: 'ministry', scopeId: ministryId }, as));
    const title = unique('Service');
    for (let s = 0; s < size; s++) {
      await ok(server.post(`${V}/ministries/${ministryId}/events`, {
        title, eventTypeId: typeId, startTime: `${String(8 + s).padStart(2, '0')}:00`, endTime: `${String(8 + s).padStart(2, '0')}:45`,
        recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: '2026-03-08', rangeEnd: '2026-04-26',
      }, as));
    }
    const teams = await ok(server.get(`${V}/ministries/${ministryId}/teams`, as), 200);
    const teamIds: number[] = [teams.teams[0].id];
    for (let t = 1; t < size; t++) teamIds.push((await ok(server.post(`${V}/ministries/${ministryId}/teams`, { name: unique('Team') }, as))).team.id);
    for (const teamId of teamIds) {
      const positionIds: number[] = [];
      for (let p = 0; p < 2; p++) {
        const positionId = (await ok(server.post(`${V}/ministries/${ministryId}/positions`, { name: unique('Position'), teamId }, as))).position.id;
        for (const person of [volunteer, regular, spare]) await ok(server.post(`${V}/positions/${positionId}/qualifications`, { personId: person.personId }, as));
        positionIds.push(positionId);
      }
      const created = await ok(server.post(`${V}/ministries/${ministryId}/schedules`, {
        name: unique('Schedule'), linkMode: 'ministry', titleFilter: title, teamId, windowStart: '2026-03-01', windowEnd: '2026-03-08',
        requirements: positionIds.map((positionId) => ({ positionId, minCount: 2, maxCount: 3, defaults: [{ personId: regular.personId }] })),
      }, as));
      scheduleId = created.schedule.id;
      await ok(server.post(`${V}/schedules/${scheduleId}`, { windowEnd: null }, as), 200);
    }
  }
  // The first request of a key records its use; the figures are those of every later request.
  for (const user of [coordinator, manager, volunteer]) await ok(server.get('/api/users/current', { key: user.apiKey }), 200);
  const opportunities = await ok(server.get('/api/me/opportunities', { key: volunteer.apiKey }), 200);
  const [first] = opportunities.opportunities;
  assert.ok(first, 'the volunteer has an open slot');
  return { admin, coordinator, manager, volunteer, spare, ministryId: ministryIds[0], scheduleId, slot: { occurrenceId: first.occurrenceId, positionId: first.positionId } };
}

/** The statements one request sends, after checking it answered `status` (and passes `check`). */
async function statementsOf(method: 'GET' | 'POST', url: string, key: string, body?: unknown, status = 200, check?: (body: any) => void): Promise<number> {
  const { result, statements } = await countStatements(() => server.request(method, url, { key, body }));
  assert.equal(result.status, status, result.text);
  check?.(result.body);
  return statements;
}

async function measure(world: Church) {
  let signedUp = 0;
  return {
    dashboardCoordinator: await statementsOf('GET', `${V}/dashboard`, world.coordinator.apiKey),
    dashboardManager: await statementsOf('GET', `${V}/dashboard`, world.manager.apiKey),
    summary: await statementsOf('GET', `${V}/ministries/${world.ministryId}/summary`, world.coordinator.apiKey),
    ministryEvents: await statementsOf('GET', `${V}/ministries/${world.ministryId}/events`, world.coordinator.apiKey),
    opportunities: await statementsOf('GET', '/api/me/opportunities', world.volunteer.apiKey),
    signup: await statementsOf('POST', '/api/me/signup', world.volunteer.apiKey, world.slot, 201, (answer) => { signedUp = answer.assignment.id; }),
    eligible: await statementsOf('GET', `${V}/occurrences/${world.slot.occurrenceId}/eligible?positionId=${world.slot.positionId}`, world.coordinator.apiKey),
    substitutes: await statementsOf('GET', `/api/me/assignments/${signedUp}/substitutes`, world.volunteer.apiKey),
    assign: await statementsOf('POST', `${V}/occurrences/${world.slot.occurrenceId}/assignments`, world.coordinator.apiKey, { positionId: world.slot.positionId, personId: world.spare.personId }, 201),
    generation: await statementsOf('POST', `${V}/schedules/${world.scheduleId}/generate`, world.admin.apiKey, {}, 200, (run) => {
      assert.ok(run.created >= 7 && run.assigned === run.created * 2, JSON.stringify(run));
    }),
  };
}

let stopFollowing: () => Promise<void>;
setUp(async () => {
  // As the service does: settings stay cached until a change is announced, so a slow run counts no cache reload.
  stopFollowing = await server.app.services.settings.followChanges(server.database.listen);
  typeId = await otherEventTypeId(server, admin.apiKey);
});
after(async () => {
  await stopFollowing();
  await server.close();
});

describe('SQL statements per measured request', () => {
  it('stay the same for a church three times as large, and at most 12', async () => {
    const small = await measure(await church(1));
    const large = await measure(await church(3));
    assert.deepEqual(large, small, 'a larger church sends no more statements');
    for (const [route, statements] of Object.entries(large)) assert.ok(statements <= LIMIT, `${route} sends ${statements} statements`);
    // E14 (issue 39 #3): the caller's key, the occurrence's guard, then begin, its facts with the lock, the write, commit.
    assert.equal(large.assign, 6);
  });

  it('counts GET /healthz as one statement', async () => {
    const { result, statements } = await countStatements(() => server.get('/healthz'));
    assert.equal(result.status, 200);
    assert.equal(statements, 1);
  });
});
