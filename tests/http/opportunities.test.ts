import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  as, newAssignment, newMinistry, newPerson, newPosition, newStaffedEvent, newUser, qualify, unique, useServer, useUser, type TestUser,
} from '../kit/index.js';
import type { OpportunityView as Opportunity } from '../../src/http/schemas/volunteer.schemas.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';
const NOW = '2026-03-04T15:00:00Z';

async function opportunities(user: TestUser, query?: Record<string, string>): Promise<Opportunity[]> {
  const answer = await server.get('/api/me/opportunities', { ...as(user), query });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.opportunities;
}

const slots = (rows: Opportunity[]) => rows.map((r) => `${r.occurrenceId}/${r.positionId}`);
const slot = (occurrenceId: number, positionId: number) => `${occurrenceId}/${positionId}`;

describe('GET /api/me/opportunities (E10)', () => {
  it('defaults to the window from today to today + 90 days and says so', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const last = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-06-02' })).occurrenceId;
    const beyond = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-06-03' })).occurrenceId;
    const volunteer = await newUser(server);
    await qualify(server, position, volunteer.personId);

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
    assert.equal(onlyTo.body.message, 'The window ends before it starts');
  });

  it('answers 401 without a login and serves a self-service login on both paths', async () => {
    assert.equal((await server.get('/api/me/opportunities')).status, 401);
    const volunteer = await newUser(server);
    assert.equal((await server.get(`${V}/me/opportunities`, as(volunteer))).status, 200);
  });

  it('lists only open slots of active self-assignable positions the caller is actively qualified for, on scheduled occurrences not over', async () => {
    const ministry = await newMinistry(server);
    const open = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Open' })).id;
    const closed = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Closed', selfAssignable: false })).id;
    const retired = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Retired' })).id;
    const revoked = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Revoked' })).id;
    const unqualified = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Unqualified' })).id;
    const full = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Full' })).id;
    const unplanned = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Unplanned' })).id;
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    for (const p of [open, closed, retired, revoked, full, unplanned]) await qualify(server, p, volunteer.personId);
    await qualify(server, full, other.id);
    const revokedQualification = (await server.get(`${V}/positions/${revoked}/qualifications`, as(admin))).body.qualifications
      .find((q: { personId: number }) => q.personId === volunteer.personId).id;
    assert.equal((await server.delete(`${V}/qualifications/${revokedQualification}`, as(admin))).status, 200);
    assert.equal((await server.post(`${V}/positions/${retired}`, { active: false }, as(admin))).status, 200);

    const needs = [open, closed, retired, revoked, unqualified, full].map((positionId) => ({ positionId, minCount: 1, maxCount: 1 }));
    const occurrence = (await newStaffedEvent(server, ministry, needs)).occurrenceId;
    (await newAssignment(server, occurrence, full, other.id, { allowOutsidePool: true })).id;
    const cancelled = (await newStaffedEvent(server, ministry, [{ positionId: open, minCount: 1 }], { date: '2026-03-11' })).occurrenceId;
    assert.equal((await server.post(`${V}/occurrences/${cancelled}/status`, { status: 'cancelled' }, as(admin))).status, 200);
    const over = (await newStaffedEvent(server, ministry, [{ positionId: open, minCount: 1 }], { date: '2026-03-04', startTime: '08:00', endTime: '09:00' })).occurrenceId;
    const running = (await newStaffedEvent(server, ministry, [{ positionId: open, minCount: 1 }], { date: '2026-03-04', startTime: '09:30', endTime: '11:00' })).occurrenceId;

    const rows = await opportunities(volunteer);
    assert.deepEqual(slots(rows), [slot(running, open), slot(occurrence, open)]);
    assert.ok(!slots(rows).includes(slot(over, open)), 'an occurrence that is over');
    assert.ok(!slots(rows).includes(slot(cancelled, open)), 'a cancelled occurrence');
    assert.ok(!rows.some((r) => r.positionId === unplanned), 'a position without a requirement');
  });

  it('describes each slot: names, times and the derived counts', async () => {
    const ministry = await newMinistry(server, { name: 'Hospitality Row' });
    const position = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Greeter' })).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 2, maxCount: 3 }], { date: '2026-03-12', startTime: '18:30', endTime: '20:00' })).occurrenceId;
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    await qualify(server, position, volunteer.personId);
    await qualify(server, position, other.id);
    (await newAssignment(server, occurrence, position, other.id, { allowOutsidePool: true })).id;

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
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }])).occurrenceId;
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    await qualify(server, position, volunteer.personId);
    await qualify(server, position, other.id);
    assert.deepEqual((await opportunities(volunteer)).map((r) => r.openCount), [1]);
    (await newAssignment(server, occurrence, position, other.id, { allowOutsidePool: true })).id;
    assert.deepEqual(await opportunities(volunteer), []);
  });

  it('leaves out a position the caller already holds and flags other positions held on the occurrence', async () => {
    const ministry = await newMinistry(server);
    const greeter = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Greeter' })).id;
    const usher = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Usher' })).id;
    const reader = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Reader' })).id;
    const occurrence = (await newStaffedEvent(server, ministry, [greeter, usher, reader].map((positionId) => ({ positionId, minCount: 1, maxCount: 3 })))).occurrenceId;
    const volunteer = await newUser(server);
    for (const p of [greeter, usher, reader]) await qualify(server, p, volunteer.personId);
    (await newAssignment(server, occurrence, greeter, volunteer.personId, { allowOutsidePool: true })).id;

    const rows = await opportunities(volunteer);
    assert.deepEqual(rows.map((r) => r.positionName), ['Reader', 'Usher'], 'Greeter is held; the rest by name');
    for (const row of rows) {
      assert.equal(row.alreadyServing, true);
      assert.deepEqual(row.alreadyServingPositionNames, ['Greeter']);
    }
  });

  it('does not count a declined assignment as holding the position', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1, maxCount: 2 }])).occurrenceId;
    const volunteer = await newUser(server);
    await qualify(server, position, volunteer.personId);
    const assignmentId = (await newAssignment(server, occurrence, position, volunteer.personId, { allowOutsidePool: true })).id;
    assert.deepEqual(await opportunities(volunteer), []);
    assert.equal((await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'declined' }, as(volunteer))).status, 200);
    const rows = await opportunities(volunteer);
    assert.deepEqual(slots(rows), [slot(occurrence, position)]);
    assert.equal(rows[0].alreadyServing, false);
  });

  it('ignores a personId in the query string', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }])).occurrenceId;
    const volunteer = await newUser(server);
    const qualified = await newUser(server);
    await qualify(server, position, qualified.personId);
    const answer = await server.get('/api/me/opportunities', { ...as(volunteer), query: { personId: String(qualified.personId) } });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.opportunities, []);
    assert.deepEqual(slots(await opportunities(qualified, { personId: String(volunteer.personId) })), [slot(occurrence, position)]);
  });

  it('orders soonest first, then by position name', async () => {
    const ministry = await newMinistry(server);
    const zeta = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Zeta' })).id;
    const alpha = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Alpha' })).id;
    const needs = [zeta, alpha].map((positionId) => ({ positionId, minCount: 1 }));
    const later = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-20', startTime: '08:00', endTime: '09:00' })).occurrenceId;
    const evening = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-15', startTime: '18:00', endTime: '19:00' })).occurrenceId;
    const morning = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-15', startTime: '07:00', endTime: '08:00' })).occurrenceId;
    const volunteer = await newUser(server);
    await qualify(server, zeta, volunteer.personId);
    await qualify(server, alpha, volunteer.personId);
    assert.deepEqual(slots(await opportunities(volunteer)), [
      slot(morning, alpha), slot(morning, zeta), slot(evening, alpha), slot(evening, zeta), slot(later, alpha), slot(later, zeta),
    ]);
  });

  it('orders position names alike on every database, ignoring case', async () => {
    const ministry = await newMinistry(server);
    const names = ['bravo', 'Alpha', 'charlie', 'Delta'];
    const positions = [];
    for (const name of names) positions.push((await newPosition(server, ministry.id, ministry.teamId, { name })).id);
    (await newStaffedEvent(server, ministry, positions.map((positionId) => ({ positionId, minCount: 1 })))).occurrenceId;
    const volunteer = await newUser(server);
    for (const p of positions) await qualify(server, p, volunteer.personId);
    assert.deepEqual((await opportunities(volunteer)).map((r) => r.positionName), ['Alpha', 'bravo', 'charlie', 'Delta']);
  });

  it('agrees with E11: every listed slot is accepted by POST /api/me/signup, and no unlisted one is', async () => {
    const ministry = await newMinistry(server);
    const open = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Open' })).id;
    const roomy = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Roomy' })).id;
    const closed = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Closed', selfAssignable: false })).id;
    const full = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Full' })).id;
    const unqualified = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Unqualified' })).id;
    const handedOver = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Handed over' })).id;
    const held = (await newPosition(server, ministry.id, ministry.teamId, { name: 'Held' })).id;
    const volunteer = await newUser(server);
    const [other, substitute] = [await newPerson(server), await newPerson(server)];
    for (const p of [open, roomy, closed, full, handedOver, held]) await qualify(server, p, volunteer.personId);
    await qualify(server, full, other.id);
    await qualify(server, handedOver, substitute.id);
    const all = [open, roomy, closed, full, unqualified, handedOver, held];
    const needs = all.map((positionId) => ({ positionId, minCount: 1, maxCount: positionId === roomy || positionId === handedOver ? 3 : 1 }));

    const main = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-18' })).occurrenceId;
    (await newAssignment(server, main, full, other.id, { allowOutsidePool: true })).id;
    (await newAssignment(server, main, held, volunteer.personId, { allowOutsidePool: true })).id;
    // The volunteer handed their place over to a substitute: the substituted row stays theirs (one row per person).
    const handed = (await newAssignment(server, main, handedOver, volunteer.personId, { allowOutsidePool: true })).id;
    const proposal = await server.post(`/api/me/assignments/${handed}/propose-substitute`, { personId: substitute.id }, as(volunteer));
    assert.equal(proposal.status, 201, proposal.text);
    assert.equal((await server.post(`${V}/swaps/${proposal.body.swap.id}/approve`, {}, as(admin))).status, 200);

    const cancelled = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-19' })).occurrenceId;
    await server.post(`${V}/occurrences/${cancelled}/status`, { status: 'cancelled' }, as(admin));
    const past = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-04', startTime: '07:00', endTime: '08:00' })).occurrenceId;
    const second = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-25' })).occurrenceId;

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
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-03-05', startTime: '09:00', endTime: '10:00' })).occurrenceId;
    const volunteer = await newUser(server);
    await qualify(server, position, volunteer.personId);
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
    const beta = await newMinistry(server, { name: unique('Beta') });
    const alpha = await newMinistry(server, { name: unique('Alpha') });
    const volunteer = await newUser(server);
    const zed = (await newPosition(server, alpha.id, alpha.teamId, { name: 'Zed' })).id;
    const amy = (await newPosition(server, alpha.id, alpha.teamId, { name: 'Amy' })).id;
    const betaPosition = (await newPosition(server, beta.id, beta.teamId, { name: 'Aaron' })).id;
    const retired = (await newPosition(server, alpha.id, alpha.teamId, { name: 'Retired' })).id;
    const revoked = (await newPosition(server, alpha.id, alpha.teamId, { name: 'Revoked' })).id;
    for (const p of [zed, amy, betaPosition, retired, revoked]) await qualify(server, p, volunteer.personId);
    await server.post(`${V}/positions/${retired}`, { active: false }, as(admin));
    const revokedId = (await server.get(`${V}/positions/${revoked}/qualifications`, as(admin))).body.qualifications
      .find((q: { personId: number }) => q.personId === volunteer.personId).id;
    await server.delete(`${V}/qualifications/${revokedId}`, as(admin));

    for (const path of ['/api/me/qualifications', `${V}/me/qualifications`]) {
      const answer = await server.get(path, as(volunteer));
      assert.equal(answer.status, 200, path);
      assert.deepEqual(answer.body.qualifications.map((q: { positionId: number }) => q.positionId), [amy, zed, betaPosition]);
      assert.deepEqual(answer.body.qualifications[0], {
        positionId: amy, positionName: 'Amy', ministryId: alpha.id, ministryName: alpha.name, teamId: alpha.teamId,
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
