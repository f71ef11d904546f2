import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  answerAs, approveSwap, as, atTime, completeEndedShifts, countRows, expectError, grantScope, newEvents,
  newCoordinator, newPerson, newTeamLeader, newUser, proposeSubstitute, qualify, storedRows, unique, useOtherEventType,
  useServer, useUser, assignVolunteer,
} from '../kit/index.js';
import type { OccurrenceView as Occurrence, RequirementView as Requirement } from '../../src/http/schemas/volunteer.schemas.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const otherType = useOtherEventType(server);

const V = '/api/ministries';
/** The eight Sundays the standard series covers; all inside the default eight-week horizon from 2026-03-04. */
const SUNDAYS = ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12', '2026-04-19', '2026-04-26'];
const WIDE = { from: '2026-01-01', to: '2026-12-31' };

async function newPosition(ministryId: number, teamId: number, name = unique('Position')): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministryId}/positions`, { name, teamId }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.position.id;
}

/** A weekly Sunday 10:00–11:30 series of "Other" events; answers the event ids in date order. */
async function newSeries(title: string, rangeStart = SUNDAYS[0], rangeEnd = SUNDAYS[SUNDAYS.length - 1]): Promise<number[]> {
  const answer = await server.post('/api/events/repeat', {
    Title: title, Type: otherType.id, StartTime: '10:00', EndTime: '11:30', RecurType: 'weekly', RecurDOW: 'Sunday', RangeStart: rangeStart, RangeEnd: rangeEnd,
  }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventIds;
}

async function listOccurrences(query: Record<string, string>, options: { key?: string } = as(admin)) {
  const answer = await server.get(`${V}/occurrences`, { ...options, query });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as { occurrences: Occurrence[]; limit: number; capped: boolean };
}

/**
 * A ministry with two teams; on the first a schedule following a weekly "Worship" series with the plan
 * Greeter Min 2 Max 3 (Anna, qualified, as a saved default: a pending assignment on every occurrence) and Usher Min 1.
 */
async function newWorld(options: { scheduleName?: string; title?: string } = {}) {
  const ministry = await server.post(`${V}/ministries`, { name: unique('Ministry') }, as(admin));
  assert.equal(ministry.status, 201, JSON.stringify(ministry.body));
  const ministryId: number = ministry.body.ministry.id;
  const teamId: number = (await server.get(`${V}/ministries/${ministryId}/teams`, as(admin))).body.teams[0].id;
  const otherTeam = await server.post(`${V}/ministries/${ministryId}/teams`, { name: unique('Team') }, as(admin));
  assert.equal(otherTeam.status, 201, JSON.stringify(otherTeam.body));
  const otherTeamId: number = otherTeam.body.team.id;
  const greeter = await newPosition(ministryId, teamId, unique('Greeter'));
  const usher = await newPosition(ministryId, teamId, unique('Usher'));
  const anna = await newPerson(server, { first_name: 'Anna', last_name: unique('Adams') });
  assert.equal((await server.post(`${V}/positions/${greeter}/qualifications`, { personId: anna.id }, as(admin))).status, 201);
  const title = options.title ?? unique('Worship');
  const eventIds = await newSeries(title);
  const schedule = await server.post(`${V}/ministries/${ministryId}/schedules`, {
    name: options.scheduleName ?? unique('Sunday service'), linkMode: 'event_type', eventTypeId: otherType.id, titleFilter: title, teamId, windowStart: '2026-03-01',
    requirements: [{ positionId: greeter, minCount: 2, maxCount: 3, defaults: [{ personId: anna.id }] }, { positionId: usher, minCount: 1 }],
  }, as(admin));
  assert.equal(schedule.status, 201, JSON.stringify(schedule.body));
  const scheduleId: number = schedule.body.schedule.id;
  const { occurrences } = await listOccurrences({ ...WIDE, scheduleId: String(scheduleId) });
  assert.equal(occurrences.length, SUNDAYS.length);
  return { ministryId, teamId, otherTeamId, greeter, usher, anna: anna.id, title, eventIds, scheduleId, occurrences, occurrenceIds: occurrences.map((o) => o.id) };
}

/** A Staff-this-event schedule on a fresh event; answers its schedule and occurrence. */
async function newStaffedEvent(ministryId: number, teamId: number, requirements?: unknown[]) {
  const [eventId] = await newSeries(unique('Concert'), '2026-03-15', '2026-03-15');
  const answer = await server.post(`${V}/ministries/${ministryId}/staffed-events`, { eventId, teamId, ...(requirements ? { requirements } : {}) }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return { eventId, scheduleId: answer.body.schedule.id as number, occurrenceId: answer.body.occurrence.id as number };
}

async function readOccurrence(occurrenceId: number): Promise<{ occurrence: Occurrence; requirements: Requirement[] }> {
  const answer = await server.get(`${V}/occurrences/${occurrenceId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

async function readNeeds(occurrenceId: number) {
  const answer = await server.get(`${V}/occurrences/${occurrenceId}/requirements`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as {
    occurrenceId: number; scheduleId: number; scheduleName: string; requirements: Requirement[]; overridden: boolean;
    positions: Array<{ id: number; name: string; teamId: number; teamName: string; order: number }>; schedulePositionIds: number[];
  };
}

const bySource = (requirements: Requirement[]) => requirements.map((r) => [r.positionId, r.source, r.minCount, r.maxCount]);

describe('GET /api/ministries/occurrences', () => {
  it('answers 400 unless both from and to are real YYYY-MM-DD dates', async () => {
    const message = 'A from and a to date in YYYY-MM-DD form are required';
    for (const query of <Array<Record<string, string>>>[{}, { from: '2026-03-01' }, { to: '2026-03-31' }, { from: '2026-13-01', to: '2026-12-31' }, { from: 'soon', to: '2026-12-31' }, { from: '2026-03-01', to: '2026-02-30' }]) {
      expectError(await server.get(`${V}/occurrences`, { ...as(admin), query }), 400, message);
    }
  });

  it('answers 400 when the window ends before it starts', async () => {
    expectError(await server.get(`${V}/occurrences`, { ...as(admin), query: { from: '2026-03-10', to: '2026-03-09' } }), 400, 'The window ends before it starts');
  });

  it('lists the occurrences of the window, inclusive at both ends, with the event times and the derived counts', async () => {
    const world = await newWorld();
    const answer = await listOccurrences({ from: SUNDAYS[1], to: SUNDAYS[2], ministryId: String(world.ministryId) });
    assert.equal(answer.limit, 500);
    assert.equal(answer.capped, false);
    assert.deepEqual(answer.occurrences.map((o) => o.occurrenceDate), [SUNDAYS[1], SUNDAYS[2]]);
    const [first] = answer.occurrences;
    assert.match(first.generatedDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual({ ...first, generatedDate: undefined, scheduleName: undefined, gaps: first.gaps.map((g) => [g.positionId, g.gapCount]) }, {
      id: world.occurrenceIds[1], scheduleId: world.scheduleId, scheduleName: undefined, scheduleOneOff: false, ministryId: world.ministryId, teamId: world.teamId,
      eventId: world.eventIds[1], occurrenceDate: SUNDAYS[1], start: `${SUNDAYS[1]} 10:00:00`, end: `${SUNDAYS[1]} 11:30:00`, status: 'scheduled', notes: null,
      // Greeter 2..3 with Anna pending, Usher 1..1 empty.
      // Places of Min filled: Greeter 1 of 2, Usher 0 of 1.
      requiredCount: 3, filledCount: 1, requirementCount: 2, requirementsOverridden: false, liveCount: 1, gapCount: 2, openCount: 3, capacity: 4, pendingCount: 1,
      gaps: [[world.greeter, 1], [world.usher, 1]], generatedDate: undefined,
    });
  });

  it('orders by date, then id', async () => {
    const a = await newWorld();
    const title = a.title;
    // A second schedule on the same events gives two occurrences per date.
    const second = await server.post(`${V}/ministries/${a.ministryId}/schedules`, {
      name: unique('Parking'), linkMode: 'event_type', eventTypeId: otherType.id, titleFilter: title, teamId: a.otherTeamId, windowStart: '2026-03-01',
    }, as(admin));
    assert.equal(second.status, 201, JSON.stringify(second.body));
    const { occurrences } = await listOccurrences({ ...WIDE, ministryId: String(a.ministryId) });
    assert.equal(occurrences.length, 16);
    const expected = [...occurrences].sort((x, y) => x.occurrenceDate.localeCompare(y.occurrenceDate) || x.id - y.id);
    assert.deepEqual(occurrences.map((o) => o.id), expected.map((o) => o.id));
    assert.ok(occurrences.some((o, i) => i > 0 && o.id < occurrences[i - 1].id), 'ids are not simply ascending across the list');
  });

  it('filters by ministryId, teamId, scheduleId and status', async () => {
    const world = await newWorld();
    const other = await newWorld();
    assert.ok((await listOccurrences({ ...WIDE, ministryId: String(world.ministryId) })).occurrences.every((o) => o.ministryId === world.ministryId));
    assert.deepEqual((await listOccurrences({ ...WIDE, teamId: String(other.teamId) })).occurrences.map((o) => o.id), other.occurrenceIds);
    assert.deepEqual((await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId) })).occurrences.map((o) => o.id), world.occurrenceIds);
    assert.equal((await server.post(`${V}/occurrences/${world.occurrenceIds[3]}/status`, { status: 'cancelled' }, as(admin))).status, 200);
    const cancelled = await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId), status: 'cancelled' });
    assert.deepEqual(cancelled.occurrences.map((o) => o.id), [world.occurrenceIds[3]]);
    const scheduled = await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId), status: 'scheduled' });
    assert.equal(scheduled.occurrences.length, 7);
  });

  it('matches text against the schedule name or the event title, ignoring case, with % and _ taken literally', async () => {
    const percent = await newWorld({ scheduleName: unique('Youth 50% night') });
    const underscore = await newWorld({ title: unique('Choir_practice') });
    const plain = await newWorld({ scheduleName: unique('Youth 50 night'), title: unique('Choir practice') });
    const ids = async (text: string) => new Set((await listOccurrences({ ...WIDE, text })).occurrences.map((o) => o.scheduleId));

    const byPercent = await ids('50%');
    assert.ok(byPercent.has(percent.scheduleId));
    assert.ok(!byPercent.has(plain.scheduleId), '% is not a wildcard');
    const byUnderscore = await ids('choir_');
    assert.ok(byUnderscore.has(underscore.scheduleId), 'the event title matches, ignoring case');
    assert.ok(!byUnderscore.has(plain.scheduleId), '_ is not a wildcard');
    const byName = await ids('youth 50');
    assert.ok(byName.has(percent.scheduleId) && byName.has(plain.scheduleId));
    assert.ok(!byName.has(underscore.scheduleId));
  });

  it('keeps only occurrences with a gap when hasGaps is true', async () => {
    const world = await newWorld();
    const full = world.occurrenceIds[0];
    await assignVolunteer(server, full, world.greeter, 'accepted');
    await assignVolunteer(server, full, world.usher, 'pending');
    for (const hasGaps of ['1', 'true', 'yes', 'on']) {
      const { occurrences } = await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId), hasGaps });
      assert.deepEqual(occurrences.map((o) => o.id), world.occurrenceIds.slice(1), `hasGaps=${hasGaps}`);
    }
    for (const hasGaps of ['0', 'false', '']) {
      assert.equal((await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId), hasGaps })).occurrences.length, 8, `hasGaps=${hasGaps}`);
    }
  });

  it('scopes the list: a coordinator sees their ministries, a team leader their teams', async () => {
    const world = await newWorld();
    const other = await newWorld();
    const otherTeamSchedule = await server.post(`${V}/ministries/${world.ministryId}/schedules`, {
      name: unique('Parking'), linkMode: 'event_type', eventTypeId: otherType.id, titleFilter: world.title, teamId: world.otherTeamId, windowStart: '2026-03-01',
    }, as(admin));
    assert.equal(otherTeamSchedule.status, 201);

    const coordinator = await newCoordinator(server, world.ministryId);
    const seen = (await listOccurrences(WIDE, as(coordinator))).occurrences;
    assert.equal(seen.length, 16);
    assert.ok(seen.every((o) => o.ministryId === world.ministryId));

    const leader = await newTeamLeader(server, world.otherTeamId);
    const led = (await listOccurrences(WIDE, as(leader))).occurrences;
    assert.equal(led.length, 8);
    assert.ok(led.every((o) => o.teamId === world.otherTeamId));

    // A self-service login's ministry grant gives no ministry-level reach; only its team grant counts.
    await grantScope(server, leader.personId, 'ministry', other.ministryId);
    assert.deepEqual((await listOccurrences(WIDE, as(leader))).occurrences.map((o) => o.id), led.map((o) => o.id));

    // A filter never widens the scope.
    assert.deepEqual((await listOccurrences({ ...WIDE, ministryId: String(other.ministryId) }, as(coordinator))).occurrences, []);
  });

  it('is refused to a login with no ministry or team to manage', async () => {
    const volunteer = await newUser(server);
    expectError(await server.get(`${V}/occurrences`, { ...as(volunteer), query: WIDE }), 403,
      'Manage My Ministries access, with a ministry or team to manage, is required');
  });

  it('stops at 500 rows and says it is capped', async () => {
    const world = await newWorld();
    await newEvents(server, world.title, otherType.id, Array.from({ length: 501 }, () => ({ start: '2026-04-01 10:00:00', end: '2026-04-01 11:00:00' })));
    const generated = await server.post(`${V}/schedules/${world.scheduleId}/generate`, {}, as(admin));
    assert.equal(generated.body.created, 501, JSON.stringify(generated.body));
    const capped = await listOccurrences({ from: '2026-04-01', to: '2026-04-01', scheduleId: String(world.scheduleId) });
    assert.equal(capped.occurrences.length, 500);
    assert.equal(capped.limit, 500);
    assert.equal(capped.capped, true);
  });
});

describe('GET /api/ministries/occurrences/{id} (E6)', () => {
  it('answers the occurrence and its effective requirements, with the saved defaults on the schedule rows', async () => {
    const world = await newWorld();
    const { occurrence, requirements } = await readOccurrence(world.occurrenceIds[0]);
    assert.equal(occurrence.id, world.occurrenceIds[0]);
    assert.equal(occurrence.gapCount, 2);
    assert.deepEqual(bySource(requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'schedule', 1, null]]);
    const [greeter, usher] = requirements;
    assert.equal(greeter.scheduleId, world.scheduleId);
    assert.equal(greeter.occurrenceId, null);
    assert.deepEqual([greeter.liveCount, greeter.pendingCount, greeter.gapCount, greeter.openCount], [1, 1, 1, 2]);
    assert.deepEqual(greeter.defaults.map((d) => [d.personId, d.accepted, d.qualified]), [[world.anna, false, true]]);
    assert.deepEqual(usher.defaults, []);
  });

  it('counts pending and accepted as live, and nothing else', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[1];
    // Anna's default assignment here is completed by the timer job once the occurrence is over.
    await atTime(server, '2026-03-15T16:00:00Z', () => completeEndedShifts(server));
    await assignVolunteer(server, id, world.greeter, 'pending');
    for (const status of ['declined', 'cancelled'] as const) await assignVolunteer(server, id, world.greeter, status);
    // A substitute takes over a volunteer's assignment: theirs is accepted, the volunteer's substituted.
    const { assignmentId: held, volunteer } = await assignVolunteer(server, id, world.greeter);
    const substitute = await newPerson(server);
    await qualify(server, world.greeter, substitute.id);
    const swap = await proposeSubstitute(server, volunteer, held, substitute.id);
    await approveSwap(server, swap.id);
    await assignVolunteer(server, id, world.usher, 'pending');
    await assignVolunteer(server, id, world.usher, 'pending');
    const { occurrence, requirements } = await readOccurrence(id);
    const [greeter, usher] = requirements;
    assert.deepEqual([greeter.liveCount, greeter.pendingCount, greeter.gapCount, greeter.openCount], [2, 1, 0, 1]);
    // Over-staffed: both floors at 0.
    assert.deepEqual([usher.liveCount, usher.pendingCount, usher.gapCount, usher.openCount], [2, 2, 0, 0]);
    assert.deepEqual(
      [occurrence.liveCount, occurrence.pendingCount, occurrence.gapCount, occurrence.openCount, occurrence.gaps],
      [4, 3, 0, 1, []],
    );
  });

  it('answers 404 for an unknown occurrence, before any scope check', async () => {
    const world = await newWorld();
    const leader = await newTeamLeader(server, world.otherTeamId);
    expectError(await server.get(`${V}/occurrences/99999999`, as(admin)), 404, 'Occurrence not found');
    expectError(await server.get(`${V}/occurrences/99999999`, as(leader)), 404, 'Occurrence not found');
  });

  it("lets a team leader read their team's occurrence and refuses another team's with 403", async () => {
    const world = await newWorld();
    assert.equal((await server.get(`${V}/occurrences/${world.occurrenceIds[0]}`, as(await newTeamLeader(server, world.teamId)))).status, 200);
    assert.equal((await server.get(`${V}/occurrences/${world.occurrenceIds[0]}`, as(await newCoordinator(server, world.ministryId)))).status, 200);
    expectError(await server.get(`${V}/occurrences/${world.occurrenceIds[0]}`, as(await newTeamLeader(server, world.otherTeamId))), 403, 'Not authorized for this occurrence');
    const elsewhere = await newWorld();
    expectError(await server.get(`${V}/occurrences/${world.occurrenceIds[0]}`, as(await newCoordinator(server, elsewhere.ministryId))), 403, 'Not authorized for this occurrence');
  });
});

describe('POST /api/ministries/occurrences/{id}/status', () => {
  it('cancels an occurrence, keeping the row, and restores it', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    const cancelled = await server.post(`${V}/occurrences/${id}/status`, { status: 'cancelled' }, as(admin));
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.occurrence.id, id);
    assert.equal(cancelled.body.occurrence.status, 'cancelled');
    assert.equal((await readOccurrence(id)).occurrence.status, 'cancelled');
    const restored = await server.post(`${V}/occurrences/${id}/status`, { status: 'scheduled' }, as(await newTeamLeader(server, world.teamId)));
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.equal((await readOccurrence(id)).occurrence.status, 'scheduled');
  });

  it('answers 400 for any other status, leaving the occurrence unchanged', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    for (const body of [{}, { status: 'over' }, { status: 'Cancelled' }, { status: null }, { status: 1 }]) {
      const answer = await server.post(`${V}/occurrences/${id}/status`, body, as(admin));
      expectError(answer, 400, 'status must be scheduled or cancelled');
    }
    assert.equal((await readOccurrence(id)).occurrence.status, 'scheduled');
  });

  it('answers 404 for an unknown occurrence and 403 out of scope, even with a bad body', async () => {
    const world = await newWorld();
    expectError(await server.post(`${V}/occurrences/99999999/status`, { status: 'cancelled' }, as(admin)), 404, 'Occurrence not found');
    expectError(await server.post(`${V}/occurrences/${world.occurrenceIds[0]}/status`, { status: 'nonsense' }, as(await newTeamLeader(server, world.otherTeamId))), 403,
      'Not authorized for this occurrence');
    assert.equal((await readOccurrence(world.occurrenceIds[0])).occurrence.status, 'scheduled');
  });
});

describe('DELETE /api/ministries/occurrences/{id} (E7)', () => {
  it('removes the occurrence with its overrides, assignments, responses, swaps and notifications, keeping the event', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[2];
    const kept = world.occurrenceIds[3];
    assert.equal((await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 2 }, as(admin))).status, 201);
    // One volunteer accepts, then proposes a substitute: responses, a swap and messages about the assignment. Another
    // declines, which alerts the coordinator to the gap: a message about the occurrence alone.
    await newCoordinator(server, world.ministryId);
    const { assignmentId, volunteer } = await assignVolunteer(server, id, world.usher);
    const decliner = await assignVolunteer(server, id, world.usher);
    const substitute = await newPerson(server);
    await qualify(server, world.usher, substitute.id);
    await answerAs(server, volunteer, assignmentId, 'accepted');
    await proposeSubstitute(server, volunteer, assignmentId, substitute.id);
    await answerAs(server, decliner.volunteer, decliner.assignmentId, 'declined');
    assert.notEqual(await countRows(server, 'responses', { assignment_id: assignmentId }), 0);
    assert.equal(await countRows(server, 'swaps', { assignment_id: assignmentId }), 1);
    assert.notEqual(await countRows(server, 'notifications', { occurrence_id: id, assignment_id: assignmentId }), 0);
    assert.equal(await countRows(server, 'notifications', { occurrence_id: id, assignment_id: null, type: 'gap_alert' }), 1);
    const assignmentsOn = async (occurrenceId: number) => (await storedRows(server, 'assignments', { occurrence_id: occurrenceId })).map((a) => a.id);
    const keptAssignments = await assignmentsOn(kept);

    const answer = await server.delete(`${V}/occurrences/${id}`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });

    expectError(await server.get(`${V}/occurrences/${id}`, as(admin)), 404, 'Occurrence not found');
    assert.equal(await countRows(server, 'requirements', { occurrence_id: id }), 0);
    assert.equal(await countRows(server, 'assignments', { occurrence_id: id }), 0);
    assert.equal(await countRows(server, 'responses', { assignment_id: assignmentId }), 0);
    assert.equal(await countRows(server, 'swaps', { assignment_id: assignmentId }), 0);
    assert.equal(await countRows(server, 'notifications', { occurrence_id: id }), 0);
    // The event, the schedule and the other occurrences stay.
    assert.equal((await server.get(`/api/events/${world.eventIds[2]}`, as(admin))).body.InActive, false, 'the event stays, active');
    assert.equal((await server.get(`${V}/schedules/${world.scheduleId}`, as(admin))).status, 200);
    assert.equal((await readOccurrence(kept)).occurrence.id, kept);
    assert.deepEqual(await assignmentsOn(kept), keptAssignments);
  });

  it('lets a later generate recreate the occurrence from its event', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[4];
    assert.equal((await server.delete(`${V}/occurrences/${id}`, as(admin))).status, 200);
    assert.equal((await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId) })).occurrences.length, 7);
    const generated = await server.post(`${V}/schedules/${world.scheduleId}/generate`, {}, as(admin));
    assert.equal(generated.status, 200, JSON.stringify(generated.body));
    const { occurrences } = await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId) });
    assert.equal(occurrences.length, 8);
    const recreated = occurrences.find((o) => o.eventId === world.eventIds[4])!;
    assert.notEqual(recreated.id, id);
    assert.equal(recreated.occurrenceDate, SUNDAYS[4]);
  });

  it('deletes a Staff-this-event schedule together with its only occurrence', async () => {
    const world = await newWorld();
    const staffed = await newStaffedEvent(world.ministryId, world.teamId, [{ positionId: world.greeter, minCount: 1 }]);
    assert.equal((await server.get(`${V}/schedules/${staffed.scheduleId}`, as(admin))).status, 200);
    assert.equal((await server.delete(`${V}/occurrences/${staffed.occurrenceId}`, as(admin))).status, 200);
    expectError(await server.get(`${V}/schedules/${staffed.scheduleId}`, as(admin)), 404, 'Schedule not found');
    assert.equal((await server.get(`/api/events/${staffed.eventId}`, as(admin))).status, 200, 'the event stays');
  });

  it('keeps a regular schedule when its last occurrence is deleted', async () => {
    const world = await newWorld();
    for (const id of world.occurrenceIds) assert.equal((await server.delete(`${V}/occurrences/${id}`, as(admin))).status, 200);
    assert.equal((await server.get(`${V}/schedules/${world.scheduleId}`, as(admin))).status, 200);
  });

  it("lets the schedule's team leader and the ministry's coordinator delete; another team's leader gets 403 and unknown ids 404", async () => {
    const world = await newWorld();
    expectError(await server.delete(`${V}/occurrences/99999999`, as(await newTeamLeader(server, world.otherTeamId))), 404, 'Occurrence not found');
    expectError(await server.delete(`${V}/occurrences/${world.occurrenceIds[0]}`, as(await newTeamLeader(server, world.otherTeamId))), 403, 'Not authorized for this occurrence');
    assert.equal((await readOccurrence(world.occurrenceIds[0])).occurrence.id, world.occurrenceIds[0]);
    assert.equal((await server.delete(`${V}/occurrences/${world.occurrenceIds[0]}`, as(await newTeamLeader(server, world.teamId)))).status, 200);
    assert.equal((await server.delete(`${V}/occurrences/${world.occurrenceIds[1]}`, as(await newCoordinator(server, world.ministryId)))).status, 200);
    assert.equal((await listOccurrences({ ...WIDE, scheduleId: String(world.scheduleId) })).occurrences.length, 6);
  });
});

describe('GET /api/ministries/occurrences/{id}/requirements', () => {
  it("answers the effective needs, every active position of the schedule's team and the plan's positions", async () => {
    const world = await newWorld();
    const spare = await newPosition(world.ministryId, world.teamId, unique('Spare'));
    const retired = await newPosition(world.ministryId, world.teamId, unique('Retired'));
    assert.equal((await server.post(`${V}/positions/${retired}`, { active: false }, as(admin))).status, 200);
    const elsewhere = await newPosition(world.ministryId, world.otherTeamId);
    const needs = await readNeeds(world.occurrenceIds[0]);
    assert.equal(needs.occurrenceId, world.occurrenceIds[0]);
    assert.equal(needs.scheduleId, world.scheduleId);
    assert.equal(typeof needs.scheduleName, 'string');
    assert.equal(needs.overridden, false);
    assert.deepEqual(bySource(needs.requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'schedule', 1, null]]);
    const positionIds = needs.positions.map((p) => p.id).sort((a, b) => a - b);
    assert.deepEqual(positionIds, [world.greeter, world.usher, spare].sort((a, b) => a - b));
    assert.ok(!positionIds.includes(retired) && !positionIds.includes(elsewhere));
    assert.ok(needs.positions.every((p) => p.teamId === world.teamId && typeof p.teamName === 'string' && Number.isInteger(p.order)));
    assert.deepEqual(needs.schedulePositionIds, [world.greeter, world.usher]);
  });

  it("is open to the schedule's team leader and refused to another team's with 403", async () => {
    const world = await newWorld();
    assert.equal((await server.get(`${V}/occurrences/${world.occurrenceIds[0]}/requirements`, as(await newTeamLeader(server, world.teamId)))).status, 200);
    expectError(await server.get(`${V}/occurrences/${world.occurrenceIds[0]}/requirements`, as(await newTeamLeader(server, world.otherTeamId))), 403, 'Not authorized for this occurrence');
    expectError(await server.get(`${V}/occurrences/99999999/requirements`, as(admin)), 404, 'Occurrence not found');
  });
});

describe('POST /api/ministries/occurrences/{id}/requirements', () => {
  it('creates an override with 201, updates it with 200, and the override wins over the plan for that week only', async () => {
    const world = await newWorld();
    const [id, next] = world.occurrenceIds;
    const created = await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 2, maxCount: 4, notes: 'Easter' }, as(admin));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.requirement.occurrenceId, id);
    assert.equal(created.body.requirement.scheduleId, null);
    assert.equal(created.body.requirement.source, 'occurrence');
    assert.deepEqual(created.body.requirement.defaults, []);
    const updated = await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 3, maxCount: 4 }, as(admin));
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.requirement.id, created.body.requirement.id);

    const { occurrence, requirements } = await readOccurrence(id);
    assert.deepEqual(bySource(requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'occurrence', 3, 4]]);
    assert.equal(occurrence.requirementsOverridden, true);
    assert.equal(occurrence.requiredCount, 5);
    assert.equal(occurrence.capacity, 7);
    assert.equal((await readNeeds(id)).overridden, true);
    assert.deepEqual(bySource((await readOccurrence(next)).requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'schedule', 1, null]]);
    assert.equal((await readOccurrence(next)).occurrence.requirementsOverridden, false);
  });

  it('adds a position the plan does not have', async () => {
    const world = await newWorld();
    const extra = await newPosition(world.ministryId, world.teamId, unique('Extra'));
    assert.equal((await server.post(`${V}/occurrences/${world.occurrenceIds[0]}/requirements`, { positionId: extra, minCount: 1 }, as(admin))).status, 201);
    const { occurrence, requirements } = await readOccurrence(world.occurrenceIds[0]);
    assert.deepEqual(bySource(requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'schedule', 1, null], [extra, 'occurrence', 1, null]]);
    assert.equal(occurrence.requirementCount, 3);
  });

  it('drops a position for the week with a Min 0 Max 0 override', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    assert.equal((await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 0, maxCount: 0 }, as(admin))).status, 201);
    const { occurrence, requirements } = await readOccurrence(id);
    assert.deepEqual(bySource(requirements), [[world.greeter, 'schedule', 2, 3]]);
    assert.deepEqual([occurrence.requiredCount, occurrence.requirementCount, occurrence.capacity, occurrence.requirementsOverridden], [2, 1, 3, true]);
    assert.deepEqual(occurrence.gaps.map((g) => g.positionId), [world.greeter]);
  });

  it('answers 400 for a Max below Min, a missing Min or a position of another ministry, storing nothing', async () => {
    const world = await newWorld();
    const other = await newWorld();
    const id = world.occurrenceIds[0];
    assert.equal((await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 3, maxCount: 2 }, as(admin))).status, 400);
    expectError(await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher }, as(admin)), 400, 'A minimum count is required');
    expectError(await server.post(`${V}/occurrences/${id}/requirements`, { positionId: other.usher, minCount: 1 }, as(admin)), 400, 'Position not found');
    assert.equal((await readNeeds(id)).overridden, false);
  });

  it("answers 403 to another team's leader before looking at the body", async () => {
    const world = await newWorld();
    expectError(await server.post(`${V}/occurrences/${world.occurrenceIds[0]}/requirements`, { minCount: -4 }, as(await newTeamLeader(server, world.otherTeamId))), 403,
      'Not authorized for this occurrence');
    const leader = await newTeamLeader(server, world.teamId);
    assert.equal((await server.post(`${V}/occurrences/${world.occurrenceIds[0]}/requirements`, { positionId: world.usher, minCount: 2 }, as(leader))).status, 201);
  });
});

describe('POST /api/ministries/occurrences/{id}/requirements/replace', () => {
  it("replaces the week's needs with exactly the listed rows", async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    const answer = await server.post(`${V}/occurrences/${id}/requirements/replace`, { requirements: [{ positionId: world.usher, minCount: 2, maxCount: 2 }] }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.occurrenceId, id);
    assert.equal(answer.body.overridden, true);
    assert.deepEqual(bySource(answer.body.requirements), [[world.usher, 'occurrence', 2, 2]]);
    assert.deepEqual(bySource((await readOccurrence(id)).requirements), [[world.usher, 'occurrence', 2, 2]]);
    // A second replace swaps the overrides wholesale.
    const again = await server.post(`${V}/occurrences/${id}/requirements/replace`, { requirements: [{ positionId: world.greeter, minCount: 1 }] }, as(admin));
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(bySource(again.body.requirements), [[world.greeter, 'occurrence', 1, null]]);
  });

  it('stores [] as "needs nobody": no requirements, overridden', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    const answer = await server.post(`${V}/occurrences/${id}/requirements/replace`, { requirements: [] }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { occurrenceId: id, requirements: [], overridden: true });
    const needs = await readNeeds(id);
    assert.deepEqual([needs.requirements, needs.overridden], [[], true]);
    const { occurrence } = await readOccurrence(id);
    assert.deepEqual([occurrence.requiredCount, occurrence.requirementCount, occurrence.capacity, occurrence.gapCount, occurrence.requirementsOverridden], [0, 0, 0, 0, true]);
  });

  it('stores [] as "needs nobody" also on an occurrence whose schedule has no plan', async () => {
    const world = await newWorld();
    const staffed = await newStaffedEvent(world.ministryId, world.teamId);
    assert.deepEqual([(await readNeeds(staffed.occurrenceId)).requirements, (await readNeeds(staffed.occurrenceId)).overridden], [[], false]);
    const answer = await server.post(`${V}/occurrences/${staffed.occurrenceId}/requirements/replace`, { requirements: [] }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { occurrenceId: staffed.occurrenceId, requirements: [], overridden: true });
    const needs = await readNeeds(staffed.occurrenceId);
    assert.deepEqual([needs.requirements, needs.overridden], [[], true]);
    assert.equal((await readOccurrence(staffed.occurrenceId)).occurrence.requirementsOverridden, true);
  });

  it('answers 400 `The staffing needs must be a list` without the key, and 400 for a duplicate position, Max below Min or defaults', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    expectError(await server.post(`${V}/occurrences/${id}/requirements/replace`, {}, as(admin)), 400, 'The staffing needs must be a list');
    for (const [requirements, message] of [
      [[{ positionId: world.usher, minCount: 1 }, { positionId: world.usher, minCount: 2 }], 'The same position appears twice in the staffing needs'],
      [[{ positionId: world.usher, minCount: 3, maxCount: 1 }], 'maxCount must be blank or a whole number of at least minCount'],
      [[{ positionId: world.greeter, minCount: 1, defaults: [{ personId: world.anna }] }], 'defaults belong to the schedule, not to one occurrence'],
      [[{ positionId: world.greeter, minCount: 1, defaults: [] }], 'defaults belong to the schedule, not to one occurrence'],
      ['Greeter', 'The staffing needs must be a list'],
    ] as const) {
      const answer = await server.post(`${V}/occurrences/${id}/requirements/replace`, { requirements }, as(admin));
      expectError(answer, 400, message);
    }
    const needs = await readNeeds(id);
    assert.equal(needs.overridden, false);
    assert.deepEqual(bySource(needs.requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'schedule', 1, null]]);
  });

  it('leaves existing overrides untouched when the replacement is refused', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    assert.equal((await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 2 }, as(admin))).status, 201);
    const refused = await server.post(`${V}/occurrences/${id}/requirements/replace`, { requirements: [{ positionId: world.greeter, minCount: 1 }, { positionId: world.greeter, minCount: 1 }] }, as(admin));
    expectError(refused, 400, 'The same position appears twice in the staffing needs');
    assert.deepEqual(bySource((await readOccurrence(id)).requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'occurrence', 2, null]]);
  });

  it("answers 403 to another team's leader", async () => {
    const world = await newWorld();
    expectError(await server.post(`${V}/occurrences/${world.occurrenceIds[0]}/requirements/replace`, {}, as(await newTeamLeader(server, world.otherTeamId))), 403,
      'Not authorized for this occurrence');
  });
});

describe('DELETE /api/ministries/occurrences/{id}/requirements', () => {
  it("returns the week to the schedule's plan", async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    assert.equal((await server.post(`${V}/occurrences/${id}/requirements/replace`, { requirements: [] }, as(admin))).status, 200);
    const answer = await server.delete(`${V}/occurrences/${id}/requirements`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.occurrenceId, id);
    assert.equal(answer.body.overridden, false);
    assert.deepEqual(bySource(answer.body.requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'schedule', 1, null]]);
    const { occurrence } = await readOccurrence(id);
    assert.deepEqual([occurrence.requirementsOverridden, occurrence.requiredCount], [false, 3]);
  });

  it("answers 403 to another team's leader and keeps the overrides", async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    assert.equal((await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 2 }, as(admin))).status, 201);
    expectError(await server.delete(`${V}/occurrences/${id}/requirements`, as(await newTeamLeader(server, world.otherTeamId))), 403, 'Not authorized for this occurrence');
    assert.equal((await readNeeds(id)).overridden, true);
  });
});

describe('DELETE /api/ministries/requirements/{id}', () => {
  it('deletes an override row, so the plan applies again for that position', async () => {
    const world = await newWorld();
    const id = world.occurrenceIds[0];
    const created = await server.post(`${V}/occurrences/${id}/requirements`, { positionId: world.usher, minCount: 2 }, as(admin));
    const answer = await server.delete(`${V}/requirements/${created.body.requirement.id}`, as(await newTeamLeader(server, world.teamId)));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });
    assert.deepEqual(bySource((await readOccurrence(id)).requirements), [[world.greeter, 'schedule', 2, 3], [world.usher, 'schedule', 1, null]]);
  });

  it("deletes a schedule row, removing the position from every week that does not override it", async () => {
    const world = await newWorld();
    const usherRow = (await readOccurrence(world.occurrenceIds[0])).requirements.find((r) => r.positionId === world.usher)!;
    assert.equal((await server.delete(`${V}/requirements/${usherRow.id}`, as(await newCoordinator(server, world.ministryId)))).status, 200);
    assert.deepEqual(bySource((await readOccurrence(world.occurrenceIds[5])).requirements), [[world.greeter, 'schedule', 2, 3]]);
  });

  it('answers 404 `Requirement not found`, then 403 `Not authorized for this requirement`', async () => {
    const world = await newWorld();
    const outsider = await newTeamLeader(server, world.otherTeamId);
    expectError(await server.delete(`${V}/requirements/99999999`, as(outsider)), 404, 'Requirement not found');
    const override = await server.post(`${V}/occurrences/${world.occurrenceIds[0]}/requirements`, { positionId: world.usher, minCount: 2 }, as(admin));
    const templateRow = (await readOccurrence(world.occurrenceIds[1])).requirements[0];
    expectError(await server.delete(`${V}/requirements/${override.body.requirement.id}`, as(outsider)), 403, 'Not authorized for this requirement');
    expectError(await server.delete(`${V}/requirements/${templateRow.id}`, as(outsider)), 403, 'Not authorized for this requirement');
    assert.equal((await readNeeds(world.occurrenceIds[0])).overridden, true);
    assert.equal((await readOccurrence(world.occurrenceIds[1])).requirements.length, 2);
  });
});
