import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  as, expectError, newAssignment, newCoordinator, newMinistry, newPosition, newStaffedEvent, newTeam, newTeamLeader, newUser, qualify, useServer, useUser,
  type Ministry, type TestUser,
} from '../kit/index.js';

/** Blockout dates (ours, issue 17). The clock stands at 2026-03-04 15:00 UTC; shifts run 09:00–10:00 church time. */
const server = useServer();
const admin = useUser(server, ['admin']);
const manager = useUser(server, ['manageMinistries']);
const V = '/api/ministries';

async function blockOut(user: TestUser, body: Record<string, unknown>) {
  const answer = await server.post('/api/me/blockouts', body, as(user));
  assert.equal(answer.status, 201, answer.text);
  return answer.body as { blockout: { id: number }; coveredAssignments: Array<{ id: number; occurrenceDate: string }> };
}

/** A ministry with one self-assignable position, and a volunteer qualified for it. */
async function church() {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId, { selfAssignable: true });
  const volunteer = await newUser(server);
  await qualify(server, position.id, volunteer.personId);
  const sunday = (date: string) => newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 2, maxCount: 3 }], { date }).then((event) => event.occurrenceId);
  return { ministry, position, volunteer, sunday };
}

describe('my blockouts (/api/me/blockouts)', () => {
  it('records, lists and removes my own, on both paths, with my reason', async () => {
    const volunteer = await newUser(server);
    const created = await server.post(`${V}/me/blockouts`, { startDate: '2026-03-08', endDate: '2026-03-14', reason: ' Family visit ' }, as(volunteer));
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.blockout, {
      id: created.body.blockout.id, personId: volunteer.personId, startDate: '2026-03-08', endDate: '2026-03-14',
      startTime: null, endTime: null, repeatWeeklyUntil: null, reason: 'Family visit',
    });
    await blockOut(volunteer, { startDate: '2026-03-06', startTime: '18:00', endTime: '21:00', repeatWeeklyUntil: '2026-04-03' });
    const listed = await server.get('/api/me/blockouts', as(volunteer));
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.blockouts.map((b: { startDate: string; startTime: string | null }) => [b.startDate, b.startTime]), [['2026-03-06', '18:00'], ['2026-03-08', null]]);

    const removed = await server.delete(`/api/me/blockouts/${created.body.blockout.id}`, as(volunteer));
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body, { success: true });
    assert.equal((await server.get('/api/me/blockouts', as(volunteer))).body.blockouts.length, 1);
  });

  it('refuses a period that is not one with 400 and writes nothing', async () => {
    const volunteer = await newUser(server);
    expectError(await server.post('/api/me/blockouts', { startDate: '8 March' }, as(volunteer)), 400, 'startDate must be a date in YYYY-MM-DD form');
    expectError(await server.post('/api/me/blockouts', {}, as(volunteer)), 400, 'startDate is required');
    expectError(await server.post('/api/me/blockouts', { startDate: '2026-03-08', endDate: '2026-03-01' }, as(volunteer)), 400, 'endDate must be on or after startDate');
    expectError(await server.post('/api/me/blockouts', { startDate: '2026-03-08', endTime: '10:00' }, as(volunteer)), 400, 'Give both startTime and endTime, or neither for whole days');
    expectError(await server.post('/api/me/blockouts', { startDate: '2026-03-01' }, as(volunteer)), 400, 'This blockout is already over');
    expectError(await server.post('/api/me/blockouts', { startDate: '2026-03-08', reason: 'x'.repeat(501) }, as(volunteer)), 400, 'reason must be text of at most 500 characters');
    assert.deepEqual((await server.get('/api/me/blockouts', as(volunteer))).body.blockouts, []);
  });

  it("answers 404 for an unknown blockout and 403 for someone else's, which stays", async () => {
    const [owner, other] = [await newUser(server), await newUser(server)];
    const { blockout } = await blockOut(owner, { startDate: '2026-03-08' });
    expectError(await server.delete(`/api/me/blockouts/${blockout.id}`, as(other)), 403, 'That blockout belongs to someone else');
    expectError(await server.delete('/api/me/blockouts/2147483647', as(other)), 404, 'Blockout not found');
    assert.equal((await server.get('/api/me/blockouts', as(owner))).body.blockouts.length, 1);
    assert.equal((await server.get('/api/me/blockouts')).status, 401);
  });

  it('lists back the live assignments a new blockout covers, so that I can decline them', async () => {
    const { position, volunteer, sunday } = await church();
    const [first, second, later] = [await sunday('2026-03-10'), await sunday('2026-03-12'), await sunday('2026-03-17')];
    const covered = await newAssignment(server, first, position.id, volunteer.personId);
    const declined = await newAssignment(server, second, position.id, volunteer.personId);
    await server.post(`/api/me/assignments/${declined.id}/respond`, { response: 'declined' }, as(volunteer));
    await newAssignment(server, later, position.id, volunteer.personId);
    const { coveredAssignments } = await blockOut(volunteer, { startDate: '2026-03-09', endDate: '2026-03-13' });
    assert.deepEqual(coveredAssignments.map((a) => [a.id, a.occurrenceDate]), [[covered.id, '2026-03-10']]);
  });
});

describe('blockouts in the lists and answers of the volunteer area', () => {
  it("marks a blocked-out person on an occurrence's eligible list, with the blockout's dates, after everyone available", async () => {
    const { ministry, position, volunteer: away, sunday } = await church();
    // Rotation order is by name among people who never served: Zed after the evening volunteer, Away last of all.
    const available = await newUser(server, { person: { first_name: 'Zed', last_name: 'Available' } });
    await qualify(server, position.id, available.personId);
    const evening = await newUser(server);
    await qualify(server, position.id, evening.personId);
    const occurrence = await sunday('2026-03-15');
    await blockOut(away, { startDate: '2026-03-01', endDate: '2026-03-07', repeatWeeklyUntil: '2026-03-31', reason: 'Night shifts' });
    await blockOut(evening, { startDate: '2026-03-15', startTime: '18:00', endTime: '20:00' });

    const coordinator = await newCoordinator(server, ministry.id);
    const answer = await server.get(`${V}/occurrences/${occurrence}/eligible`, { ...as(coordinator), query: { positionId: String(position.id) } });
    assert.equal(answer.status, 200, answer.text);
    const people = answer.body.people as Array<{ personId: number; blockedOut: boolean; blockout: { repeatWeeklyUntil: string } | null }>;
    assert.deepEqual(people.map((p) => [p.personId, p.blockedOut]), [[evening.personId, false], [available.personId, false], [away.personId, true]]);
    assert.equal(people[2].blockout?.repeatWeeklyUntil, '2026-03-31');
    assert.equal(people[0].blockout, null, 'an evening blockout does not cover a morning shift');
  });

  it('marks a blocked-out colleague on my substitute list without saying why', async () => {
    const { position, volunteer, sunday } = await church();
    const colleague = await newUser(server);
    await qualify(server, position.id, colleague.personId);
    const occurrence = await sunday('2026-03-22');
    const mine = await newAssignment(server, occurrence, position.id, volunteer.personId);
    await blockOut(colleague, { startDate: '2026-03-22', reason: 'Private' });
    const answer = await server.get(`/api/me/assignments/${mine.id}/substitutes`, as(volunteer));
    assert.equal(answer.status, 200, answer.text);
    const row = answer.body.people.find((p: { personId: number }) => p.personId === colleague.personId);
    assert.equal(row.blockedOut, true);
    assert.deepEqual([row.blockout.startDate, row.blockout.reason], ['2026-03-22', null]);
  });

  it('hides shifts in my blockouts from my open spots; signing up for one still works and warns me', async () => {
    const { position, volunteer, sunday } = await church();
    const [away, free] = [await sunday('2026-03-29'), await sunday('2026-04-05')];
    await blockOut(volunteer, { startDate: '2026-03-29', startTime: '08:00', endTime: '12:00' });
    const open = await server.get('/api/me/opportunities', { ...as(volunteer), query: { from: '2026-03-28', to: '2026-04-06' } });
    assert.deepEqual(open.body.opportunities.map((o: { occurrenceId: number }) => o.occurrenceId), [free]);

    const warned = await server.post('/api/me/signup', { occurrenceId: away, positionId: position.id }, as(volunteer));
    assert.equal(warned.status, 201, warned.text);
    assert.equal(warned.body.assignment.status, 'accepted');
    assert.deepEqual(warned.body.warnings.map((w: { code: string; message: string }) => [w.code, w.message]), [['blocked_out', 'You are blocked out on 2026-03-29 (08:00–12:00)']]);
    const plain = await server.post('/api/me/signup', { occurrenceId: free, positionId: position.id }, as(volunteer));
    assert.deepEqual(plain.body.warnings, []);
  });

  it("lets a coordinator assign a blocked-out person, warns them, and marks the dashboard's pending row", async () => {
    const { ministry, position, sunday } = await church();
    const person = await newUser(server, { person: { first_name: 'Ada', last_name: 'Away' } });
    await qualify(server, position.id, person.personId);
    const occurrence = await sunday('2026-03-11');
    await blockOut(person, { startDate: '2026-03-09', endDate: '2026-03-13' });
    const coordinator = await newCoordinator(server, ministry.id);
    const assigned = await server.post(`${V}/occurrences/${occurrence}/assignments`, { positionId: position.id, personId: person.personId }, as(coordinator));
    assert.equal(assigned.status, 201, assigned.text);
    assert.deepEqual(assigned.body.warnings.map((w: { message: string }) => w.message), ['Ada Away is blocked out on 2026-03-09 to 2026-03-13']);

    const dashboard = await server.get(`${V}/dashboard`, { ...as(coordinator), query: { days: '28' } });
    assert.equal(dashboard.status, 200, dashboard.text);
    const row = dashboard.body.pendingResponses.find((r: { id: number }) => r.id === assigned.body.assignment.id);
    assert.equal(row.blockedOut, true);
  });
});

describe("a coordinator's blockouts for a person in their reach (/api/ministries/people/{personId}/blockouts)", () => {
  let ministry: Ministry;
  let coordinator: TestUser;
  let volunteer: TestUser;

  it('records, lists with reasons and removes a blockout for a person qualified in the ministry', async () => {
    ({ ministry, volunteer } = await church());
    coordinator = await newCoordinator(server, ministry.id);
    const path = `${V}/people/${volunteer.personId}/blockouts`;
    const created = await server.post(path, { startDate: '2026-05-01', endDate: '2026-05-10', reason: 'Told me after the service' }, as(coordinator));
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.blockout.personId, volunteer.personId);
    assert.deepEqual((await server.get(path, as(coordinator))).body.blockouts.map((b: { reason: string }) => b.reason), ['Told me after the service']);
    assert.deepEqual((await server.get('/api/me/blockouts', as(volunteer))).body.blockouts.map((b: { id: number }) => b.id), [created.body.blockout.id]);
    assert.deepEqual((await server.delete(`${V}/blockouts/${created.body.blockout.id}`, as(coordinator))).body, { success: true });
    assert.deepEqual((await server.get(path, as(coordinator))).body.blockouts, []);
  });

  it('reaches a team leader for a person qualified in their team, and refuses people outside anyone\'s reach', async () => {
    const team = await newTeam(server, ministry.id);
    const position = await newPosition(server, ministry.id, team.id);
    const member = await newUser(server);
    await qualify(server, position.id, member.personId);
    const leader = await newTeamLeader(server, team.id);
    assert.equal((await server.post(`${V}/people/${member.personId}/blockouts`, { startDate: '2026-05-01' }, as(leader))).status, 201);
    expectError(await server.get(`${V}/people/${volunteer.personId}/blockouts`, as(leader)), 403, 'This person is not in a ministry or team you manage');

    const stranger = await newUser(server);
    expectError(await server.post(`${V}/people/${stranger.personId}/blockouts`, { startDate: '2026-05-01' }, as(coordinator)), 403, 'This person is not in a ministry or team you manage');
    assert.equal((await server.get(`${V}/people/${stranger.personId}/blockouts`, as(admin))).status, 200, 'a manager reaches everyone');
    expectError(await server.get(`${V}/people/2147483647/blockouts`, as(coordinator)), 404, 'Person not found');
    const { blockout } = await blockOut(stranger, { startDate: '2026-05-02' });
    expectError(await server.delete(`${V}/blockouts/${blockout.id}`, as(coordinator)), 403, 'This person is not in a ministry or team you manage');
    assert.equal((await server.get(`${V}/people/${stranger.personId}/blockouts`, as(volunteer))).status, 403, 'a volunteer passes no coordinator gate');
  });
});

describe("a blockout's reason (issue 31): the person, whoever recorded it and managers read it; others see the dates", () => {
  const eligibleBlockouts = async (reader: TestUser, occurrenceId: number, positionId: number) => {
    const answer = await server.get(`${V}/occurrences/${occurrenceId}/eligible`, { ...as(reader), query: { positionId: String(positionId) } });
    assert.equal(answer.status, 200, answer.text);
    return new Map((answer.body.people as Array<{ personId: number; blockout: { startDate: string; endDate: string; reason: string | null } | null }>)
      .map((p) => [p.personId, p.blockout && [p.blockout.startDate, p.blockout.endDate, p.blockout.reason]]));
  };

  it('shows a coordinator who added a person to their pool the dates of their blockouts, not the reason', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const patient = await newUser(server);
    const { blockout } = await blockOut(patient, { startDate: '2026-04-06', endDate: '2026-04-30', reason: 'Chemotherapy' });
    assert.equal((await server.post(`${V}/ministries/${ministry.id}/pool/${patient.personId}`, undefined, as(coordinator))).status, 201);

    const path = `${V}/people/${patient.personId}/blockouts`;
    const seen = await server.get(path, as(coordinator));
    assert.equal(seen.status, 200, seen.text);
    assert.deepEqual(seen.body.blockouts, [{
      id: blockout.id, personId: patient.personId, startDate: '2026-04-06', endDate: '2026-04-30', startTime: null, endTime: null, repeatWeeklyUntil: null, reason: null,
    }]);
    const recorded = await server.post(path, { startDate: '2026-05-03', reason: 'Told me after the service' }, as(coordinator));
    assert.equal(recorded.body.blockout.reason, 'Told me after the service');
    assert.deepEqual((await server.get(path, as(coordinator))).body.blockouts.map((b: { reason: string | null }) => b.reason), [null, 'Told me after the service']);
    assert.deepEqual((await server.get(path, as(manager))).body.blockouts.map((b: { reason: string | null }) => b.reason), ['Chemotherapy', 'Told me after the service']);
    assert.deepEqual((await server.get('/api/me/blockouts', as(patient))).body.blockouts.map((b: { reason: string | null }) => b.reason), ['Chemotherapy', 'Told me after the service']);
  });

  it("leaves the reason out of an occurrence's eligible list but for the coordinator who recorded it and managers", async () => {
    const { ministry, position, volunteer: patient, sunday } = await church();
    const told = await newUser(server);
    await qualify(server, position.id, told.personId);
    const occurrence = await sunday('2026-04-12');
    const [coordinator, recorder] = [await newCoordinator(server, ministry.id), await newCoordinator(server, ministry.id)];
    await blockOut(patient, { startDate: '2026-04-06', endDate: '2026-04-30', reason: 'Chemotherapy' });
    assert.equal((await server.post(`${V}/people/${told.personId}/blockouts`, { startDate: '2026-04-12', reason: 'Family visit' }, as(recorder))).status, 201);

    const byCoordinator = await eligibleBlockouts(coordinator, occurrence, position.id);
    assert.deepEqual([byCoordinator.get(patient.personId), byCoordinator.get(told.personId)], [['2026-04-06', '2026-04-30', null], ['2026-04-12', '2026-04-12', null]]);
    const byRecorder = await eligibleBlockouts(recorder, occurrence, position.id);
    assert.deepEqual([byRecorder.get(patient.personId), byRecorder.get(told.personId)], [['2026-04-06', '2026-04-30', null], ['2026-04-12', '2026-04-12', 'Family visit']]);
    for (const reader of [manager, admin]) {
      const byManager = await eligibleBlockouts(reader, occurrence, position.id);
      assert.deepEqual([byManager.get(patient.personId), byManager.get(told.personId)], [['2026-04-06', '2026-04-30', 'Chemotherapy'], ['2026-04-12', '2026-04-12', 'Family visit']]);
    }
  });
});
