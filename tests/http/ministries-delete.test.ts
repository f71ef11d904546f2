import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  answerAs, as, atTime, completeEndedShifts, countRows, expectError, newAssignment, newCoordinator, newMinistry, newPosition, newSchedule, newTeam,
  newTeamLeader, newUser, overrideNeed, proposeSubstitute, qualify, refuseCalendarDeletion, storedRows, type TestUser, unique,
} from '../kit/index.js';
import { MANAGER_GATE, useMinistries } from './support/ministries.js';

const { server, admin, manager, volunteer, createMinistry, newEvent } = useMinistries();

describe('DELETE /api/ministries/ministries/{id} (E15)', () => {
  const remove = (id: number, user?: TestUser) => server.delete(`/api/ministries/ministries/${id}`, user ? as(user) : {});
  const deactivate = async (id: number) => assert.equal((await server.post(`/api/ministries/ministries/${id}`, { active: false }, as(manager))).status, 200);
  const stillThere = async (id: number) => assert.equal((await server.get(`/api/ministries/ministries/${id}`, as(manager))).status, 200);

  it('answers 404 `Ministry not found` for an unknown ministry, whoever asks', async () => {
    for (const user of [volunteer, manager]) expectError(await remove(987654, user), 404, 'Ministry not found');
  });

  it('refuses with 409 an active ministry whatever the caller, asking to deactivate it first', async () => {
    const { ministry } = await createMinistry();
    const coordinator = await newCoordinator(server, ministry.id);
    for (const user of [volunteer, coordinator, manager, admin]) {
      const answer = await remove(ministry.id, user);
      assert.equal(answer.status, 409);
      assert.match(answer.body.message, /Deactivate/);
      assert.equal(answer.body.error, answer.body.message);
    }
    await stillThere(ministry.id);
  });

  it('refuses with 403 an inactive ministry to anyone but a global manager or administrator', async () => {
    const { ministry } = await createMinistry();
    const coordinator = await newCoordinator(server, ministry.id);
    await deactivate(ministry.id);
    for (const user of [coordinator, volunteer]) expectError(await remove(ministry.id, user), 403, MANAGER_GATE);
    await stillThere(ministry.id);
  });

  it('refuses with 401 without an API key', async () => {
    expectError(await remove(987654), 401, 'Invalid API key');
  });

  it('deletes nothing when any part of the removal fails', async () => {
    const world = await buildMinistryWorld();
    await deactivate(world.ministryId);
    const before = await worldCounts(world);
    // Deleting the ministry calendar is the last step of the removal.
    const release = await refuseCalendarDeletion(server, world.calendarId);
    try {
      const answer = await remove(world.ministryId, manager);
      assert.equal(answer.status, 500, JSON.stringify(answer.body));
    } finally {
      await release();
    }
    assert.deepEqual(await worldCounts(world), before);
  });

  it('lets an administrator delete an inactive ministry', async () => {
    const { ministry } = await createMinistry();
    await deactivate(ministry.id);
    const answer = await remove(ministry.id, admin);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
  });

  it('removes everything under the ministry in one go and leaves its events without an owner', async () => {
    const world = await buildMinistryWorld();
    const control = await buildMinistryWorld();
    const countsBefore = await worldCounts(control);
    assert.deepEqual(await worldCounts(world), countsBefore, 'both worlds are built alike');
    // A world holds rows of every kind, or "all gone" below would prove nothing.
    assert.deepEqual(Object.entries(countsBefore).filter(([, count]) => count === 0), []);
    await deactivate(world.ministryId);

    const answer = await remove(world.ministryId, manager);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });

    assert.deepEqual(await worldCounts(world), {
      ministries: 0, teams: 0, positions: 0, qualifications: 0, schedules: 0, occurrences: 0, requirements: 0, requirementDefaults: 0,
      assignments: 0, responses: 0, swaps: 0, notifications: 0, scopes: 0, calendarGrants: 0, poolGroup: 0, poolMembers: 0, poolRoles: 0,
      calendar: 0, calendarPins: 0, events: 2, ownedEvents: 0,
    });
    assert.deepEqual(await worldCounts(control), countsBefore);
    const events = await Promise.all(world.eventIds.map((id) => server.get(`/api/events/${id}`, as(admin))));
    assert.deepEqual(events.map((event) => event.body.MinistryId), [null, null]);
    // The church calendar stays, and so does the event's pin on it.
    assert.deepEqual(events.map((event) => event.body.PinnedCalendars), [[], [world.churchCalendarId]]);
    assert.equal(await remove(world.ministryId, manager).then((a) => a.status), 404);
  });
});

interface World {
  ministryId: number;
  teamIds: number[];
  positionIds: number[];
  scheduleIds: number[];
  occurrenceIds: number[];
  assignmentIds: number[];
  poolGroupId: number;
  calendarId: number;
  churchCalendarId: number;
  eventIds: number[];
}

/**
 * A ministry with one of every dependent row: the material E15 must clear away. The past service's occurrence is
 * made while it is still ahead, as generation makes none for an event that is over.
 */
async function buildMinistryWorld(): Promise<World> {
  const { id: ministryId, teamId: firstTeam, poolGroupId, calendarId } = await newMinistry(server, { name: unique('World') });
  const secondTeam = (await newTeam(server, ministryId)).id;
  const positionIds = [(await newPosition(server, ministryId, firstTeam)).id, (await newPosition(server, ministryId, secondTeam)).id];
  const [volunteerA, volunteerB] = [await newUser(server), await newUser(server)];
  for (const person of [volunteerA, volunteerB]) await qualify(server, positionIds[0], person.personId);
  await newCoordinator(server, ministryId);
  await newTeamLeader(server, secondTeam);

  const church = await server.post('/api/calendars', { Name: unique('Church calendar'), ForegroundColor: '000000', BackgroundColor: 'FFFFFF' }, as(admin));
  assert.equal(church.status, 200, JSON.stringify(church.body));
  const churchCalendarId = church.body.Id;
  const opened = await server.put(`/api/calendars/${churchCalendarId}/ministries`, { ministryIds: [ministryId] }, as(admin));
  assert.equal(opened.status, 200, JSON.stringify(opened.body));

  const title = unique('Service');
  const past = await newEvent({ title, start: '2026-02-22 09:00:00', end: '2026-02-22 10:00:00', ministryId, pinned: [calendarId] });
  const future = await newEvent({ title, start: '2026-03-29 09:00:00', end: '2026-03-29 10:00:00', ministryId, pinned: [calendarId, churchCalendarId] });

  const following = { linkMode: 'ministry' as const, titleFilter: title, windowStart: '2026-02-01' };
  const { first, second, history, upcoming } = await atTime(server, '2026-02-20T15:00:00Z', async () => {
    const needs = [{ positionId: positionIds[0], minCount: 2, defaults: [{ personId: volunteerA.personId }] }];
    const withDefault = await newSchedule(server, { id: ministryId, teamId: firstTeam }, { ...following, requirements: needs });
    const plain = await newSchedule(server, { id: ministryId, teamId: secondTeam }, { ...following, requirements: [{ positionId: positionIds[1], minCount: 1 }] });
    const [first, second] = [await occurrencesOf(withDefault.schedule.id), await occurrencesOf(plain.schedule.id)];
    // Volunteer A, the default, was assigned on both of the first schedule's occurrences as they were made.
    const [history, upcoming] = [await assignmentOf(first[0].id, volunteerA.personId), await assignmentOf(first[1].id, volunteerA.personId)];
    await answerAs(server, volunteerA, history, 'accepted');
    return { first, second, history, upcoming };
  });
  await completeEndedShifts(server);
  await overrideNeed(server, first[1].id, { positionId: positionIds[0], minCount: 3 });
  const declined = (await newAssignment(server, first[1].id, positionIds[0], volunteerB.personId)).id;
  // Declining alerts the coordinator, which brings the world its gap alert.
  await answerAs(server, volunteerB, declined, 'declined');
  await proposeSubstitute(server, volunteerA, upcoming, volunteerB.personId);

  return {
    ministryId, teamIds: [firstTeam, secondTeam], positionIds, scheduleIds: [first[0].scheduleId, second[0].scheduleId],
    occurrenceIds: [...first, ...second].map((occurrence) => occurrence.id), assignmentIds: [history, upcoming, declined],
    poolGroupId, calendarId, churchCalendarId, eventIds: [past, future],
  };
}

/** The schedule's occurrences, soonest first, as the occurrence list shows them. */
async function occurrencesOf(scheduleId: number): Promise<Array<{ id: number; scheduleId: number }>> {
  const answer = await server.get('/api/ministries/occurrences', { ...as(manager), query: { from: '2026-02-01', to: '2026-04-30', scheduleId: String(scheduleId) } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.occurrences;
}

/** The id of the person's assignment on the occurrence, as its staffing shows it. */
async function assignmentOf(occurrenceId: number, personId: number): Promise<number> {
  const answer = await server.get(`/api/ministries/occurrences/${occurrenceId}/staffing`, as(manager));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const assignments: Array<{ id: number; personId: number }> = answer.body.requirements.flatMap((requirement: { assignments: unknown[] }) => requirement.assignments);
  return assignments.find((assignment) => assignment.personId === personId)!.id;
}

async function worldCounts(world: World) {
  const count = (table: Parameters<typeof countRows>[1], filter: Parameters<typeof countRows>[2]) => countRows(server, table, filter);
  const requirementIds = (await storedRows(server, 'requirements', { position_id: world.positionIds })).map((requirement) => requirement.id);
  return {
    ministries: await count('ministries', { id: world.ministryId }),
    teams: await count('teams', { id: world.teamIds }),
    positions: await count('positions', { id: world.positionIds }),
    qualifications: await count('qualifications', { position_id: world.positionIds }),
    schedules: await count('schedules', { id: world.scheduleIds }),
    occurrences: await count('occurrences', { id: world.occurrenceIds }),
    requirements: requirementIds.length,
    requirementDefaults: await count('requirement_defaults', { requirement_id: requirementIds }),
    assignments: await count('assignments', { id: world.assignmentIds }),
    responses: await count('responses', { assignment_id: world.assignmentIds }),
    swaps: await count('swaps', { assignment_id: world.assignmentIds }),
    // Every assignment on the world's occurrences is in assignmentIds, so these two sets of messages do not meet.
    notifications: await count('notifications', { assignment_id: world.assignmentIds }) + await count('notifications', { assignment_id: null, occurrence_id: world.occurrenceIds }),
    scopes: await count('scopes', { ministry_id: world.ministryId }) + await count('scopes', { team_id: world.teamIds }),
    calendarGrants: await count('calendar_ministry_grants', { ministry_id: world.ministryId }),
    poolGroup: await count('groups', { id: world.poolGroupId }),
    poolMembers: await count('group_members', { group_id: world.poolGroupId }),
    poolRoles: await count('group_roles', { group_id: world.poolGroupId }),
    calendar: await count('calendars', { id: world.calendarId }),
    calendarPins: await count('calendar_events', { calendar_id: world.calendarId }),
    events: await count('events', { id: world.eventIds }),
    ownedEvents: await count('events', { event_ministry_id: world.ministryId }),
  };
}
