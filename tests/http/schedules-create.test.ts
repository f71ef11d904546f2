import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { as, countRows, expectError, newMinistry, newPosition, newTeam, newTeamLeader, newUser, unique } from '../kit/index.js';
import { SUNDAYS, TODAY, useSchedules, V } from './support/schedules.js';

const {
  server, admin, otherType, newClass, newEvent, newSeries, body, create, generate, readNeeds, countSchedules,
  countEvents, occurrenceDates, assignmentsOf, withHorizon, newWorld,
} = useSchedules();

describe('POST /api/ministries/ministries/{id}/schedules (E4)', () => {
  it('answers 201 {schedule, generated} for an active schedule, generating up to the horizon with the §5.3 result', async () => {
    const world = await newWorld();
    const answer = await create(world.ministry.id, body(world.teamId, world.title));
    assert.deepEqual(Object.keys(answer).sort(), ['generated', 'schedule']);
    assert.deepEqual(answer.generated, {
      created: SUNDAYS.length, existing: 0, from: TODAY, through: '2026-04-29', assigned: 0, skipped: 0, unqualified: 0, noEvents: false,
      searched: {
        linkMode: 'event_type', groupId: null, groupName: null, eventTypeId: otherType.id, eventTypeName: otherType.name, titleFilter: world.title,
        ministryId: world.ministry.id, ministryName: world.ministry.name, eventId: null, eventTitle: null,
      },
    });
    assert.deepEqual(await occurrenceDates(answer.schedule.id), SUNDAYS);
  });

  it('answers the schedule in the §11.2 shape with horizonWeeks and generateThrough, and no retired field', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { startOffsetMinutes: -30, endOffsetMinutes: 15, windowEnd: '2026-12-31' }));
    assert.deepEqual(Object.keys(schedule).sort(), [
      'active', 'endOffsetMinutes', 'eventId', 'eventStart', 'eventTitle', 'eventTypeId', 'eventTypeName', 'generateThrough', 'groupId', 'groupName',
      'groupSundaySchool', 'horizonWeeks', 'id', 'linkMode', 'ministryId', 'name', 'occurrenceCount', 'oneOff', 'refillOnDecline', 'startOffsetMinutes', 'teamId',
      'titleFilter', 'windowEnd', 'windowStart',
    ]);
    assert.equal(schedule.refillOnDecline, false, 'ours (issue 18): off unless asked for');
    assert.equal(schedule.oneOff, false);
    assert.equal(schedule.ministryId, world.ministry.id);
    assert.equal(schedule.teamId, world.teamId);
    assert.equal(schedule.linkMode, 'event_type');
    assert.equal(schedule.eventTypeId, otherType.id);
    assert.equal(schedule.eventTypeName, otherType.name);
    assert.equal(schedule.titleFilter, world.title);
    assert.equal(schedule.startOffsetMinutes, -30);
    assert.equal(schedule.endOffsetMinutes, 15);
    assert.equal(schedule.windowStart, '2026-03-01');
    assert.equal(schedule.windowEnd, '2026-12-31');
    assert.equal(schedule.horizonWeeks, 8);
    assert.equal(schedule.generateThrough, '2026-04-29');
    assert.equal(schedule.active, true);
    assert.equal(schedule.occurrenceCount, SUNDAYS.length);
  });

  it('defaults the offsets to 0 and generateThrough to the window end when it comes before the horizon', async () => {
    const world = await newWorld();
    const { schedule, generated } = await create(world.ministry.id, body(world.teamId, world.title, { windowEnd: '2026-03-20' }));
    assert.equal(schedule.startOffsetMinutes, 0);
    assert.equal(schedule.endOffsetMinutes, 0);
    assert.equal(schedule.generateThrough, '2026-03-20');
    assert.equal(generated!.through, '2026-03-20');
    assert.deepEqual(await occurrenceDates(schedule.id), SUNDAYS.slice(0, 2));
  });

  it('saves an inactive schedule with generated:null and no occurrence', async () => {
    const world = await newWorld();
    for (const active of [false, 0, '0', 'false']) {
      const answer = await create(world.ministry.id, body(world.teamId, world.title, { active }));
      assert.equal(answer.generated, null, `active ${JSON.stringify(active)}`);
      assert.equal(answer.schedule.active, false);
      assert.equal(answer.schedule.occurrenceCount, 0);
      assert.deepEqual(await occurrenceDates(answer.schedule.id), []);
    }
  });

  it('refuses a blank or missing title with 400 `Choose the event this schedule follows` and writes nothing', async () => {
    const world = await newWorld();
    for (const titleFilter of ['', '   ', null, undefined]) {
      for (const linkMode of ['event_type', 'ministry']) {
        const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { linkMode, titleFilter }), as(admin));
        expectError(answer, 400, 'Choose the event this schedule follows');
      }
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses an event_type schedule with no upcoming event of that type and title (400, message names both)', async () => {
    const world = await newWorld();
    await newEvent('Long gone', '2026-02-01');
    for (const title of ['Nothing like this', 'Long gone']) {
      const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, title), as(admin));
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.ok(answer.body.message.startsWith(`No upcoming ${otherType.name} events titled "${title}" are on the calendar`), answer.body.message);
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses an event_type schedule whose only matching events are inactive', async () => {
    const world = await newWorld();
    const title = unique('Cancelled');
    await newEvent(title, SUNDAYS[2], { InActive: true });
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, title), as(admin));
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.ok(answer.body.message.startsWith(`No upcoming ${otherType.name} events titled "${title}"`), answer.body.message);
  });

  it('refuses a ministry schedule with no upcoming event of the ministry so titled (400) — another ministry\'s event does not count', async () => {
    const world = await newWorld();
    const other = await newMinistry(server);
    const title = unique('Supper');
    await newEvent(title, SUNDAYS[1], { MinistryId: other.id });
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, title, { linkMode: 'ministry', eventTypeId: undefined }), as(admin));
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.ok(answer.body.message.startsWith(`This ministry has no upcoming events titled "${title}"`), answer.body.message);
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('follows the ministry\'s own events in ministry mode', async () => {
    const world = await newWorld();
    const title = unique('Supper');
    await newEvent(title, SUNDAYS[1], { MinistryId: world.ministry.id });
    await newEvent(title, SUNDAYS[2]);
    const { schedule, generated } = await create(world.ministry.id, body(world.teamId, title, { linkMode: 'ministry', eventTypeId: undefined }));
    assert.equal(schedule.linkMode, 'ministry');
    assert.equal(schedule.eventTypeId, null);
    assert.equal(generated!.created, 1);
    assert.deepEqual(await occurrenceDates(schedule.id), [SUNDAYS[1]]);
  });

  it('refuses a class schedule whose class has no upcoming meeting; the message starts with the class name', async () => {
    const world = await newWorld();
    const lonely = await newClass();
    await newEvent(unique('Old class'), '2026-02-15', { LinkedGroupId: lonely.id });
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, {
      name: 'Class', linkMode: 'class', groupId: lonely.id, teamId: world.teamId, windowStart: '2026-03-01',
    }, as(admin));
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.ok(answer.body.message.startsWith(`${lonely.name} has no upcoming meetings on the calendar`), answer.body.message);
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('follows a class\'s meetings whatever their title, with titleFilter and eventTypeId null', async () => {
    const world = await newWorld();
    const klass = await newClass();
    await newEvent(unique('Lesson'), SUNDAYS[0], { LinkedGroupId: klass.id });
    await newEvent(unique('Other lesson'), SUNDAYS[1], { LinkedGroupId: klass.id });
    const { schedule, generated } = await create(world.ministry.id, {
      name: 'Class', linkMode: 'class', groupId: klass.id, teamId: world.teamId, windowStart: '2026-03-01', titleFilter: 'ignored', eventTypeId: otherType.id,
    });
    assert.equal(schedule.titleFilter, null);
    assert.equal(schedule.eventTypeId, null);
    assert.equal(schedule.groupId, klass.id);
    assert.equal(schedule.groupName, klass.name);
    assert.equal(schedule.groupSundaySchool, true);
    assert.equal(generated!.created, 2);
    assert.equal(generated!.searched.groupName, klass.name);
  });

  it('refuses an unknown class with 400', async () => {
    const world = await newWorld();
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, {
      name: 'Class', linkMode: 'class', groupId: 987654, teamId: world.teamId, windowStart: '2026-03-01',
    }, as(admin));
    expectError(answer, 400, 'Choose the class this schedule follows');
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('matches titles ignoring case only: `vbs` follows `VBS`, `Vespers` does not follow `Vespers Supper`', async () => {
    const world = await newWorld();
    const tag = unique('x');
    await newSeries(`VBS ${tag}`);
    const { generated } = await create(world.ministry.id, body(world.teamId, `vbs ${tag}`));
    assert.equal(generated!.created, SUNDAYS.length);

    await newSeries(`Vespers Supper ${tag}`);
    const refused = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, `Vespers ${tag}`), as(admin));
    expectError(refused, 400, `No upcoming Other events titled "Vespers ${tag}" are on the calendar. Create the events first, then the schedule.`);
    const padded = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, ` VBS ${tag}`), as(admin));
    expectError(padded, 400, `No upcoming Other events titled " VBS ${tag}" are on the calendar. Create the events first, then the schedule.`);
  });

  for (const [field, value] of [
    ['recurType', 'weekly'], ['recurDow', 'Sunday'], ['recurDom', 1], ['startTime', '10:00'], ['endTime', '11:00'], ['endTime', null],
    ['generateAheadDays', 14], ['defaultPersonId', 1], ['defaultAccepted', true], ['eventId', 1],
  ] as const) {
    it(`refuses the removed field ${field}=${JSON.stringify(value)} with 400 naming it, and writes nothing`, async () => {
      const world = await newWorld();
      const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { [field]: value }), as(admin));
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.ok(answer.body.message.includes(field), answer.body.message);
      assert.equal(await countSchedules(world.ministry.id), 0);
    });
  }

  it('refuses linkMode event and standalone with 400', async () => {
    const world = await newWorld();
    for (const linkMode of ['event', 'standalone', undefined]) {
      expectError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { linkMode }), as(admin)), 400, 'linkMode must be event_type, class or ministry');
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses offsets 1.5, "abc", true and 721 (and -721) with 400', async () => {
    const world = await newWorld();
    for (const value of [1.5, 'abc', true, 721, -721]) {
      for (const field of ['startOffsetMinutes', 'endOffsetMinutes']) {
        const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { [field]: value }), as(admin));
        expectError(answer, 400, `${field} must be a whole number of minutes from -720 to 720`);
      }
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
    const edge = await create(world.ministry.id, body(world.teamId, world.title, { startOffsetMinutes: -720, endOffsetMinutes: 720 }));
    assert.equal(edge.schedule.startOffsetMinutes, -720);
    assert.equal(edge.schedule.endOffsetMinutes, 720);
  });

  it('refuses a team of another ministry, a missing team and a missing name or windowStart with 400', async () => {
    const world = await newWorld();
    const other = await newMinistry(server);
    expectError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(other.teamId, world.title), as(admin)), 400, 'The team must be a team of this ministry');
    expectError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { teamId: undefined }), as(admin)), 400, 'A schedule belongs to a team of this ministry; choose one');
    expectError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { name: '' }), as(admin)), 400, 'A schedule name is required');
    expectError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { name: 'x'.repeat(101) }), as(admin)), 400, 'The schedule name is too long (100 characters at most)');
    expectError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { windowStart: undefined }), as(admin)), 400, 'windowStart must be a date in YYYY-MM-DD form');
    assert.equal(await countSchedules(world.ministry.id), 0);
    assert.equal(await countSchedules(other.id), 0);
  });

  it('refuses a plan with a position of another ministry with 400 `Position not found` and writes nothing', async () => {
    const world = await newWorld();
    const other = await newMinistry(server);
    const foreign = (await newPosition(server, other.id, other.teamId)).id;
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1 }, { positionId: foreign, minCount: 1 }],
    }), as(admin));
    expectError(answer, 400, 'Position not found');
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('answers 404 for an unknown ministry', async () => {
    expectError(await server.post(`${V}/ministries/987654/schedules`, body(1, 'x'), as(admin)), 404, 'Ministry not found');
  });

  it('lets a team leader create for their own team but not for another team of the ministry (403)', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const leader = await newTeamLeader(server, world.teamId);
    const mine = await create(world.ministry.id, body(world.teamId, world.title), as(leader));
    assert.equal(mine.schedule.teamId, world.teamId);
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(secondTeam, world.title), as(leader));
    expectError(answer, 403, 'Not authorized for this ministry');
    assert.equal(await countSchedules(world.ministry.id), 1);
  });

  it('refuses a login without volunteer access with 403 and an anonymous call with 401', async () => {
    const world = await newWorld();
    const nobody = await newUser(server);
    expectError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title), as(nobody)), 403, 'Manage My Ministries access, with a ministry or team to manage, is required');
    assert.equal((await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title))).status, 401);
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses a plan with an unknown default person (404) or more defaults than Max (400) and writes nothing', async () => {
    const world = await newWorld();
    const url = `${V}/ministries/${world.ministry.id}/schedules`;
    expectError(await server.post(url, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, defaults: [{ personId: 987654 }] }],
    }), as(admin)), 404, 'Person not found');
    expectError(await server.post(url, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 1, defaults: [{ personId: world.anna }, { personId: world.ben }] }],
    }), as(admin)), 400, 'Max is 1 but 2 default volunteers are chosen. Remove one or raise Max.');
    assert.equal(await countSchedules(world.ministry.id), 0);
    assert.equal(await countRows(server, 'occurrences', { event_id: world.eventIds }), 0);
  });

  it('assigns a plan default saved accepted:true as accepted on create', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[0] });
    const { schedule, generated } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 2, defaults: [{ personId: world.anna, accepted: true }, { personId: world.ben }] }],
    }));
    assert.equal(generated!.assigned, 2);
    assert.deepEqual((await assignmentsOf(schedule.id)).map((r) => [r.person_id, r.status]), [[world.anna, 'accepted'], [world.ben, 'pending']]);
  });

  it('shows a clamped horizon: 99 weeks reads as 52', async () => {
    const world = await newWorld();
    await withHorizon(99, async () => {
      const { schedule, generated } = await create(world.ministry.id, body(world.teamId, world.title));
      assert.equal(schedule.horizonWeeks, 52);
      assert.equal(generated!.through, '2027-03-03');
    });
  });

  it('assigns the plan\'s qualified defaults on every created occurrence and counts the unqualified ones', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule, generated } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 3, defaults: [{ personId: world.carl }, { personId: world.anna }] }],
    }));
    assert.equal(generated!.created, 2);
    assert.equal(generated!.assigned, 2);
    assert.equal(generated!.unqualified, 2);
    const rows = await assignmentsOf(schedule.id);
    assert.deepEqual(rows.map((r) => [r.person_id, r.status]), [[world.anna, 'pending'], [world.anna, 'pending']]);
    const [need] = await readNeeds(schedule.id);
    assert.deepEqual(need.defaults.map((d) => [d.personId, d.qualified]), [[world.carl, false], [world.anna, true]]);
  });
});

describe('POST /api/ministries/ministries/{id}/staffed-events', () => {
  it('staffs one event six months ahead (no horizon cap) and answers 201 {occurrence, schedule} with oneOff:true', async () => {
    const world = await newWorld();
    const eventId = await newEvent(unique('Concert'), '2026-09-06');
    const before = await countEvents();
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, {
      eventId, teamId: world.teamId, requirements: [{ positionId: world.position, minCount: 2 }],
    }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(Object.keys(answer.body).sort(), ['occurrence', 'schedule']);
    const { schedule, occurrence } = answer.body;
    assert.equal(schedule.oneOff, true);
    assert.equal(schedule.linkMode, 'event');
    assert.equal(schedule.eventId, eventId);
    assert.equal(schedule.windowStart, '2026-09-06');
    assert.equal(schedule.windowEnd, '2026-09-06');
    assert.equal(schedule.generateThrough, '2026-09-06');
    assert.equal(occurrence.eventId, eventId);
    assert.equal(occurrence.occurrenceDate, '2026-09-06');
    assert.equal(occurrence.scheduleOneOff, true);
    assert.equal(occurrence.requiredCount, 2);
    assert.equal(await countEvents(), before);
  });

  it('refuses the same team twice with 409 `This team is already staffing this event`; another team may staff it', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const eventId = await newEvent(unique('Concert'), SUNDAYS[3]);
    const url = `${V}/ministries/${world.ministry.id}/staffed-events`;
    assert.equal((await server.post(url, { eventId, teamId: world.teamId }, as(admin))).status, 201);
    expectError(await server.post(url, { eventId, teamId: world.teamId }, as(admin)), 409, 'This team is already staffing this event');
    assert.equal((await server.post(url, { eventId, teamId: secondTeam }, as(admin))).status, 201);
    assert.equal(await countSchedules(world.ministry.id), 2);
  });

  it('refuses an unknown, inactive or past event, another ministry\'s team and a bad offset with 400, writing nothing', async () => {
    const world = await newWorld();
    const other = await newMinistry(server);
    const url = `${V}/ministries/${world.ministry.id}/staffed-events`;
    const inactive = await newEvent(unique('Off'), SUNDAYS[2], { InActive: true });
    const past = await newEvent(unique('Past'), '2026-02-22');
    const good = await newEvent(unique('Good'), SUNDAYS[2]);
    for (const fields of [
      { eventId: 987654, teamId: world.teamId }, { eventId: inactive, teamId: world.teamId }, { eventId: past, teamId: world.teamId },
      { eventId: good, teamId: other.teamId }, { eventId: good, teamId: world.teamId, startOffsetMinutes: 721 },
      { eventId: good, teamId: world.teamId, requirements: [{ positionId: 987654, minCount: 1 }] }, { eventId: good, teamId: world.teamId, recurType: 'weekly' },
      { teamId: world.teamId }, { eventId: good }, { eventId: 99999999999, teamId: world.teamId }, { eventId: good, teamId: 99999999999 },
    ]) {
      expectError(await server.post(url, fields, as(admin)), 400, /./);
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('may staff another ministry\'s event, and a later generate run finds it existing whatever the horizon', async () => {
    const world = await newWorld();
    const other = await newMinistry(server);
    const eventId = await newEvent(unique('Their gala'), '2026-09-13', { MinistryId: other.id });
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId, name: 'Gala crew' }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.schedule.name, 'Gala crew');
    assert.equal(answer.body.schedule.ministryId, world.ministry.id);
    const run = await generate(answer.body.schedule.id);
    assert.deepEqual([run.created, run.existing, run.through, run.searched.eventId], [0, 1, '2026-09-13', eventId]);
  });

  it('names the schedule after the event by default', async () => {
    const world = await newWorld();
    const title = unique('Concert');
    const eventId = await newEvent(title, SUNDAYS[4]);
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.schedule.name, title);
    assert.equal(answer.body.schedule.eventTitle, title);
  });

  it('lets a team leader staff for their own team only', async () => {
    const world = await newWorld();
    const secondTeam = (await newTeam(server, world.ministry.id)).id;
    const leader = await newTeamLeader(server, world.teamId);
    const eventId = await newEvent(unique('Concert'), SUNDAYS[2]);
    const url = `${V}/ministries/${world.ministry.id}/staffed-events`;
    expectError(await server.post(url, { eventId, teamId: secondTeam }, as(leader)), 403, 'Not authorized for this ministry');
    assert.equal((await server.post(url, { eventId, teamId: world.teamId }, as(leader))).status, 201);
  });
});
