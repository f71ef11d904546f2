import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newAdmin, newPerson, newUser, type TestUser, otherEventTypeId } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: TestUser;
let typeId: number;
const V = '/api/ministries';
const NOW = '2026-03-04T15:00:00Z';
const as = (user: TestUser) => ({ key: user.apiKey });

before(async () => {
  server = await startTestServer();
  admin = await newAdmin(server);
  typeId = await otherEventTypeId(server, admin.apiKey);
});
after(() => server.close());

let counter = 0;

interface Ministry { ministryId: number; teamId: number; name: string }

async function newMinistry(name = `Ministry ${++counter}`): Promise<Ministry> {
  const created = await server.post(`${V}/ministries`, { name }, as(admin));
  assert.equal(created.status, 201, created.text);
  const ministryId = created.body.ministry.id;
  const teamId = (await server.get(`${V}/ministries/${ministryId}/teams`, as(admin))).body.teams[0].id;
  return { ministryId, teamId, name };
}

async function newPosition(ministry: Ministry, fields: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministry.ministryId}/positions`, { name: `Position ${++counter}`, teamId: ministry.teamId, ...fields }, as(admin));
  assert.equal(answer.status, 201, answer.text);
  return answer.body.position.id;
}

/**
 * A Staff-this-event occurrence on the given day and hours with the given needs. An occurrence that is already
 * over now is created with the clock a day back (staffing refuses past events), then the clock returns.
 */
async function newOccurrence(
  ministry: Ministry,
  requirements: Array<{ positionId: number; minCount: number; maxCount?: number }>,
  when: { date?: string; startTime?: string; endTime?: string } = {},
): Promise<number> {
  const { date = '2026-03-10', startTime = '09:00', endTime = '10:00' } = when;
  const current = server.clock.now().toISOString();
  if (date <= '2026-03-04') server.clock.set('2026-03-03T15:00:00Z');
  try {
    return await staffedOccurrence(ministry, requirements, date, startTime, endTime);
  } finally {
    server.clock.set(current);
  }
}

async function staffedOccurrence(ministry: Ministry, requirements: Array<{ positionId: number; minCount: number; maxCount?: number }>, date: string, startTime: string, endTime: string) {
  const events = await server.post(`${V}/ministries/${ministry.ministryId}/events`, { title: `Event ${++counter}`, eventTypeId: typeId, date, startTime, endTime }, as(admin));
  assert.equal(events.status, 201, events.text);
  const staffed = await server.post(`${V}/ministries/${ministry.ministryId}/staffed-events`, { eventId: events.body.events[0].id, teamId: ministry.teamId, requirements }, as(admin));
  assert.equal(staffed.status, 201, staffed.text);
  return staffed.body.occurrence.id;
}

async function qualify(positionId: number, personId: number): Promise<number> {
  const answer = await server.post(`${V}/positions/${positionId}/qualifications`, { personId }, as(admin));
  assert.ok(answer.status === 200 || answer.status === 201, answer.text);
  return answer.body.qualification.id;
}

async function assign(occurrenceId: number, positionId: number, personId: number): Promise<number> {
  const answer = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId, personId, allowOutsidePool: true }, as(admin));
  assert.equal(answer.status, 201, answer.text);
  return answer.body.assignment.id;
}

interface Opportunity {
  occurrenceId: number; positionId: number; positionName: string; ministryName: string; teamName: string;
  occurrenceDate: string; start: string; end: string; openCount: number; minCount: number; liveCount: number;
  alreadyServing: boolean; alreadyServingPositionNames: string[];
}

async function opportunities(user: TestUser, query?: Record<string, string>): Promise<Opportunity[]> {
  const answer = await server.get('/api/me/opportunities', { ...as(user), query });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.opportunities;
}

const slots = (rows: Opportunity[]) => rows.map((r) => `${r.occurrenceId}/${r.positionId}`);
const slot = (occurrenceId: number, positionId: number) => `${occurrenceId}/${positionId}`;

describe('GET /api/me/opportunities (E10)', () => {
  it('defaults to the window from today to today + 90 days and says so', async () => {
    const ministry = await newMinistry();
    const position = await newPosition(ministry);
    const last = await newOccurrence(ministry, [{ positionId: position, minCount: 1 }], { date: '2026-06-02' });
    const beyond = await newOccurrence(ministry, [{ positionId: position, minCount: 1 }], { date: '2026-06-03' });
    const volunteer = await newUser(server);
    await qualify(position, volunteer.personId);

    const answer = await server.get('/api/me/opportunities', as(volunteer));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.from, '2026-03-04');
    assert.equal(answer.body.to, '2026-06-02');
    assert.deepEqual(slots(answer.body.opportunities), [slot(last, position)]);

    const wider = await opportunities(volunteer, { from: '2026-06-01', to: '2026-06-30' });
    assert.deepEqual(slots(wider), [slot(last, position), slot(beyond, position)]);
  });

  it('answers 400 when the window ends before it starts, on both paths', async () => {
    const volunteer = await newUser(server);
    for (const path of ['/api/me/opportunities', `${V}/me/opportunities`]) {
      const answer = await server.get(path, { ...as(volunteer), query: { from: '2026-04-02', to: '2026-04-01' } });
      assert.equal(answer.status, 400, path);
      assert.equal(answer.body.message, 'The window ends before it starts');
    }
    const onlyTo = await server.get('/api/me/opportunities', { ...as(volunteer), query: { to: '2026-03-01' } });
    assert.equal(onlyTo.status, 400, 'a to before the default from');
  });

  it('answers 401 without a login and serves a self-service login on both paths', async () => {
    assert.equal((await server.get('/api/me/opportunities')).status, 401);
    const volunteer = await newUser(server);
    assert.equal((await server.get(`${V}/me/opportunities`, as(volunteer))).status, 200);
  });

  it('lists only open slots of active self-assignable positions the caller is actively qualified for, on scheduled occurrences not over', async () => {
    const ministry = await newMinistry();
    const open = await newPosition(ministry, { name: 'Open' });
    const closed = await newPosition(ministry, { name: 'Closed', selfAssignable: false });
    const retired = await newPosition(ministry, { name: 'Retired' });
    const revoked = await newPosition(ministry, { name: 'Revoked' });
    const unqualified = await newPosition(ministry, { name: 'Unqualified' });
    const full = await newPosition(ministry, { name: 'Full' });
    const unplanned = await newPosition(ministry, { name: 'Unplanned' });
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    for (const p of [open, closed, retired, revoked, full, unplanned]) await qualify(p, volunteer.personId);
    await qualify(full, other.id);
    const revokedQualification = (await server.get(`${V}/positions/${revoked}/qualifications`, as(admin))).body.qualifications
      .find((q: { personId: number }) => q.personId === volunteer.personId).id;
    assert.equal((await server.delete(`${V}/qualifications/${revokedQualification}`, as(admin))).status, 200);
    assert.equal((await server.post(`${V}/positions/${retired}`, { active: false }, as(admin))).status, 200);

    const needs = [open, closed, retired, revoked, unqualified, full].map((positionId) => ({ positionId, minCount: 1, maxCount: 1 }));
    const occurrence = await newOccurrence(ministry, needs);
    await assign(occurrence, full, other.id);
    const cancelled = await newOccurrence(ministry, [{ positionId: open, minCount: 1 }], { date: '2026-03-11' });
    assert.equal((await server.post(`${V}/occurrences/${cancelled}/status`, { status: 'cancelled' }, as(admin))).status, 200);
    const over = await newOccurrence(ministry, [{ positionId: open, minCount: 1 }], { date: '2026-03-04', startTime: '08:00', endTime: '09:00' });
    const running = await newOccurrence(ministry, [{ positionId: open, minCount: 1 }], { date: '2026-03-04', startTime: '09:30', endTime: '11:00' });

    const rows = await opportunities(volunteer);
    assert.deepEqual(slots(rows), [slot(running, open), slot(occurrence, open)]);
    assert.ok(!slots(rows).includes(slot(over, open)), 'an occurrence that is over');
    assert.ok(!slots(rows).includes(slot(cancelled, open)), 'a cancelled occurrence');
    assert.ok(!rows.some((r) => r.positionId === unplanned), 'a position without a requirement');
  });

  it('describes each slot: names, times and the derived counts', async () => {
    const ministry = await newMinistry('Hospitality Row');
    const position = await newPosition(ministry, { name: 'Greeter' });
    const occurrence = await newOccurrence(ministry, [{ positionId: position, minCount: 2, maxCount: 3 }], { date: '2026-03-12', startTime: '18:30', endTime: '20:00' });
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    await qualify(position, volunteer.personId);
    await qualify(position, other.id);
    await assign(occurrence, position, other.id);

    const [row] = await opportunities(volunteer);
    assert.equal(row.occurrenceId, occurrence);
    assert.equal(row.positionId, position);
    assert.equal(row.positionName, 'Greeter');
    assert.equal(row.ministryName, 'Hospitality Row');
    assert.equal(typeof row.teamName, 'string');
    assert.ok(row.teamName.length > 0);
    assert.equal(row.occurrenceDate, '2026-03-12');
    assert.match(row.start, /^2026-03-12[T ]18:30/);
    assert.match(row.end, /^2026-03-12[T ]20:00/);
    assert.deepEqual([row.minCount, row.liveCount, row.openCount], [2, 1, 2], 'capacity 3, one pending counts as live');
    assert.equal(row.alreadyServing, false);
    assert.deepEqual(row.alreadyServingPositionNames, []);
  });

  it('counts capacity as minCount when there is no maxCount, and drops the slot once it is full', async () => {
    const ministry = await newMinistry();
    const position = await newPosition(ministry);
    const occurrence = await newOccurrence(ministry, [{ positionId: position, minCount: 1 }]);
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    await qualify(position, volunteer.personId);
    await qualify(position, other.id);
    assert.deepEqual((await opportunities(volunteer)).map((r) => r.openCount), [1]);
    await assign(occurrence, position, other.id);
    assert.deepEqual(await opportunities(volunteer), []);
  });

  it('leaves out a position the caller already holds and flags other positions held on the occurrence', async () => {
    const ministry = await newMinistry();
    const greeter = await newPosition(ministry, { name: 'Greeter' });
    const usher = await newPosition(ministry, { name: 'Usher' });
    const reader = await newPosition(ministry, { name: 'Reader' });
    const occurrence = await newOccurrence(ministry, [greeter, usher, reader].map((positionId) => ({ positionId, minCount: 1, maxCount: 3 })));
    const volunteer = await newUser(server);
    for (const p of [greeter, usher, reader]) await qualify(p, volunteer.personId);
    await assign(occurrence, greeter, volunteer.personId);

    const rows = await opportunities(volunteer);
    assert.deepEqual(rows.map((r) => r.positionName), ['Reader', 'Usher'], 'Greeter is held; the rest by name');
    for (const row of rows) {
      assert.equal(row.alreadyServing, true);
      assert.deepEqual(row.alreadyServingPositionNames, ['Greeter']);
    }
  });

  it('does not count a declined assignment as holding the position', async () => {
    const ministry = await newMinistry();
    const position = await newPosition(ministry);
    const occurrence = await newOccurrence(ministry, [{ positionId: position, minCount: 1, maxCount: 2 }]);
    const volunteer = await newUser(server);
    await qualify(position, volunteer.personId);
    const assignmentId = await assign(occurrence, position, volunteer.personId);
    assert.deepEqual(await opportunities(volunteer), []);
    assert.equal((await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'declined' }, as(volunteer))).status, 200);
    const rows = await opportunities(volunteer);
    assert.deepEqual(slots(rows), [slot(occurrence, position)]);
    assert.equal(rows[0].alreadyServing, false);
  });

  it('ignores a personId in the query string', async () => {
    const ministry = await newMinistry();
    const position = await newPosition(ministry);
    const occurrence = await newOccurrence(ministry, [{ positionId: position, minCount: 1 }]);
    const volunteer = await newUser(server);
    const qualified = await newUser(server);
    await qualify(position, qualified.personId);
    const answer = await server.get('/api/me/opportunities', { ...as(volunteer), query: { personId: String(qualified.personId) } });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.opportunities, []);
    assert.deepEqual(slots(await opportunities(qualified, { personId: String(volunteer.personId) })), [slot(occurrence, position)]);
  });

  it('orders soonest first, then by position name', async () => {
    const ministry = await newMinistry();
    const zeta = await newPosition(ministry, { name: 'Zeta' });
    const alpha = await newPosition(ministry, { name: 'Alpha' });
    const needs = [zeta, alpha].map((positionId) => ({ positionId, minCount: 1 }));
    const later = await newOccurrence(ministry, needs, { date: '2026-03-20', startTime: '08:00', endTime: '09:00' });
    const evening = await newOccurrence(ministry, needs, { date: '2026-03-15', startTime: '18:00', endTime: '19:00' });
    const morning = await newOccurrence(ministry, needs, { date: '2026-03-15', startTime: '07:00', endTime: '08:00' });
    const volunteer = await newUser(server);
    await qualify(zeta, volunteer.personId);
    await qualify(alpha, volunteer.personId);
    assert.deepEqual(slots(await opportunities(volunteer)), [
      slot(morning, alpha), slot(morning, zeta), slot(evening, alpha), slot(evening, zeta), slot(later, alpha), slot(later, zeta),
    ]);
  });

  it('orders position names alike on every database, ignoring case', async () => {
    const ministry = await newMinistry();
    const names = ['bravo', 'Alpha', 'charlie', 'Delta'];
    const positions = [];
    for (const name of names) positions.push(await newPosition(ministry, { name }));
    await newOccurrence(ministry, positions.map((positionId) => ({ positionId, minCount: 1 })));
    const volunteer = await newUser(server);
    for (const p of positions) await qualify(p, volunteer.personId);
    assert.deepEqual((await opportunities(volunteer)).map((r) => r.positionName), ['Alpha', 'bravo', 'charlie', 'Delta']);
  });

  it('agrees with E11: every listed slot is accepted by POST /api/me/signup, and no unlisted one is', async () => {
    const ministry = await newMinistry();
    const open = await newPosition(ministry, { name: 'Open' });
    const roomy = await newPosition(ministry, { name: 'Roomy' });
    const closed = await newPosition(ministry, { name: 'Closed', selfAssignable: false });
    const full = await newPosition(ministry, { name: 'Full' });
    const unqualified = await newPosition(ministry, { name: 'Unqualified' });
    const handedOver = await newPosition(ministry, { name: 'Handed over' });
    const held = await newPosition(ministry, { name: 'Held' });
    const volunteer = await newUser(server);
    const [other, substitute] = [await newPerson(server), await newPerson(server)];
    for (const p of [open, roomy, closed, full, handedOver, held]) await qualify(p, volunteer.personId);
    await qualify(full, other.id);
    await qualify(handedOver, substitute.id);
    const all = [open, roomy, closed, full, unqualified, handedOver, held];
    const needs = all.map((positionId) => ({ positionId, minCount: 1, maxCount: positionId === roomy || positionId === handedOver ? 3 : 1 }));

    const main = await newOccurrence(ministry, needs, { date: '2026-03-18' });
    await assign(main, full, other.id);
    await assign(main, held, volunteer.personId);
    // The volunteer handed their place over to a substitute: the substituted row stays theirs (one row per person).
    const handed = await assign(main, handedOver, volunteer.personId);
    const proposal = await server.post(`/api/me/assignments/${handed}/propose-substitute`, { personId: substitute.id }, as(volunteer));
    assert.equal(proposal.status, 201, proposal.text);
    assert.equal((await server.post(`${V}/swaps/${proposal.body.swap.id}/approve`, {}, as(admin))).status, 200);

    const cancelled = await newOccurrence(ministry, needs, { date: '2026-03-19' });
    await server.post(`${V}/occurrences/${cancelled}/status`, { status: 'cancelled' }, as(admin));
    const past = await newOccurrence(ministry, needs, { date: '2026-03-04', startTime: '07:00', endTime: '08:00' });
    const second = await newOccurrence(ministry, needs, { date: '2026-03-25' });

    const listed = new Set(slots(await opportunities(volunteer)));
    assert.ok(listed.size > 0);
    assert.deepEqual([...listed].sort(), [
      slot(main, open), slot(main, roomy), slot(second, open), slot(second, roomy), slot(second, full), slot(second, handedOver), slot(second, held),
    ].sort());

    const verdicts: string[] = [];
    for (const occurrenceId of [main, cancelled, past, second]) {
      for (const positionId of all) {
        const answer = await server.post('/api/me/signup', { occurrenceId, positionId }, as(volunteer));
        const accepted = answer.status === 201;
        if (accepted !== listed.has(slot(occurrenceId, positionId))) verdicts.push(`${slot(occurrenceId, positionId)}: E10 ${listed.has(slot(occurrenceId, positionId))}, E11 ${answer.status}`);
      }
    }
    assert.deepEqual(verdicts, []);
    assert.deepEqual(await opportunities(volunteer), [], 'after signing up everywhere, nothing is left');
  });

  it('keeps agreeing with E11 when a slot is over by the time the clock has moved', async () => {
    const ministry = await newMinistry();
    const position = await newPosition(ministry);
    const occurrence = await newOccurrence(ministry, [{ positionId: position, minCount: 1 }], { date: '2026-03-05', startTime: '09:00', endTime: '10:00' });
    const volunteer = await newUser(server);
    await qualify(position, volunteer.personId);
    try {
      server.clock.set('2026-03-05T14:59:00Z'); // 09:59 wall clock: running, not over
      assert.deepEqual(slots(await opportunities(volunteer)), [slot(occurrence, position)]);
      server.clock.set('2026-03-05T15:01:00Z'); // 10:01: over
      assert.deepEqual(await opportunities(volunteer), []);
      assert.equal((await server.post('/api/me/signup', { occurrenceId: occurrence, positionId: position }, as(volunteer))).status, 409);
    } finally {
      server.clock.set(NOW);
    }
  });
});

describe('GET /api/me/qualifications', () => {
  it('lists active qualifications on active positions, by ministry name then position name, on both paths', async () => {
    const beta = await newMinistry(`Beta ${++counter}`);
    const alpha = await newMinistry(`Alpha ${++counter}`);
    const volunteer = await newUser(server);
    const zed = await newPosition(alpha, { name: 'Zed' });
    const amy = await newPosition(alpha, { name: 'Amy' });
    const betaPosition = await newPosition(beta, { name: 'Aaron' });
    const retired = await newPosition(alpha, { name: 'Retired' });
    const revoked = await newPosition(alpha, { name: 'Revoked' });
    for (const p of [zed, amy, betaPosition, retired, revoked]) await qualify(p, volunteer.personId);
    await server.post(`${V}/positions/${retired}`, { active: false }, as(admin));
    const revokedId = (await server.get(`${V}/positions/${revoked}/qualifications`, as(admin))).body.qualifications
      .find((q: { personId: number }) => q.personId === volunteer.personId).id;
    await server.delete(`${V}/qualifications/${revokedId}`, as(admin));

    for (const path of ['/api/me/qualifications', `${V}/me/qualifications`]) {
      const answer = await server.get(path, as(volunteer));
      assert.equal(answer.status, 200, path);
      assert.deepEqual(answer.body.qualifications.map((q: { positionId: number }) => q.positionId), [amy, zed, betaPosition]);
      assert.deepEqual(answer.body.qualifications[0], {
        positionId: amy, positionName: 'Amy', ministryId: alpha.ministryId, ministryName: alpha.name, teamId: alpha.teamId,
        teamName: answer.body.qualifications[0].teamName,
      });
      assert.equal(typeof answer.body.qualifications[0].teamName, 'string');
    }
  });

  it('answers an empty list to someone with no qualifications, and 401 without a login', async () => {
    const volunteer = await newUser(server);
    assert.deepEqual((await server.get('/api/me/qualifications', as(volunteer))).body, { qualifications: [] });
    assert.equal((await server.get('/api/me/qualifications')).status, 401);
  });
});
