import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import {
  as, grantScope, markDeliveriesFailed, newCoordinator, newEvents, newMinistry, newPerson, newPosition,
  newStaffedEvent, newTeam, newTeamLeader, newUser, qualify, resetLogin, setAssignmentStatus, storedRows, unique,
  useOtherEventType, useServer, useUser, type Ministry, type TestUser, assignVolunteer,
} from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const otherType = useOtherEventType(server);
const V = '/api/ministries';
const DAYS_MESSAGE = 'The days parameter must be a whole number between 1 and 365';

/** The ministry with another of its teams in `teamId`: where a position or a staffed event of that team goes. */
const teamOf = async (ministry: Ministry, name?: string): Promise<Ministry> =>
  ({ ...ministry, teamId: (await newTeam(server, ministry.id, name === undefined ? {} : { name })).id });

async function dashboard(user: TestUser, days?: string) {
  const answer = await server.get(`${V}/dashboard`, { ...as(user), query: days === undefined ? undefined : { days } });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const occurrenceIds = (rows: Array<{ context: { occurrenceId: number } }>) => rows.map((r) => r.context.occurrenceId);

async function setLeadHours(value: number) {
  const answer = await server.post('/admin/api/system/config/iVolunteerReminderLeadHours', { value }, as(admin));
  assert.equal(answer.status, 200, answer.text);
}

describe('GET /api/ministries/dashboard (E8)', () => {
  it('uses a 28-day window from today by default and answers the panels, the count and the scope block', async () => {
    const body = await dashboard(admin);
    assert.equal(body.days, 28);
    assert.equal(body.from, '2026-03-04');
    assert.equal(body.to, '2026-04-01');
    for (const panel of ['upcoming', 'gaps', 'pendingResponses', 'proposedSwaps']) assert.ok(Array.isArray(body[panel]), panel);
    assert.equal(typeof body.failedNotifications, 'number');
    assert.equal(body.limit, 100);
    assert.equal(body.capped, false);
    assert.equal(body.scope.isAdmin, true);
    assert.equal(body.scope.isManager, true);
  });

  it('accepts days from 1 to 365 and moves the window end with it', async () => {
    assert.equal((await dashboard(admin, '1')).to, '2026-03-05');
    const year = await dashboard(admin, '365');
    assert.equal(year.days, 365);
    assert.equal(year.to, '2027-03-04');
  });

  it('answers 400 for days that are not a whole number between 1 and 365', async () => {
    for (const days of ['0', '366', '-1', '1.5', 'abc', '7days', '1e2']) {
      const answer = await server.get(`${V}/dashboard`, { ...as(admin), query: { days } });
      assert.equal(answer.status, 400, `days=${days}`);
      assert.equal(answer.body.message, DAYS_MESSAGE, `days=${days}`);
    }
  });

  it('refuses with 403 a caller who is neither a manager, a coordinator nor a team leader, and 401 without a login', async () => {
    assert.equal((await server.get(`${V}/dashboard`)).status, 401);
    assert.equal((await server.get(`${V}/dashboard`, as(await newUser(server)))).status, 403);
    const flagOnly = await newUser(server, { roles: ['manageMyMinistries'] });
    assert.equal((await server.get(`${V}/dashboard`, as(flagOnly))).status, 403, 'the flag without a grant');
    const grantOnly = await newUser(server, { roles: ['addEvents'] });
    await grantScope(server, grantOnly.personId, 'ministry', (await newMinistry(server)).id);
    assert.equal((await server.get(`${V}/dashboard`, as(grantOnly))).status, 403, 'a ministry grant without the flag');
  });

  it('scopes the upcoming panel: a manager sees every ministry, a coordinator their ministries, a team leader their teams', async () => {
    const ministry = await newMinistry(server);
    const otherTeam = await teamOf(ministry);
    const elsewhere = await newMinistry(server);
    const [p1, p2, p3] = [(await newPosition(server, ministry.id, ministry.teamId)).id, (await newPosition(server, otherTeam.id, otherTeam.teamId)).id, (await newPosition(server, elsewhere.id, elsewhere.teamId)).id];
    const first = (await newStaffedEvent(server, ministry, [{ positionId: p1, minCount: 0 }], { date: '2026-03-06' })).occurrenceId;
    const second = (await newStaffedEvent(server, otherTeam, [{ positionId: p2, minCount: 0 }], { date: '2026-03-07' })).occurrenceId;
    const third = (await newStaffedEvent(server, elsewhere, [{ positionId: p3, minCount: 0 }], { date: '2026-03-08' })).occurrenceId;
    const mine = new Set([first, second, third]);

    const manager = await newUser(server, { roles: ['manageMinistries'] });
    const managerView = await dashboard(manager);
    assert.deepEqual(ids(managerView.upcoming).filter((id: number) => mine.has(id)), [first, second, third]);
    assert.equal(managerView.scope.isAdmin, false);
    assert.equal(managerView.scope.isManager, true);

    assert.deepEqual(ids((await dashboard(await newCoordinator(server, ministry.id))).upcoming), [first, second]);
    assert.deepEqual(ids((await dashboard(await newTeamLeader(server, otherTeam.teamId, ['manageMyMinistries']))).upcoming), [second]);
    assert.deepEqual(ids((await dashboard(await newTeamLeader(server, [otherTeam.teamId, elsewhere.teamId], ['manageMyMinistries']))).upcoming), [second, third]);
  });

  it('lists occurrences inside the window that are not over, each with its context', async () => {
    const ministry = await newMinistry(server, { name: 'Context Ministry' });
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const needs = [{ positionId: position, minCount: 0 }];
    const over = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-04', startTime: '08:00', endTime: '09:00' })).occurrenceId;
    const running = (await newStaffedEvent(server, ministry, needs, { date: '2026-03-04', startTime: '09:30', endTime: '11:00' })).occurrenceId;
    const lastDay = (await newStaffedEvent(server, ministry, needs, { date: '2026-04-01' })).occurrenceId;
    const beyond = (await newStaffedEvent(server, ministry, needs, { date: '2026-04-02' })).occurrenceId;
    const coordinator = await newCoordinator(server, ministry.id);

    const body = await dashboard(coordinator);
    assert.deepEqual(ids(body.upcoming), [running, lastDay]);
    assert.ok(!ids(body.upcoming).includes(over) && !ids(body.upcoming).includes(beyond));
    assert.deepEqual(ids((await dashboard(coordinator, '29')).upcoming), [running, lastDay, beyond]);

    const row = body.upcoming[0];
    const team = (await server.get(`${V}/ministries/${ministry.id}/teams`, as(admin))).body.teams[0];
    assert.deepEqual(Object.keys(row.context).sort(), [
      'end', 'eventId', 'ministryId', 'ministryName', 'occurrenceDate', 'occurrenceId', 'occurrenceStatus', 'scheduleId', 'scheduleName', 'start', 'teamId', 'teamName',
    ]);
    assert.equal(row.context.occurrenceId, running);
    assert.equal(row.context.occurrenceDate, '2026-03-04');
    assert.match(row.context.start, /^2026-03-04[T ]09:30/);
    assert.match(row.context.end, /^2026-03-04[T ]11:00/);
    assert.equal(row.context.occurrenceStatus, 'scheduled');
    assert.equal(row.context.ministryId, ministry.id);
    assert.equal(row.context.ministryName, 'Context Ministry');
    assert.equal(row.context.teamId, ministry.teamId);
    assert.equal(row.context.teamName, team.name);
    assert.equal(typeof row.context.eventId, 'number');
    assert.equal(typeof row.context.scheduleId, 'number');
  });

  it('leaves occurrences of an inactive ministry out of every panel but keeps it in the scope block', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 2 }])).occurrenceId;
    const { assignmentId, volunteer } = await assignVolunteer(server, occurrence, position);
    const substitute = await newPerson(server);
    await qualify(server, position, substitute.id);
    assert.equal((await server.post(`/api/me/assignments/${assignmentId}/propose-substitute`, { personId: substitute.id }, as(volunteer))).status, 201);
    const coordinator = await newCoordinator(server, ministry.id);
    const leader = await newTeamLeader(server, ministry.teamId, ['manageMyMinistries']);
    const active = await dashboard(coordinator);
    assert.deepEqual([active.upcoming.length, active.gaps.length, active.pendingResponses.length, active.proposedSwaps.length], [1, 1, 1, 1]);

    assert.equal((await server.post(`${V}/ministries/${ministry.id}`, { active: false }, as(admin))).status, 200);
    for (const [who, caller] of [['coordinator', coordinator], ['team leader', leader], ['admin', admin]] as const) {
      const body = await dashboard(caller);
      for (const panel of ['upcoming', 'gaps', 'pendingResponses', 'proposedSwaps']) {
        assert.ok(!occurrenceIds(body[panel]).includes(occurrence), `${who}: ${panel}`);
      }
      const listed = body.scope.ministries.find((m: { id: number }) => m.id === ministry.id);
      assert.equal(listed?.active, false, `${who}: the inactive ministry stays in the scope block`);
    }
  });

  it('names in the scope block the ministries and teams the caller may navigate to, inactive ones included', async () => {
    const ministry = await newMinistry(server, { name: 'Scoped Ministry' });
    const second = await teamOf(ministry, 'Second team');
    const dormant = await teamOf(ministry, 'Dormant team');
    assert.equal((await server.post(`${V}/teams/${dormant.teamId}`, { active: false }, as(admin))).status, 200);
    const led = await newMinistry(server, { name: 'Led Ministry' });
    const ledTeam = await teamOf(led, 'Led team');
    const unrelated = await newMinistry(server);

    const coordinator = await newCoordinator(server, ministry.id);
    const coordinatorScope = (await dashboard(coordinator)).scope;
    assert.equal(coordinatorScope.isAdmin, false);
    assert.equal(coordinatorScope.isManager, false);
    assert.deepEqual(coordinatorScope.ministries, [{ id: ministry.id, name: 'Scoped Ministry', description: null, active: true, manageable: true }]);
    assert.deepEqual(coordinatorScope.teams.map((t: { id: number }) => t.id).sort(), [ministry.teamId, second.teamId, dormant.teamId].sort());
    const dormantRow = coordinatorScope.teams.find((t: { id: number }) => t.id === dormant.teamId);
    assert.deepEqual(dormantRow, { id: dormant.teamId, name: 'Dormant team', ministryId: ministry.id, active: false, ministryName: 'Scoped Ministry' });

    const leader = await newTeamLeader(server, ledTeam.teamId, ['manageMyMinistries']);
    const leaderScope = (await dashboard(leader)).scope;
    assert.deepEqual(leaderScope.ministries, [{ id: led.id, name: 'Led Ministry', description: null, active: true, manageable: false }]);
    assert.deepEqual(leaderScope.teams, [{ id: ledTeam.teamId, name: 'Led team', ministryId: led.id, active: true, ministryName: 'Led Ministry' }]);

    const both = await newCoordinator(server, ministry.id);
    await grantScope(server, both.personId, 'team', ledTeam.teamId);
    const bothScope = (await dashboard(both)).scope;
    assert.deepEqual(bothScope.ministries.map((m: { id: number; manageable: boolean }) => [m.id, m.manageable]).sort(), [[ministry.id, true], [led.id, false]].sort());
    assert.ok(!bothScope.ministries.some((m: { id: number }) => m.id === unrelated.id));

    await server.post(`${V}/ministries/${unrelated.id}`, { active: false }, as(admin));
    const adminScope = (await dashboard(admin)).scope;
    const all = (await storedRows(server, 'ministries')).map((m) => m.id);
    assert.deepEqual(adminScope.ministries.map((m: { id: number }) => m.id).sort((a: number, b: number) => a - b), all, 'every ministry, inactive ones too');
    assert.equal(adminScope.ministries.find((m: { id: number }) => m.id === unrelated.id).active, false);
    assert.ok(adminScope.ministries.every((m: { manageable: boolean }) => m.manageable));
    assert.ok(adminScope.teams.some((t: { id: number; active: boolean }) => t.id === dormant.teamId && !t.active));
  });

  it('answers empty panels and no failed messages to a team leader whose team has nothing scheduled', async () => {
    const ministry = await newMinistry(server);
    const quietTeam = await teamOf(ministry);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }])).occurrenceId;
    const { assignmentId } = await assignVolunteer(server, occurrence, position);
    assert.equal(await markDeliveriesFailed(server, { assignment_id: assignmentId }), 1);
    const body = await dashboard(await newTeamLeader(server, quietTeam.teamId, ['manageMyMinistries']));
    assert.deepEqual([body.upcoming, body.gaps, body.pendingResponses, body.proposedSwaps], [[], [], [], []]);
    assert.equal(body.failedNotifications, 0);
    assert.equal(body.capped, false);
  });

  it('lists gaps (requirements below Min) sorted by occurrence date, then position id', async () => {
    const ministry = await newMinistry(server);
    const [a, b, c] = [(await newPosition(server, ministry.id, ministry.teamId)).id, (await newPosition(server, ministry.id, ministry.teamId)).id, (await newPosition(server, ministry.id, ministry.teamId)).id];
    const later = (await newStaffedEvent(server, ministry, [{ positionId: b, minCount: 1 }, { positionId: a, minCount: 2 }], { date: '2026-03-20' })).occurrenceId;
    const sooner = (await newStaffedEvent(server, ministry, [{ positionId: c, minCount: 1 }, { positionId: b, minCount: 0, maxCount: 3 }, { positionId: a, minCount: 1 }], { date: '2026-03-12' })).occurrenceId;
    await assignVolunteer(server, later, b);
    await assignVolunteer(server, later, a);
    const cancelled = (await newStaffedEvent(server, ministry, [{ positionId: a, minCount: 1 }], { date: '2026-03-11' })).occurrenceId;
    await server.post(`${V}/occurrences/${cancelled}/status`, { status: 'cancelled' }, as(admin));

    const body = await dashboard(await newCoordinator(server, ministry.id));
    assert.deepEqual(body.gaps.map((g: { occurrenceId: number; positionId: number }) => [g.occurrenceId, g.positionId]), [[sooner, a], [sooner, c], [later, a]]);
    const partial = body.gaps[2];
    assert.deepEqual([partial.minCount, partial.liveCount, partial.gapCount], [2, 1, 1]);
    assert.equal(partial.context.occurrenceId, later);
    assert.equal(partial.context.occurrenceDate, '2026-03-20');
  });

  it('lists pending assignments awaiting a reply, flagging those inside the reminder lead', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const soon = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 3 }], { date: '2026-03-05', startTime: '09:00', endTime: '10:00' })).occurrenceId;
    const far = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 3 }], { date: '2026-03-20' })).occurrenceId;
    const pendingSoon = await assignVolunteer(server, soon, position);
    const pendingFar = await assignVolunteer(server, far, position);
    const answered = await assignVolunteer(server, soon, position);
    assert.equal((await server.post(`/api/me/assignments/${answered.assignmentId}/respond`, { response: 'accepted' }, as(answered.volunteer))).status, 200);
    const declined = await assignVolunteer(server, far, position);
    assert.equal((await server.post(`/api/me/assignments/${declined.assignmentId}/respond`, { response: 'declined' }, as(declined.volunteer))).status, 200);
    const coordinator = await newCoordinator(server, ministry.id);

    try {
      await setLeadHours(24); // 2026-03-05 09:00 is 23 hours away
      const body = await dashboard(coordinator);
      assert.deepEqual(body.pendingResponses.map((r: { id: number; withinReminderWindow: boolean }) => [r.id, r.withinReminderWindow]), [
        [pendingSoon.assignmentId, true], [pendingFar.assignmentId, false],
      ]);
      assert.equal(body.pendingResponses[0].status, 'pending');
      assert.equal(body.pendingResponses[0].context.occurrenceId, soon);

      await setLeadHours(22);
      assert.deepEqual((await dashboard(coordinator)).pendingResponses.map((r: { withinReminderWindow: boolean }) => r.withinReminderWindow), [false, false]);
      await setLeadHours(0);
      server.clock.set('2026-03-05T13:59:00Z'); // a minute before the start
      assert.deepEqual((await dashboard(coordinator)).pendingResponses.map((r: { withinReminderWindow: boolean }) => r.withinReminderWindow), [false, false], 'never with a lead of 0');
    } finally {
      server.clock.set('2026-03-04T15:00:00Z');
      await setLeadHours(48);
    }
  });

  it('lists the replies awaited on one day in the order of the shifts, the 9:00 service before the 11:00 one asked first', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const eleven = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-03-08', startTime: '11:00', endTime: '12:15' })).occurrenceId;
    const nine = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-03-08', startTime: '09:00', endTime: '10:15' })).occurrenceId;
    const day = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-03-07', startTime: '18:00', endTime: '19:00' })).occurrenceId;
    for (const occurrence of [eleven, nine, day]) await assignVolunteer(server, occurrence, position);
    const body = await dashboard(await newCoordinator(server, ministry.id));
    assert.deepEqual(occurrenceIds(body.pendingResponses), [day, nine, eleven]);
  });

  it('lists proposed substitutions only, each with its context', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 3 }])).occurrenceId;
    const substitute = await newPerson(server);
    await qualify(server, position, substitute.id);
    const proposed = await assignVolunteer(server, occurrence, position);
    const withdrawn = await assignVolunteer(server, occurrence, position);
    const swap = await server.post(`/api/me/assignments/${proposed.assignmentId}/propose-substitute`, { personId: substitute.id }, as(proposed.volunteer));
    assert.equal(swap.status, 201, swap.text);
    const gone = await server.post(`/api/me/assignments/${withdrawn.assignmentId}/propose-substitute`, { personId: substitute.id }, as(withdrawn.volunteer));
    assert.equal((await server.post(`/api/me/swaps/${gone.body.swap.id}/withdraw`, {}, as(withdrawn.volunteer))).status, 200);

    const body = await dashboard(await newCoordinator(server, ministry.id));
    assert.deepEqual(ids(body.proposedSwaps), [swap.body.swap.id]);
    assert.equal(body.proposedSwaps[0].status, 'proposed');
    assert.equal(body.proposedSwaps[0].context.occurrenceId, occurrence);
    assert.equal(body.proposedSwaps[0].context.ministryId, ministry.id);
    const outsider = await newCoordinator(server, (await newMinistry(server)).id);
    assert.deepEqual((await dashboard(outsider)).proposedSwaps, []);
  });

  it('counts failed messages of occurrences and assignments in scope and failed help offers of ministries in scope, nothing else', async () => {
    const ministry = await newMinistry(server);
    const otherTeam = await teamOf(ministry);
    const elsewhere = await newMinistry(server);
    const [position, teamPosition, foreignPosition] = [(await newPosition(server, ministry.id, ministry.teamId)).id, (await newPosition(server, otherTeam.id, otherTeam.teamId)).id, (await newPosition(server, elsewhere.id, elsewhere.teamId)).id];
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 5 }])).occurrenceId;
    const teamOccurrence = (await newStaffedEvent(server, otherTeam, [{ positionId: teamPosition, minCount: 5 }])).occurrenceId;
    const foreign = (await newStaffedEvent(server, elsewhere, [{ positionId: foreignPosition, minCount: 5 }])).occurrenceId;
    const coordinator = await newCoordinator(server, ministry.id);
    const leader = await newTeamLeader(server, otherTeam.teamId, ['manageMyMinistries']);
    const outsider = await newCoordinator(server, elsewhere.id);
    const baseline = (await dashboard(admin)).failedNotifications;

    // Mail is off on a new install, so the drain skips this assignment's message.
    const skipped = await assignVolunteer(server, occurrence, position);
    await drainOutbox(server.app.services);
    const skippedMessages = await server.get(`${V}/assignments/${skipped.assignmentId}/notifications`, as(admin));
    assert.deepEqual(skippedMessages.body.notifications.map((n: { status: string }) => n.status), ['skipped']);
    const a = await assignVolunteer(server, occurrence, position);
    const c = await assignVolunteer(server, teamOccurrence, teamPosition);
    const d = await assignVolunteer(server, foreign, foreignPosition);
    await assignVolunteer(server, occurrence, position); // its message stays pending
    for (const { assignmentId } of [a, c, d]) assert.equal(await markDeliveriesFailed(server, { assignment_id: assignmentId }), 1);
    const cancelledRow = await assignVolunteer(server, occurrence, position);
    await setAssignmentStatus(server, cancelledRow.assignmentId, 'cancelled');
    // A gap alert is occurrence-scoped, without an assignment.
    const decliner = await assignVolunteer(server, occurrence, position);
    assert.equal((await server.post(`/api/me/assignments/${decliner.assignmentId}/respond`, { response: 'declined' }, as(decliner.volunteer))).status, 200);
    assert.equal(await markDeliveriesFailed(server, { type: 'gap_alert', occurrence_id: occurrence }), 1, 'one gap alert, to the one coordinator');
    assert.equal(await markDeliveriesFailed(server, { type: 'decline_alert', assignment_id: decliner.assignmentId }), 1);

    // A failed help offer for the ministry, and one for elsewhere.
    await server.post(`${V}/ministries/${ministry.id}`, { helpWanted: true }, as(admin));
    await server.post(`${V}/ministries/${elsewhere.id}`, { helpWanted: true }, as(admin));
    const offerer = await newUser(server);
    assert.equal((await server.post(`/api/me/help-wanted/${ministry.id}`, undefined, as(offerer))).body.notified, 1);
    assert.equal((await server.post(`/api/me/help-wanted/${elsewhere.id}`, undefined, as(offerer))).body.notified, 1);
    assert.equal(await markDeliveriesFailed(server, { type: 'help_offer', person_id: [coordinator.personId, outsider.personId] }), 2);

    // An account mail that failed belongs to no ministry.
    await resetLogin(server, coordinator.userId);
    assert.equal(await markDeliveriesFailed(server, { type: 'account_unlocked', person_id: coordinator.personId }), 1);

    assert.equal((await dashboard(coordinator)).failedNotifications, 5, 'a, c, the gap alert, the decline alert and the help offer');
    assert.equal((await dashboard(leader)).failedNotifications, 1, 'c only');
    assert.equal((await dashboard(outsider)).failedNotifications, 2, 'd and the help offer for elsewhere');
    assert.equal((await dashboard(admin)).failedNotifications, baseline + 7, 'everything but the account mail');
  });

  it('carries each row\'s context as flat keys too, read alike by a coordinator, a second coordinator and a team leader', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 3 }], { date: '2026-03-12' })).occurrenceId;
    const pending = await assignVolunteer(server, occurrence, position);
    const substitute = await newPerson(server);
    await qualify(server, position, substitute.id);
    const swap = await server.post(`/api/me/assignments/${pending.assignmentId}/propose-substitute`, { personId: substitute.id }, as(pending.volunteer));
    assert.equal(swap.status, 201, swap.text);
    const teamName = (await server.get(`${V}/ministries/${ministry.id}/teams`, as(admin))).body.teams[0].name;
    const flat = {
      occurrenceId: occurrence, occurrenceDate: '2026-03-12', start: '2026-03-12 09:00:00', end: '2026-03-12 10:00:00',
      occurrenceStatus: 'scheduled', ministryId: ministry.id, ministryName: ministry.name, teamId: ministry.teamId, teamName,
    };
    const pick = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(flat).map((key) => [key, row[key]]));
    for (const viewer of [await newCoordinator(server, ministry.id), await newCoordinator(server, ministry.id), await newTeamLeader(server, ministry.teamId, ['manageMyMinistries'])]) {
      const body = await dashboard(viewer);
      const upcoming = body.upcoming.find((row: { id: number }) => row.id === occurrence);
      const gap = body.gaps.find((row: { occurrenceId: number }) => row.occurrenceId === occurrence);
      const reply = body.pendingResponses.find((row: { id: number }) => row.id === pending.assignmentId);
      const proposal = body.proposedSwaps.find((row: { id: number }) => row.id === swap.body.swap.id);
      for (const row of [upcoming, gap, reply, proposal]) {
        assert.deepEqual(pick(row), flat);
        assert.equal(typeof row.eventId, 'number');
        assert.equal(typeof row.scheduleId, 'number');
        assert.deepEqual(pick(row.context), flat, 'the nested context stays');
      }
      assert.equal(reply.status, 'pending', "the assignment's own status wins");
      assert.equal(proposal.status, 'proposed', "the swap's own status wins");
    }
    const gaps = await server.get(`${V}/gaps`, { ...as(admin), query: { from: '2026-03-12', to: '2026-03-13' } });
    assert.deepEqual(pick(gaps.body.gaps.find((row: { occurrenceId: number }) => row.occurrenceId === occurrence)), flat);
  });

  it('caps each panel at 100 rows and says so', async () => {
    const ministry = await newMinistry(server);
    const positions: number[] = [];
    for (let i = 0; i < 101; i++) positions.push((await newPosition(server, ministry.id, ministry.teamId)).id);
    const occurrence = (await newStaffedEvent(server, ministry, positions.map((positionId) => ({ positionId, minCount: 1 })), { date: '2026-03-30' })).occurrenceId;
    const coordinator = await newCoordinator(server, ministry.id);
    const body = await dashboard(coordinator);
    assert.equal(body.gaps.length, 100);
    assert.equal(body.capped, true);
    assert.equal(body.limit, 100);
    assert.deepEqual(body.gaps.map((g: { positionId: number }) => g.positionId), [...positions].sort((x, y) => x - y).slice(0, 100));
    assert.deepEqual(ids(body.upcoming), [occurrence]);
    const smaller = await dashboard(coordinator, '25');
    assert.equal(smaller.capped, false, 'the window no longer reaches the occurrence');
    assert.deepEqual(smaller.gaps, []);
  });
});

describe('a window of more than 500 occurrences', () => {
  it('finds the gaps and pending replies after the 500th occurrence, in the dashboard and the hasGaps list', async () => {
    const ministry = await newMinistry(server);
    const busy = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const title = unique('Vigil');
    // 520 fully staffed-by-rule occurrences (Min 0) on the first days of the window, through one schedule.
    await newEvents(server, title, otherType.id, Array.from({ length: 520 }, (_, i) => {
      const day = `2026-03-${String(5 + (i % 10)).padStart(2, '0')}`;
      const minute = String(Math.floor(i / 10)).padStart(2, '0');
      return { start: `${day} 06:${minute}:00`, end: `${day} 06:${minute}:30` };
    }));
    const schedule = await server.post(`${V}/ministries/${ministry.id}/schedules`, {
      name: title, linkMode: 'event_type', eventTypeId: otherType.id, titleFilter: title, teamId: ministry.teamId, windowStart: '2026-03-01',
      requirements: [{ positionId: busy, minCount: 0 }],
    }, as(admin));
    assert.equal(schedule.status, 201, schedule.text);
    // One later occurrence that needs someone, with a reply awaited.
    const late = (await newStaffedEvent(server, ministry, [{ positionId: busy, minCount: 2 }], { date: '2026-03-20' })).occurrenceId;
    const { assignmentId } = await assignVolunteer(server, late, busy);
    const coordinator = await newCoordinator(server, ministry.id);

    const body = await dashboard(coordinator);
    assert.ok(body.gaps.some((gap: { occurrenceId: number }) => gap.occurrenceId === late), 'the gap after the 500th occurrence is listed');
    assert.ok(body.pendingResponses.some((reply: { id: number }) => reply.id === assignmentId), 'so is the reply awaited there');
    assert.equal(body.upcoming.length, 100);
    assert.equal(body.capped, true, 'the upcoming panel was cut');

    const withGaps = await server.get(`${V}/occurrences`, { ...as(coordinator), query: { from: '2026-03-04', to: '2026-03-31', hasGaps: '1' } });
    assert.equal(withGaps.status, 200, withGaps.text);
    assert.deepEqual(withGaps.body.occurrences.map((o: { id: number }) => o.id), [late]);
    assert.equal(withGaps.body.capped, false);
  });
});

describe('an occurrence follows its event', () => {
  it('takes the new date when the event moves: moved into the past it leaves the gaps and counts as last served', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 2 }], { date: '2026-03-10' })).occurrenceId;
    const { assignmentId, volunteer } = await assignVolunteer(server, occurrence, position);
    assert.equal((await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'accepted' }, as(volunteer))).status, 200);
    const coordinator = await newCoordinator(server, ministry.id);
    assert.ok((await dashboard(coordinator)).gaps.some((gap: { occurrenceId: number }) => gap.occurrenceId === occurrence));

    const eventId = (await server.get(`${V}/occurrences/${occurrence}`, as(admin))).body.occurrence.eventId;
    const moved = await server.post(`/api/events/${eventId}`, { Start: '2026-03-02 09:00:00', End: '2026-03-02 10:00:00' }, as(admin));
    assert.equal(moved.status, 200, moved.text);

    const after = await server.get(`${V}/occurrences/${occurrence}`, as(admin));
    assert.equal(after.body.occurrence.occurrenceDate, '2026-03-02');
    assert.equal(after.body.occurrence.start, '2026-03-02 09:00:00');
    assert.ok(!(await dashboard(coordinator)).gaps.some((gap: { occurrenceId: number }) => gap.occurrenceId === occurrence));
    const next = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-03-17' })).occurrenceId;
    const eligible = await server.get(`${V}/occurrences/${next}/eligible`, { ...as(admin), query: { positionId: String(position) } });
    assert.equal(eligible.status, 200, eligible.text);
    const row = eligible.body.people.find((p: { personId: number }) => p.personId === volunteer.personId);
    assert.equal(row.lastServedDate, '2026-03-02');
  });

  it('takes the new date when a coordinator moves the event through the ministry\'s own edit route', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const occurrence = (await newStaffedEvent(server, ministry, [{ positionId: position, minCount: 1 }], { date: '2026-03-22' })).occurrenceId;
    const coordinator = await newCoordinator(server, ministry.id);
    const eventId = (await server.get(`${V}/occurrences/${occurrence}`, as(admin))).body.occurrence.eventId;
    const moved = await server.post(`${V}/ministries/${ministry.id}/events/${eventId}`, { date: '2026-03-29' }, as(coordinator));
    assert.equal(moved.status, 200, moved.text);
    const after = await server.get(`${V}/occurrences/${occurrence}`, as(coordinator));
    assert.equal(after.body.occurrence.occurrenceDate, '2026-03-29');
    const gaps = await server.get(`${V}/gaps`, { ...as(coordinator), query: { from: '2026-03-29', to: '2026-03-29' } });
    assert.deepEqual(gaps.body.gaps.map((gap: { occurrenceId: number }) => gap.occurrenceId), [occurrence]);
  });
});

describe('GET /api/ministries/gaps', () => {
  it('sorts gaps by occurrence date, then position (contract §18 #29), then start', async () => {
    const ministry = await newMinistry(server);
    const first = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const second = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const evening = (await newStaffedEvent(server, ministry, [{ positionId: first, minCount: 1 }], { date: '2026-06-10', startTime: '18:00', endTime: '19:00' })).occurrenceId;
    const morning = (await newStaffedEvent(server, ministry, [{ positionId: second, minCount: 1 }, { positionId: first, minCount: 1 }], { date: '2026-06-10', startTime: '07:00', endTime: '08:00' })).occurrenceId;
    const previous = (await newStaffedEvent(server, ministry, [{ positionId: second, minCount: 1 }], { date: '2026-06-09', startTime: '20:00', endTime: '21:00' })).occurrenceId;
    const coordinator = await newCoordinator(server, ministry.id);
    const answer = await server.get(`${V}/gaps`, { ...as(coordinator), query: { from: '2026-06-01', to: '2026-06-30' } });
    assert.equal(answer.status, 200);
    const expected = [[previous, second], [morning, first], [evening, first], [morning, second]];
    assert.deepEqual(answer.body.gaps.map((g: { occurrenceId: number; positionId: number }) => [g.occurrenceId, g.positionId]), expected);
    const board = await server.get(`${V}/dashboard`, { ...as(coordinator), query: { days: '120' } });
    assert.equal(board.status, 200);
    assert.deepEqual(board.body.gaps.map((g: { occurrenceId: number; positionId: number }) => [g.occurrenceId, g.positionId]), expected);
  });

  it('requires from and to, and refuses a window that ends before it starts', async () => {
    for (const query of [{}, { from: '2026-03-01' }, { to: '2026-03-31' }, { from: 'soon', to: '2026-03-31' }] as Array<Record<string, string>>) {
      const answer = await server.get(`${V}/gaps`, { ...as(admin), query });
      assert.equal(answer.status, 400, JSON.stringify(query));
      assert.equal(answer.body.message, 'A from and a to date in YYYY-MM-DD form are required', JSON.stringify(query));
    }
    const backwards = await server.get(`${V}/gaps`, { ...as(admin), query: { from: '2026-03-31', to: '2026-03-01' } });
    assert.equal(backwards.status, 400);
    assert.equal(backwards.body.message, 'The window ends before it starts');
  });

  it('lists only requirements with a gap, soonest first, scoped like the occurrence list and filtered by ministryId', async () => {
    const ministry = await newMinistry(server);
    const otherTeam = await teamOf(ministry);
    const elsewhere = await newMinistry(server);
    const [p, q, r] = [(await newPosition(server, ministry.id, ministry.teamId)).id, (await newPosition(server, otherTeam.id, otherTeam.teamId)).id, (await newPosition(server, elsewhere.id, elsewhere.teamId)).id];
    const filled = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const late = (await newStaffedEvent(server, ministry, [{ positionId: p, minCount: 1 }, { positionId: filled, minCount: 1 }], { date: '2026-05-10' })).occurrenceId;
    await assignVolunteer(server, late, filled);
    const early = (await newStaffedEvent(server, otherTeam, [{ positionId: q, minCount: 2 }], { date: '2026-05-05' })).occurrenceId;
    const zero = (await newStaffedEvent(server, ministry, [{ positionId: p, minCount: 0, maxCount: 2 }], { date: '2026-05-06' })).occurrenceId;
    const foreign = (await newStaffedEvent(server, elsewhere, [{ positionId: r, minCount: 1 }], { date: '2026-05-07' })).occurrenceId;
    const window = { from: '2026-05-01', to: '2026-05-31' };
    const pairs = (body: { gaps: Array<{ occurrenceId: number; positionId: number }> }) => body.gaps.map((g) => [g.occurrenceId, g.positionId]);

    const coordinator = await newCoordinator(server, ministry.id);
    const coordinatorAnswer = await server.get(`${V}/gaps`, { ...as(coordinator), query: window });
    assert.equal(coordinatorAnswer.status, 200);
    assert.deepEqual(pairs(coordinatorAnswer.body), [[early, q], [late, p]]);
    assert.ok(!pairs(coordinatorAnswer.body).some(([o]) => o === zero), 'a Min 0 row is never a gap');
    assert.equal(coordinatorAnswer.body.gaps[0].gapCount, 2);

    const leaderAnswer = await server.get(`${V}/gaps`, { ...as(await newTeamLeader(server, otherTeam.teamId, ['manageMyMinistries'])), query: window });
    assert.deepEqual(pairs(leaderAnswer.body), [[early, q]]);

    const adminAnswer = await server.get(`${V}/gaps`, { ...as(admin), query: { ...window, ministryId: String(elsewhere.id) } });
    assert.deepEqual(pairs(adminAnswer.body), [[foreign, r]]);
    const outside = await server.get(`${V}/gaps`, { ...as(coordinator), query: { ...window, ministryId: String(elsewhere.id) } });
    // Scoped in the query like the occurrence list (contract §5.5): a ministry outside the scope shows nothing.
    assert.equal(outside.status, 200);
    assert.deepEqual(outside.body.gaps, []);

    assert.equal((await server.get(`${V}/gaps`, { ...as(await newUser(server)), query: window })).status, 403);
  });
});
