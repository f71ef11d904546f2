import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { as, expectError, newCoordinator, newPerson, newTeamLeader, type TestUser, unique } from '../kit/index.js';
import { MANAGER_GATE, NOW_WALL_CLOCK, useMinistries } from './support/ministries.js';

const {
  server, admin, manager, volunteer, db, createMinistry, defaultTeamId, addTeam, addPosition, newEvent, insertSchedule,
  insertOccurrence, insertRequirement, insertAssignment,
} = useMinistries();

describe('DELETE /api/ministries/ministries/{id} (E15)', () => {
  const remove = (id: number, user?: TestUser) => server.delete(`/api/ministries/ministries/${id}`, user ? as(user) : {});
  const deactivate = async (id: number) => assert.equal((await server.post(`/api/ministries/ministries/${id}`, { active: false }, as(manager))).status, 200);

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
    assert.ok(await db().selectFrom('ministries').select('id').where('id', '=', ministry.id).executeTakeFirst());
  });

  it('refuses with 403 an inactive ministry to anyone but a global manager or administrator', async () => {
    const { ministry } = await createMinistry();
    const coordinator = await newCoordinator(server, ministry.id);
    await deactivate(ministry.id);
    for (const user of [coordinator, volunteer]) expectError(await remove(ministry.id, user), 403, MANAGER_GATE);
    assert.ok(await db().selectFrom('ministries').select('id').where('id', '=', ministry.id).executeTakeFirst());
  });

  it('refuses with 401 without an API key', async () => {
    expectError(await remove(987654), 401, 'Invalid API key');
  });

  it('deletes nothing when any part of the removal fails', async () => {
    const world = await buildMinistryWorld();
    await deactivate(world.ministryId);
    const before = await worldCounts(world);
    // A row that holds on to the ministry calendar makes the last step of the removal fail.
    await sql`create table test_calendar_hold (calendar_id integer references calendars (id))`.execute(db());
    try {
      await sql`insert into test_calendar_hold values (${world.calendarId})`.execute(db());
      const answer = await remove(world.ministryId, manager);
      assert.equal(answer.status, 500, JSON.stringify(answer.body));
    } finally {
      await sql`drop table test_calendar_hold`.execute(db());
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
    const events = await db().selectFrom('events').select(['id', 'event_ministry_id']).where('id', 'in', world.eventIds).orderBy('id').execute();
    assert.deepEqual(events, world.eventIds.map((id) => ({ id, event_ministry_id: null })));
    // The church calendar stays, and so does the event's pin on it.
    const churchPins = await db().selectFrom('calendar_events').select('event_id').where('calendar_id', '=', world.churchCalendarId).where('event_id', 'in', world.eventIds).execute();
    assert.equal(churchPins.length, 1);
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

/** A ministry with one of every dependent row: the material E15 must clear away. */
async function buildMinistryWorld(): Promise<World> {
  const { ministry, poolGroupId, calendarId } = await createMinistry({ name: unique('World') });
  const ministryId = ministry.id;
  const firstTeam = await defaultTeamId(ministryId);
  const secondTeam = (await addTeam(ministryId)).id;
  const positionIds = [(await addPosition(ministryId, firstTeam)).id, (await addPosition(ministryId, secondTeam)).id];
  const [volunteerA, volunteerB] = [await newPerson(server), await newPerson(server)];
  for (const person of [volunteerA, volunteerB]) {
    const answer = await server.post(`/api/ministries/positions/${positionIds[0]}/qualifications`, { personId: person.id }, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
  }
  await newCoordinator(server, ministryId);
  await newTeamLeader(server, secondTeam);

  const church = await server.post('/api/calendars', { Name: unique('Church calendar'), ForegroundColor: '000000', BackgroundColor: 'FFFFFF' }, as(admin));
  assert.equal(church.status, 200, JSON.stringify(church.body));
  const churchCalendarId = church.body.Id;
  const opened = await server.put(`/api/calendars/${churchCalendarId}/ministries`, { ministryIds: [ministryId] }, as(admin));
  assert.equal(opened.status, 200, JSON.stringify(opened.body));

  const past = await newEvent({ start: '2026-02-22 09:00:00', end: '2026-02-22 10:00:00', ministryId, pinned: [calendarId] });
  const future = await newEvent({ start: '2026-03-29 09:00:00', end: '2026-03-29 10:00:00', ministryId, pinned: [calendarId, churchCalendarId] });

  const scheduleIds = [await insertSchedule(ministryId, firstTeam), await insertSchedule(ministryId, secondTeam)];
  const template = await insertRequirement({ scheduleId: scheduleIds[0] }, positionIds[0], 2);
  await db().insertInto('requirement_defaults').values({ requirement_id: template, person_id: volunteerA.id, accepted: false, set_by_person_id: manager.personId, sort: 0 }).execute();
  await insertRequirement({ scheduleId: scheduleIds[1] }, positionIds[1], 1);
  const occurrenceIds = [await insertOccurrence(scheduleIds[0], past), await insertOccurrence(scheduleIds[0], future), await insertOccurrence(scheduleIds[1], future)];
  await insertRequirement({ occurrenceId: occurrenceIds[1] }, positionIds[0], 3);

  const history = await insertAssignment(occurrenceIds[0], positionIds[0], volunteerA.id, 'completed');
  const upcoming = await insertAssignment(occurrenceIds[1], positionIds[0], volunteerA.id, 'pending');
  const declined = await insertAssignment(occurrenceIds[1], positionIds[0], volunteerB.id, 'declined');
  await db().insertInto('responses').values([
    { assignment_id: declined, person_id: volunteerB.id, response: 'declined', response_at: NOW_WALL_CLOCK, channel: 'web', comment: null },
    { assignment_id: upcoming, person_id: volunteerA.id, response: 'substitute_proposed', response_at: NOW_WALL_CLOCK, channel: 'web', comment: null },
  ]).execute();
  await db().insertInto('swaps').values({
    assignment_id: upcoming, proposed_by_person_id: volunteerA.id, proposed_person_id: volunteerB.id, proposed_at: NOW_WALL_CLOCK, comment: null,
  }).execute();
  await db().insertInto('notifications').values([
    { type: 'assignment', person_id: volunteerA.id, assignment_id: upcoming, occurrence_id: occurrenceIds[1], context: null, dedupe_key: unique('assignment'), scheduled_for: NOW_WALL_CLOCK, created_at: NOW_WALL_CLOCK },
    { type: 'gap_alert', person_id: manager.personId, assignment_id: null, occurrence_id: occurrenceIds[2], context: null, dedupe_key: unique('gap'), scheduled_for: NOW_WALL_CLOCK, created_at: NOW_WALL_CLOCK },
  ]).execute();

  return {
    ministryId, teamIds: [firstTeam, secondTeam], positionIds, scheduleIds, occurrenceIds, assignmentIds: [history, upcoming, declined],
    poolGroupId, calendarId, churchCalendarId, eventIds: [past, future],
  };
}

async function worldCounts(world: World) {
  const count = async (query: { select: (s: any) => any }) => {
    const row = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return row.n as number;
  };
  const d = db();
  return {
    ministries: await count(d.selectFrom('ministries').where('id', '=', world.ministryId)),
    teams: await count(d.selectFrom('teams').where('id', 'in', world.teamIds)),
    positions: await count(d.selectFrom('positions').where('id', 'in', world.positionIds)),
    qualifications: await count(d.selectFrom('qualifications').where('position_id', 'in', world.positionIds)),
    schedules: await count(d.selectFrom('schedules').where('id', 'in', world.scheduleIds)),
    occurrences: await count(d.selectFrom('occurrences').where('id', 'in', world.occurrenceIds)),
    requirements: await count(d.selectFrom('requirements').where('position_id', 'in', world.positionIds)),
    requirementDefaults: await count(d.selectFrom('requirement_defaults').innerJoin('requirements', 'requirements.id', 'requirement_defaults.requirement_id').where('requirements.position_id', 'in', world.positionIds)),
    assignments: await count(d.selectFrom('assignments').where('id', 'in', world.assignmentIds)),
    responses: await count(d.selectFrom('responses').where('assignment_id', 'in', world.assignmentIds)),
    swaps: await count(d.selectFrom('swaps').where('assignment_id', 'in', world.assignmentIds)),
    notifications: await count(d.selectFrom('notifications').where((eb) => eb.or([eb('assignment_id', 'in', world.assignmentIds), eb('occurrence_id', 'in', world.occurrenceIds)]))),
    scopes: await count(d.selectFrom('scopes').where((eb) => eb.or([eb('ministry_id', '=', world.ministryId), eb('team_id', 'in', world.teamIds)]))),
    calendarGrants: await count(d.selectFrom('calendar_ministry_grants').where('ministry_id', '=', world.ministryId)),
    poolGroup: await count(d.selectFrom('groups').where('id', '=', world.poolGroupId)),
    poolMembers: await count(d.selectFrom('group_members').where('group_id', '=', world.poolGroupId)),
    poolRoles: await count(d.selectFrom('group_roles').where('group_id', '=', world.poolGroupId)),
    calendar: await count(d.selectFrom('calendars').where('id', '=', world.calendarId)),
    calendarPins: await count(d.selectFrom('calendar_events').where('calendar_id', '=', world.calendarId)),
    events: await count(d.selectFrom('events').where('id', 'in', world.eventIds)),
    ownedEvents: await count(d.selectFrom('events').where('event_ministry_id', '=', world.ministryId)),
  };
}
