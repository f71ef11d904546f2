import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { as, countRows, expectError, newPosition, newTeam, newTeamLeader, storedRows, unique } from '../kit/index.js';
import { type Schedule, SUNDAYS, useSchedules, V } from './support/schedules.js';

const {
  server, admin, otherType, newClass, newEvent, body, create, readSchedule, readNeeds, eventSnapshot,
  occurrenceDates, assignmentsOf, withClock, newWorld,
} = useSchedules();

describe('GET schedule lists and GET /schedules/{id}', () => {
  it('lists a ministry\'s schedules by name, filters by team and active, and hides Staff-this-event schedules', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const b = await create(world.ministry.id, body(world.teamId, world.title, { name: 'Bravo' }));
    const a = await create(world.ministry.id, body(secondTeam, world.title, { name: 'alpha' }));
    const c = await create(world.ministry.id, body(world.teamId, world.title, { name: 'Charlie', active: false }));
    const eventId = await newEvent(unique('Concert'), SUNDAYS[2]);
    const staffed = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId }, as(admin));
    assert.equal(staffed.status, 201);

    const ids = async (url: string, query: Record<string, string> = {}) => {
      const answer = await server.get(url, { ...as(admin), query });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.schedules.map((s: Schedule) => s.id);
    };
    const ministryUrl = `${V}/ministries/${world.ministry.id}/schedules`;
    assert.deepEqual(await ids(ministryUrl), [a.schedule.id, b.schedule.id, c.schedule.id]);
    assert.deepEqual(await ids(ministryUrl, { teamId: String(world.teamId) }), [b.schedule.id, c.schedule.id]);
    assert.deepEqual(await ids(ministryUrl, { active: '1' }), [a.schedule.id, b.schedule.id]);
    assert.deepEqual(await ids(ministryUrl, { active: '0' }), [c.schedule.id]);
    assert.deepEqual(await ids(ministryUrl, { active: '' }), [a.schedule.id, b.schedule.id, c.schedule.id]);
    assert.deepEqual(await ids(`${V}/teams/${world.teamId}/schedules`), [b.schedule.id, c.schedule.id]);
    assert.deepEqual(await ids(`${V}/teams/${world.teamId}/schedules`, { active: '0' }), [c.schedule.id]);

    const oneOff = await readSchedule(staffed.body.schedule.id);
    assert.equal(oneOff.oneOff, true);
  });

  it('lets a team leader list their team\'s schedules but not the ministry\'s (403, ministry-level)', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const leader = await newTeamLeader(server, world.teamId);
    expectError(await server.get(`${V}/ministries/${world.ministry.id}/schedules`, as(leader)), 403, 'Not authorized for this ministry');
    const mine = await server.get(`${V}/teams/${world.teamId}/schedules`, as(leader));
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.deepEqual(mine.body.schedules.map((s: Schedule) => s.id), [schedule.id]);
    expectError(await server.get(`${V}/ministries/987654/schedules`, as(admin)), 404, 'Ministry not found');
  });

  it('answers 404 `Schedule not found` for an unknown schedule, and 403 to a leader of another team', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    expectError(await server.get(`${V}/schedules/987654`, as(admin)), 404, 'Schedule not found');
    const stranger = await newTeamLeader(server, secondTeam);
    expectError(await server.get(`${V}/schedules/${schedule.id}`, as(stranger)), 403, 'Not authorized for this schedule');
    const leader = await newTeamLeader(server, world.teamId);
    assert.equal((await server.get(`${V}/schedules/${schedule.id}`, as(leader))).status, 200);
  });
});

describe('POST /api/ministries/schedules/{id} (update)', () => {
  it('never generates, even when activating or widening the window', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { active: false }));
    const answer = await server.post(`${V}/schedules/${schedule.id}`, { active: true, name: 'Renamed', windowEnd: null }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.schedule.active, true);
    assert.equal(answer.body.schedule.name, 'Renamed');
    assert.equal(answer.body.schedule.occurrenceCount, 0);
    assert.deepEqual(await occurrenceDates(schedule.id), []);
  });

  it('refuses re-pointing to a title with no upcoming event with 400 and changes nothing', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const answer = await server.post(`${V}/schedules/${schedule.id}`, { titleFilter: 'No such thing', name: 'Changed' }, as(admin));
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.ok(answer.body.message.startsWith(`No upcoming ${otherType.name} events titled "No such thing"`), answer.body.message);
    const stored = await readSchedule(schedule.id);
    assert.equal(stored.titleFilter, world.title);
    assert.equal(stored.name, schedule.name);
  });

  it('accepts a title change that differs only in case even when no event is upcoming any more', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[0] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    await withClock('2026-03-20T15:00:00Z', async () => {
      const answer = await server.post(`${V}/schedules/${schedule.id}`, { titleFilter: world.title.toUpperCase() }, as(admin));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.schedule.titleFilter, world.title.toUpperCase());
      const renamed = await server.post(`${V}/schedules/${schedule.id}`, { name: 'Only a name' }, as(admin));
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      const moved = await server.post(`${V}/schedules/${schedule.id}`, { titleFilter: `${world.title} 2` }, as(admin));
      expectError(moved, 400, `No upcoming Other events titled "${world.title} 2" are on the calendar. Create the events first, then the schedule.`);
    });
  });

  it('switching to class clears titleFilter and eventTypeId', async () => {
    const world = await newWorld();
    const klass = await newClass();
    await newEvent(unique('Lesson'), SUNDAYS[1], { LinkedGroupId: klass.id });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const answer = await server.post(`${V}/schedules/${schedule.id}`, { linkMode: 'class', groupId: klass.id }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.schedule.linkMode, 'class');
    assert.equal(answer.body.schedule.titleFilter, null);
    assert.equal(answer.body.schedule.eventTypeId, null);
    assert.equal(answer.body.schedule.groupId, klass.id);
    const [row] = await storedRows(server, 'schedules', { id: schedule.id });
    assert.equal(row.title_filter, null);
    assert.equal(row.event_type_id, null);
  });

  it('refuses removed fields, linkMode event and bad offsets with 400 and changes nothing', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const linkModes = 'linkMode must be event_type, class or ministry';
    for (const [fields, message] of [
      [{ endTime: null }, 'endTime is no longer supported: a schedule follows calendar events'],
      [{ recurType: 'weekly' }, 'recurType is no longer supported: a schedule follows calendar events'],
      [{ generateAheadDays: 3 }, 'generateAheadDays is no longer supported: a schedule follows calendar events'],
      [{ linkMode: 'event' }, linkModes], [{ linkMode: 'standalone' }, linkModes],
      [{ eventId: 1 }, 'eventId is only for Staff this event (staffed-events)'],
      [{ startOffsetMinutes: 1.5 }, 'startOffsetMinutes must be a whole number of minutes from -720 to 720'],
    ] as const) {
      const answer = await server.post(`${V}/schedules/${schedule.id}`, { ...fields, name: 'Changed' }, as(admin));
      expectError(answer, 400, message);
    }
    assert.equal((await readSchedule(schedule.id)).name, schedule.name);
  });

  it('replaces the plan with `requirements`: unlisted positions go, omitted defaults and accepted flags stay, [] clears', async () => {
    const world = await newWorld();
    const second = (await newPosition(server, world.ministry.id, world.teamId)).id;
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      active: false,
      requirements: [
        { positionId: world.position, minCount: 1, maxCount: 2, defaults: [{ personId: world.anna, accepted: true }] },
        { positionId: second, minCount: 1 },
      ],
    }));
    const url = `${V}/schedules/${schedule.id}`;
    let answer = await server.post(url, { requirements: [{ positionId: world.position, minCount: 2, maxCount: 2 }] }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    let needs = await readNeeds(schedule.id);
    assert.deepEqual(needs.map((n) => [n.positionId, n.minCount, n.maxCount]), [[world.position, 2, 2]]);
    assert.deepEqual(needs[0].defaults.map((d) => [d.personId, d.accepted]), [[world.anna, true]]);
    answer = await server.post(url, { requirements: [{ positionId: world.position, minCount: 2, maxCount: 2, defaults: [{ personId: world.ben }, { personId: world.anna }] }] }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    needs = await readNeeds(schedule.id);
    assert.deepEqual(needs[0].defaults.map((d) => [d.personId, d.accepted]), [[world.ben, false], [world.anna, true]]);
    expectError(await server.post(url, { requirements: [{ positionId: world.position, minCount: 1, defaults: [{ personId: 987654 }] }] }, as(admin)), 404, 'Person not found');
    assert.equal((await readNeeds(schedule.id))[0].defaults.length, 2);
    expectError(await server.post(url, { name: 'Not kept', requirements: [{ positionId: world.position, minCount: 1, maxCount: 1 }] }, as(admin)), 400,
      'Max is 1 but 2 default volunteers are chosen. Remove one or raise Max.');
    assert.deepEqual((await readNeeds(schedule.id)).map((n) => [n.maxCount, n.defaults.length]), [[2, 2]]);
    assert.notEqual((await server.get(url, as(admin))).body.schedule.name, 'Not kept');
    answer = await server.post(url, { requirements: [] }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(await readNeeds(schedule.id), []);
    assert.deepEqual(await occurrenceDates(schedule.id), []);
  });

  it('refuses a leader moving the schedule to a team they do not lead (403) and changes nothing', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const leader = await newTeamLeader(server, world.teamId);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    expectError(await server.post(`${V}/schedules/${schedule.id}`, { teamId: secondTeam, name: 'Moved' }, as(leader)), 403, 'Not authorized for this schedule');
    const stored = await readSchedule(schedule.id);
    assert.deepEqual([stored.teamId, stored.name], [world.teamId, schedule.name]);
    const stranger = await newTeamLeader(server, secondTeam);
    expectError(await server.post(`${V}/schedules/${schedule.id}`, { recurType: 'weekly' }, as(stranger)), 403, 'Not authorized for this schedule');
    expectError(await server.post(`${V}/schedules/987654`, { recurType: 'weekly' }, as(stranger)), 404, 'Schedule not found');
  });

  it('keeps a Staff-this-event schedule on its event: linkMode → 400', async () => {
    const world = await newWorld();
    const eventId = await newEvent(unique('Concert'), SUNDAYS[2]);
    const staffed = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId }, as(admin));
    expectError(await server.post(`${V}/schedules/${staffed.body.schedule.id}`, { linkMode: 'event_type' }, as(admin)), 400, 'A Staff this event schedule keeps its event');
    const renamed = await server.post(`${V}/schedules/${staffed.body.schedule.id}`, { name: 'Concert crew' }, as(admin));
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.schedule.eventId, eventId);
    assert.equal(renamed.body.schedule.linkMode, 'event');
  });
});

describe('DELETE /api/ministries/schedules/{id}', () => {
  it('refuses with 409 while an occurrence carries an assignment', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, defaults: [{ personId: world.anna }] }],
    }));
    assert.equal((await assignmentsOf(schedule.id)).length, 2);
    expectError(await server.delete(`${V}/schedules/${schedule.id}`, as(admin)), 409, 'Occurrences of this schedule still carry assignments');
    assert.equal((await readSchedule(schedule.id)).occurrenceCount, 2);
  });

  it('removes the schedule, its occurrences and its needs otherwise, and leaves the events', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1 }] }));
    const answer = await server.delete(`${V}/schedules/${schedule.id}`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });
    expectError(await server.get(`${V}/schedules/${schedule.id}`, as(admin)), 404, 'Schedule not found');
    assert.deepEqual(await occurrenceDates(schedule.id), []);
    assert.equal(await countRows(server, 'requirements', { schedule_id: schedule.id }), 0);
    assert.equal((await eventSnapshot(world.eventIds)).length, 2);
  });
});

describe('GET /api/ministries/schedules/{id}/eligible', () => {
  it('answers the qualified people of a position of the schedule\'s team; 400 without a position or for another team\'s position', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const elsewhere = (await newPosition(server, world.ministry.id, secondTeam)).id;
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const url = `${V}/schedules/${schedule.id}/eligible`;
    const answer = await server.get(url, { ...as(admin), query: { positionId: String(world.position) } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.people.map((p: { personId: number }) => p.personId).sort(), [world.anna, world.ben].sort());
    assert.ok(answer.body.people.every((p: Record<string, unknown>) => p.conflictPositionId === null && p.conflictPositionName === null));
    expectError(await server.get(url, as(admin)), 400, 'A position is required');
    expectError(await server.get(url, { ...as(admin), query: { positionId: 'abc' } }), 400, 'A position is required');
    expectError(await server.get(url, { ...as(admin), query: { positionId: String(elsewhere) } }), 400, 'Position not found');
    expectError(await server.get(url, { ...as(admin), query: { positionId: '987654' } }), 400, 'Position not found');
    expectError(await server.get(url, { ...as(admin), query: { positionId: '999999999999' } }), 400, 'Position not found');
    expectError(await server.get(url, { ...as(admin), query: { positionId: '1234567890123456' } }), 400, 'Position not found');
    const anna = await server.get(url, { ...as(admin), query: { positionId: String(world.position), q: 'Anna' } });
    assert.equal(anna.status, 200, JSON.stringify(anna.body));
    assert.deepEqual(anna.body.people.map((p: { personId: number }) => p.personId), [world.anna]);
  });
});

describe('GET and POST /api/ministries/schedules/{id}/requirements', () => {
  it('upserts one need (201 new, 200 updated), lists needs by position, and refuses a Max below the stored defaults', async () => {
    const world = await newWorld();
    const second = (await newPosition(server, world.ministry.id, world.teamId)).id;
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: second, minCount: 2, defaults: [{ personId: world.anna }, { personId: world.ben }] }],
    }));
    const url = `${V}/schedules/${schedule.id}/requirements`;
    const created = await server.post(url, { positionId: world.position, minCount: 1, maxCount: 2, notes: 'Bring keys' }, as(admin));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.requirement.notes, 'Bring keys');
    const updated = await server.post(url, { positionId: world.position, minCount: 2, maxCount: 3 }, as(admin));
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.requirement.id, created.body.requirement.id);
    const needs = await readNeeds(schedule.id);
    assert.deepEqual(needs.map((n) => n.positionId), [world.position, second].sort((a, b) => a - b));
    expectError(await server.post(url, { positionId: second, minCount: 1, maxCount: 1 }, as(admin)), 400, 'Max is 1 but 2 default volunteers are chosen. Remove one or raise Max.');
    expectError(await server.post(url, { positionId: second, minCount: 1, maxCount: 1, defaults: [] }, as(admin)), 400, 'Max is 1 but 2 default volunteers are chosen. Remove one or raise Max.');
    expectError(await server.post(url, { positionId: world.position }, as(admin)), 400, 'A minimum count is required');
    expectError(await server.post(url, { positionId: world.position, minCount: 3, maxCount: 2 }, as(admin)), 400, 'maxCount must be blank or a whole number of at least minCount');
    expectError(await server.get(`${V}/schedules/987654/requirements`, as(admin)), 404, 'Schedule not found');
  });
});
