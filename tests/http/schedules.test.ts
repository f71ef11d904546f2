import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newPerson, newUser, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: TestUser;
let otherTypeId: number;
let otherTypeName: string;
before(async () => {
  server = await startTestServer();
  admin = await newUser(server, { roles: ['admin'] });
  const types = await server.get('/api/events/types', asAdmin);
  const other = (types.body as Array<{ Id: number; Name: string }>).find((t) => t.Name === 'Other')!;
  otherTypeId = other.Id;
  otherTypeName = other.Name;
});
after(() => server.close());

const asAdmin = { get key() { return admin.apiKey; } };
const as = (user: TestUser) => ({ key: user.apiKey });
const V = '/api/ministries';
/** The test clock stands at Wednesday 2026-03-04 10:00 church time; these Sundays follow it. */
const TODAY = '2026-03-04';
const START_CLOCK = '2026-03-04T15:00:00Z';
const SUNDAYS = ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12', '2026-04-19', '2026-04-26'];
const db = () => server.database.db;

interface Schedule {
  id: number; oneOff: boolean; ministryId: number; teamId: number; name: string; linkMode: string; eventTypeId: number | null;
  eventTypeName: string | null; titleFilter: string | null; groupId: number | null; groupName: string | null; groupSundaySchool: boolean;
  eventId: number | null; eventTitle: string | null; eventStart: string | null; startOffsetMinutes: number; endOffsetMinutes: number;
  windowStart: string; windowEnd: string | null; horizonWeeks: number; generateThrough: string; active: boolean; occurrenceCount: number;
}
interface Generated {
  created: number; existing: number; from: string; through: string; assigned: number; skipped: number; unqualified: number; noEvents: boolean;
  searched: Record<string, unknown>;
}
interface Requirement {
  id: number; scheduleId: number | null; positionId: number; minCount: number; maxCount: number | null;
  defaults: Array<{ personId: number; name: string; accepted: boolean; setBy: number | null; setByName: string | null; qualified: boolean }>;
}

function assertError(answer: { status: number; body: any }, status: number, message?: string) {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.success, false, JSON.stringify(answer.body));
  if (message !== undefined) assert.equal(answer.body.message, message);
}

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}`;

async function newMinistry() {
  const answer = await server.post(`${V}/ministries`, { name: unique('Ministry') }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  const teams = await server.get(`${V}/ministries/${answer.body.ministry.id}/teams`, asAdmin);
  assert.equal(teams.status, 200, JSON.stringify(teams.body));
  return { id: answer.body.ministry.id as number, name: answer.body.ministry.name as string, teamId: teams.body.teams[0].id as number };
}

async function newTeam(ministryId: number): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministryId}/teams`, { name: unique('Team') }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.team.id;
}

async function newPosition(ministryId: number, teamId: number): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministryId}/positions`, { name: unique('Position'), teamId }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.position.id;
}

async function qualify(positionId: number, personId: number) {
  const answer = await server.post(`${V}/positions/${positionId}/qualifications`, { personId }, asAdmin);
  assert.ok(answer.status === 201 || answer.status === 200, JSON.stringify(answer.body));
}

async function newClass(): Promise<{ id: number; name: string }> {
  const name = unique('Class');
  const answer = await server.post('/api/groups/', { groupName: name, isSundaySchool: true }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { id: answer.body.Id, name };
}

/** One event, 10:00–11:30 on `date` unless told otherwise. */
async function newEvent(title: string, date: string, fields: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.post('/api/events', {
    Title: title, Type: otherTypeId, Start: `${date} 10:00:00`, End: `${date} 11:30:00`, PinnedCalendars: [], ...fields,
  }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventId;
}

/** A weekly Sunday 10:00–11:30 series of "Other" events; answers the ids in date order. */
async function newSeries(title: string, rangeStart = SUNDAYS[0], rangeEnd = SUNDAYS[SUNDAYS.length - 1], fields: Record<string, unknown> = {}): Promise<number[]> {
  const answer = await server.post('/api/events/repeat', {
    Title: title, Type: otherTypeId, StartTime: '10:00', EndTime: '11:30', RecurType: 'weekly', RecurDOW: 'Sunday', RangeStart: rangeStart, RangeEnd: rangeEnd, ...fields,
  }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventIds;
}

async function grantScope(personId: number, scopeType: 'ministry' | 'team', scopeId: number) {
  const answer = await server.post(`${V}/scopes`, { personId, scopeType, scopeId }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
}

async function newLeader(teamId: number) {
  const user = await newUser(server);
  await grantScope(user.personId, 'team', teamId);
  return user;
}

/** A valid event_type body following `title`; any field may be replaced. */
function body(teamId: number, title: string, fields: Record<string, unknown> = {}) {
  return { name: unique('Schedule'), linkMode: 'event_type', eventTypeId: otherTypeId, titleFilter: title, teamId, windowStart: '2026-03-01', ...fields };
}

async function create(ministryId: number, fields: Record<string, unknown>, options: { key?: string } = asAdmin) {
  const answer = await server.post(`${V}/ministries/${ministryId}/schedules`, fields, options);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body as { schedule: Schedule; generated: Generated | null };
}

async function generate(scheduleId: number, fields: Record<string, unknown> = {}) {
  const answer = await server.post(`${V}/schedules/${scheduleId}/generate`, fields, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as Generated;
}

async function readSchedule(scheduleId: number): Promise<Schedule> {
  const answer = await server.get(`${V}/schedules/${scheduleId}`, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.schedule;
}

async function readNeeds(scheduleId: number): Promise<Requirement[]> {
  const answer = await server.get(`${V}/schedules/${scheduleId}/requirements`, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.requirements;
}

async function countSchedules(ministryId: number): Promise<number> {
  const row = await db().selectFrom('schedules').select((eb) => eb.fn.countAll<number>().as('n')).where('ministry_id', '=', ministryId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function countEvents(): Promise<number> {
  const row = await db().selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function eventSnapshot(ids: number[]) {
  return db().selectFrom('events').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** Occurrence dates of a schedule, soonest first. */
async function occurrenceDates(scheduleId: number): Promise<string[]> {
  const rows = await db().selectFrom('occurrences').select('occurrence_date').where('schedule_id', '=', scheduleId).orderBy('occurrence_date').execute();
  return rows.map((row) => String(row.occurrence_date).slice(0, 10));
}

async function assignmentsOf(scheduleId: number) {
  return db().selectFrom('assignments')
    .innerJoin('occurrences', 'occurrences.id', 'assignments.occurrence_id')
    .select(['assignments.id', 'assignments.person_id', 'assignments.position_id', 'assignments.status', 'assignments.assigned_by_person_id', 'occurrences.occurrence_date'])
    .where('occurrences.schedule_id', '=', scheduleId)
    .orderBy('occurrences.occurrence_date').orderBy('assignments.id')
    .execute();
}

async function setHorizon(weeks: number | string) {
  const answer = await server.post('/admin/api/system/config/iVolunteerSchedulingHorizonWeeks', { value: String(weeks) }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

/** Runs `work` with the horizon set to `weeks`, then puts back the default of 8. */
async function withHorizon<T>(weeks: number, work: () => Promise<T>): Promise<T> {
  await setHorizon(weeks);
  try {
    return await work();
  } finally {
    await setHorizon(8);
  }
}

async function withClock<T>(iso: string, work: () => Promise<T>): Promise<T> {
  server.clock.set(iso);
  try {
    return await work();
  } finally {
    server.clock.set(START_CLOCK);
  }
}

/** A ministry, its default team, a position with two qualified people and an unqualified one, and a weekly series. */
async function newWorld(options: { seriesEnd?: string } = {}) {
  const ministry = await newMinistry();
  const position = await newPosition(ministry.id, ministry.teamId);
  const anna = (await newPerson(server, { first_name: 'Anna' })).id;
  const ben = (await newPerson(server, { first_name: 'Ben' })).id;
  const carl = (await newPerson(server, { first_name: 'Carl' })).id;
  await qualify(position, anna);
  await qualify(position, ben);
  const title = unique('Worship');
  const eventIds = await newSeries(title, SUNDAYS[0], options.seriesEnd ?? SUNDAYS[SUNDAYS.length - 1]);
  return { ministry, teamId: ministry.teamId, position, anna, ben, carl, title, eventIds };
}

describe('POST /api/ministries/ministries/{id}/schedules (E4)', () => {
  it('answers 201 {schedule, generated} for an active schedule, generating up to the horizon with the §5.3 result', async () => {
    const world = await newWorld();
    const answer = await create(world.ministry.id, body(world.teamId, world.title));
    assert.deepEqual(Object.keys(answer).sort(), ['generated', 'schedule']);
    assert.deepEqual(answer.generated, {
      created: SUNDAYS.length, existing: 0, from: TODAY, through: '2026-04-29', assigned: 0, skipped: 0, unqualified: 0, noEvents: false,
      searched: {
        linkMode: 'event_type', groupId: null, groupName: null, eventTypeId: otherTypeId, eventTypeName: otherTypeName, titleFilter: world.title,
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
      'groupSundaySchool', 'horizonWeeks', 'id', 'linkMode', 'ministryId', 'name', 'occurrenceCount', 'oneOff', 'startOffsetMinutes', 'teamId',
      'titleFilter', 'windowEnd', 'windowStart',
    ]);
    assert.equal(schedule.oneOff, false);
    assert.equal(schedule.ministryId, world.ministry.id);
    assert.equal(schedule.teamId, world.teamId);
    assert.equal(schedule.linkMode, 'event_type');
    assert.equal(schedule.eventTypeId, otherTypeId);
    assert.equal(schedule.eventTypeName, otherTypeName);
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
        const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { linkMode, titleFilter }), asAdmin);
        assertError(answer, 400, 'Choose the event this schedule follows');
      }
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses an event_type schedule with no upcoming event of that type and title (400, message names both)', async () => {
    const world = await newWorld();
    await newEvent('Long gone', '2026-02-01');
    for (const title of ['Nothing like this', 'Long gone']) {
      const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, title), asAdmin);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.ok(answer.body.message.startsWith(`No upcoming ${otherTypeName} events titled "${title}" are on the calendar`), answer.body.message);
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses an event_type schedule whose only matching events are inactive', async () => {
    const world = await newWorld();
    const title = unique('Cancelled');
    await newEvent(title, SUNDAYS[2], { InActive: true });
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, title), asAdmin);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.ok(answer.body.message.startsWith(`No upcoming ${otherTypeName} events titled "${title}"`), answer.body.message);
  });

  it('refuses a ministry schedule with no upcoming event of the ministry so titled (400) — another ministry\'s event does not count', async () => {
    const world = await newWorld();
    const other = await newMinistry();
    const title = unique('Supper');
    await newEvent(title, SUNDAYS[1], { MinistryId: other.id });
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, title, { linkMode: 'ministry', eventTypeId: undefined }), asAdmin);
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
    }, asAdmin);
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
      name: 'Class', linkMode: 'class', groupId: klass.id, teamId: world.teamId, windowStart: '2026-03-01', titleFilter: 'ignored', eventTypeId: otherTypeId,
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
    }, asAdmin);
    assertError(answer, 400);
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('matches titles ignoring case only: `vbs` follows `VBS`, `Vespers` does not follow `Vespers Supper`', async () => {
    const world = await newWorld();
    const tag = unique('x');
    await newSeries(`VBS ${tag}`);
    const { generated } = await create(world.ministry.id, body(world.teamId, `vbs ${tag}`));
    assert.equal(generated!.created, SUNDAYS.length);

    await newSeries(`Vespers Supper ${tag}`);
    const refused = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, `Vespers ${tag}`), asAdmin);
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    const padded = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, ` VBS ${tag}`), asAdmin);
    assert.equal(padded.status, 400, 'surrounding white space is not ignored');
  });

  for (const [field, value] of [
    ['recurType', 'weekly'], ['recurDow', 'Sunday'], ['recurDom', 1], ['startTime', '10:00'], ['endTime', '11:00'], ['endTime', null],
    ['generateAheadDays', 14], ['defaultPersonId', 1], ['defaultAccepted', true], ['eventId', 1],
  ] as const) {
    it(`refuses the removed field ${field}=${JSON.stringify(value)} with 400 naming it, and writes nothing`, async () => {
      const world = await newWorld();
      const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { [field]: value }), asAdmin);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.ok(answer.body.message.includes(field), answer.body.message);
      assert.equal(await countSchedules(world.ministry.id), 0);
    });
  }

  it('refuses linkMode event and standalone with 400', async () => {
    const world = await newWorld();
    for (const linkMode of ['event', 'standalone', undefined]) {
      assertError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { linkMode }), asAdmin), 400);
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses offsets 1.5, "abc", true and 721 (and -721) with 400', async () => {
    const world = await newWorld();
    for (const value of [1.5, 'abc', true, 721, -721]) {
      for (const field of ['startOffsetMinutes', 'endOffsetMinutes']) {
        const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { [field]: value }), asAdmin);
        assert.equal(answer.status, 400, `${field}=${JSON.stringify(value)}: ${JSON.stringify(answer.body)}`);
      }
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
    const edge = await create(world.ministry.id, body(world.teamId, world.title, { startOffsetMinutes: -720, endOffsetMinutes: 720 }));
    assert.equal(edge.schedule.startOffsetMinutes, -720);
    assert.equal(edge.schedule.endOffsetMinutes, 720);
  });

  it('refuses a team of another ministry, a missing team and a missing name or windowStart with 400', async () => {
    const world = await newWorld();
    const other = await newMinistry();
    assertError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(other.teamId, world.title), asAdmin), 400);
    assertError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { teamId: undefined }), asAdmin), 400);
    assertError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { name: '' }), asAdmin), 400);
    assertError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { name: 'x'.repeat(101) }), asAdmin), 400);
    assertError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, { windowStart: undefined }), asAdmin), 400);
    assert.equal(await countSchedules(world.ministry.id), 0);
    assert.equal(await countSchedules(other.id), 0);
  });

  it('refuses a plan with a position of another ministry with 400 `Position not found` and writes nothing', async () => {
    const world = await newWorld();
    const other = await newMinistry();
    const foreign = await newPosition(other.id, other.teamId);
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1 }, { positionId: foreign, minCount: 1 }],
    }), asAdmin);
    assertError(answer, 400, 'Position not found');
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('answers 404 for an unknown ministry', async () => {
    assertError(await server.post(`${V}/ministries/987654/schedules`, body(1, 'x'), asAdmin), 404, 'Ministry not found');
  });

  it('lets a team leader create for their own team but not for another team of the ministry (403)', async () => {
    const world = await newWorld();
    const secondTeam = await newTeam(world.ministry.id);
    const leader = await newLeader(world.teamId);
    const mine = await create(world.ministry.id, body(world.teamId, world.title), as(leader));
    assert.equal(mine.schedule.teamId, world.teamId);
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(secondTeam, world.title), as(leader));
    assertError(answer, 403);
    assert.equal(await countSchedules(world.ministry.id), 1);
  });

  it('refuses a login without volunteer access with 403 and an anonymous call with 401', async () => {
    const world = await newWorld();
    const nobody = await newUser(server);
    assertError(await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title), as(nobody)), 403);
    assert.equal((await server.post(`${V}/ministries/${world.ministry.id}/schedules`, body(world.teamId, world.title))).status, 401);
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('refuses a plan with an unknown default person (404) or more defaults than Max (400) and writes nothing', async () => {
    const world = await newWorld();
    const url = `${V}/ministries/${world.ministry.id}/schedules`;
    assertError(await server.post(url, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, defaults: [{ personId: 987654 }] }],
    }), asAdmin), 404);
    assertError(await server.post(url, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 1, defaults: [{ personId: world.anna }, { personId: world.ben }] }],
    }), asAdmin), 400, 'Max is 1 but 2 default volunteers are chosen. Remove one or raise Max.');
    assert.equal(await countSchedules(world.ministry.id), 0);
    assert.equal((await db().selectFrom('occurrences').innerJoin('events', 'events.id', 'occurrences.event_id').select('occurrences.id').where('events.id', 'in', world.eventIds).execute()).length, 0);
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
    }, asAdmin);
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
    const secondTeam = await newTeam(world.ministry.id);
    const eventId = await newEvent(unique('Concert'), SUNDAYS[3]);
    const url = `${V}/ministries/${world.ministry.id}/staffed-events`;
    assert.equal((await server.post(url, { eventId, teamId: world.teamId }, asAdmin)).status, 201);
    assertError(await server.post(url, { eventId, teamId: world.teamId }, asAdmin), 409, 'This team is already staffing this event');
    assert.equal((await server.post(url, { eventId, teamId: secondTeam }, asAdmin)).status, 201);
    assert.equal(await countSchedules(world.ministry.id), 2);
  });

  it('refuses an unknown, inactive or past event, another ministry\'s team and a bad offset with 400, writing nothing', async () => {
    const world = await newWorld();
    const other = await newMinistry();
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
      assertError(await server.post(url, fields, asAdmin), 400);
    }
    assert.equal(await countSchedules(world.ministry.id), 0);
  });

  it('may staff another ministry\'s event, and a later generate run finds it existing whatever the horizon', async () => {
    const world = await newWorld();
    const other = await newMinistry();
    const eventId = await newEvent(unique('Their gala'), '2026-09-13', { MinistryId: other.id });
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId, name: 'Gala crew' }, asAdmin);
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
    const answer = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId }, asAdmin);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.schedule.name, title);
    assert.equal(answer.body.schedule.eventTitle, title);
  });

  it('lets a team leader staff for their own team only', async () => {
    const world = await newWorld();
    const secondTeam = await newTeam(world.ministry.id);
    const leader = await newLeader(world.teamId);
    const eventId = await newEvent(unique('Concert'), SUNDAYS[2]);
    const url = `${V}/ministries/${world.ministry.id}/staffed-events`;
    assertError(await server.post(url, { eventId, teamId: secondTeam }, as(leader)), 403);
    assert.equal((await server.post(url, { eventId, teamId: world.teamId }, as(leader))).status, 201);
  });
});

describe('GET schedule lists and GET /schedules/{id}', () => {
  it('lists a ministry\'s schedules by name, filters by team and active, and hides Staff-this-event schedules', async () => {
    const world = await newWorld();
    const secondTeam = await newTeam(world.ministry.id);
    const b = await create(world.ministry.id, body(world.teamId, world.title, { name: 'Bravo' }));
    const a = await create(world.ministry.id, body(secondTeam, world.title, { name: 'alpha' }));
    const c = await create(world.ministry.id, body(world.teamId, world.title, { name: 'Charlie', active: false }));
    const eventId = await newEvent(unique('Concert'), SUNDAYS[2]);
    const staffed = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId }, asAdmin);
    assert.equal(staffed.status, 201);

    const ids = async (url: string, query: Record<string, string> = {}) => {
      const answer = await server.get(url, { ...asAdmin, query });
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
    const leader = await newLeader(world.teamId);
    assertError(await server.get(`${V}/ministries/${world.ministry.id}/schedules`, as(leader)), 403);
    const mine = await server.get(`${V}/teams/${world.teamId}/schedules`, as(leader));
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.deepEqual(mine.body.schedules.map((s: Schedule) => s.id), [schedule.id]);
    assertError(await server.get(`${V}/ministries/987654/schedules`, asAdmin), 404, 'Ministry not found');
  });

  it('answers 404 `Schedule not found` for an unknown schedule, and 403 to a leader of another team', async () => {
    const world = await newWorld();
    const secondTeam = await newTeam(world.ministry.id);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    assertError(await server.get(`${V}/schedules/987654`, asAdmin), 404, 'Schedule not found');
    const stranger = await newLeader(secondTeam);
    assertError(await server.get(`${V}/schedules/${schedule.id}`, as(stranger)), 403);
    const leader = await newLeader(world.teamId);
    assert.equal((await server.get(`${V}/schedules/${schedule.id}`, as(leader))).status, 200);
  });
});

describe('POST /api/ministries/schedules/{id} (update)', () => {
  it('never generates, even when activating or widening the window', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { active: false }));
    const answer = await server.post(`${V}/schedules/${schedule.id}`, { active: true, name: 'Renamed', windowEnd: null }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.schedule.active, true);
    assert.equal(answer.body.schedule.name, 'Renamed');
    assert.equal(answer.body.schedule.occurrenceCount, 0);
    assert.deepEqual(await occurrenceDates(schedule.id), []);
  });

  it('refuses re-pointing to a title with no upcoming event with 400 and changes nothing', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const answer = await server.post(`${V}/schedules/${schedule.id}`, { titleFilter: 'No such thing', name: 'Changed' }, asAdmin);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.ok(answer.body.message.startsWith(`No upcoming ${otherTypeName} events titled "No such thing"`), answer.body.message);
    const stored = await readSchedule(schedule.id);
    assert.equal(stored.titleFilter, world.title);
    assert.equal(stored.name, schedule.name);
  });

  it('accepts a title change that differs only in case even when no event is upcoming any more', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[0] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    await withClock('2026-03-20T15:00:00Z', async () => {
      const answer = await server.post(`${V}/schedules/${schedule.id}`, { titleFilter: world.title.toUpperCase() }, asAdmin);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.schedule.titleFilter, world.title.toUpperCase());
      const renamed = await server.post(`${V}/schedules/${schedule.id}`, { name: 'Only a name' }, asAdmin);
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      const moved = await server.post(`${V}/schedules/${schedule.id}`, { titleFilter: `${world.title} 2` }, asAdmin);
      assert.equal(moved.status, 400, JSON.stringify(moved.body));
    });
  });

  it('switching to class clears titleFilter and eventTypeId', async () => {
    const world = await newWorld();
    const klass = await newClass();
    await newEvent(unique('Lesson'), SUNDAYS[1], { LinkedGroupId: klass.id });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const answer = await server.post(`${V}/schedules/${schedule.id}`, { linkMode: 'class', groupId: klass.id }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.schedule.linkMode, 'class');
    assert.equal(answer.body.schedule.titleFilter, null);
    assert.equal(answer.body.schedule.eventTypeId, null);
    assert.equal(answer.body.schedule.groupId, klass.id);
    const row = await db().selectFrom('schedules').selectAll().where('id', '=', schedule.id).executeTakeFirstOrThrow();
    assert.equal(row.title_filter, null);
    assert.equal(row.event_type_id, null);
  });

  it('refuses removed fields, linkMode event and bad offsets with 400 and changes nothing', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    for (const fields of [{ endTime: null }, { recurType: 'weekly' }, { generateAheadDays: 3 }, { linkMode: 'event' }, { linkMode: 'standalone' }, { eventId: 1 }, { startOffsetMinutes: 1.5 }]) {
      const answer = await server.post(`${V}/schedules/${schedule.id}`, { ...fields, name: 'Changed' }, asAdmin);
      assert.equal(answer.status, 400, `${JSON.stringify(fields)}: ${JSON.stringify(answer.body)}`);
    }
    assert.equal((await readSchedule(schedule.id)).name, schedule.name);
  });

  it('replaces the plan with `requirements`: unlisted positions go, omitted defaults and accepted flags stay, [] clears', async () => {
    const world = await newWorld();
    const second = await newPosition(world.ministry.id, world.teamId);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      active: false,
      requirements: [
        { positionId: world.position, minCount: 1, maxCount: 2, defaults: [{ personId: world.anna, accepted: true }] },
        { positionId: second, minCount: 1 },
      ],
    }));
    const url = `${V}/schedules/${schedule.id}`;
    let answer = await server.post(url, { requirements: [{ positionId: world.position, minCount: 2, maxCount: 2 }] }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    let needs = await readNeeds(schedule.id);
    assert.deepEqual(needs.map((n) => [n.positionId, n.minCount, n.maxCount]), [[world.position, 2, 2]]);
    assert.deepEqual(needs[0].defaults.map((d) => [d.personId, d.accepted]), [[world.anna, true]]);
    answer = await server.post(url, { requirements: [{ positionId: world.position, minCount: 2, maxCount: 2, defaults: [{ personId: world.ben }, { personId: world.anna }] }] }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    needs = await readNeeds(schedule.id);
    assert.deepEqual(needs[0].defaults.map((d) => [d.personId, d.accepted]), [[world.ben, false], [world.anna, true]]);
    assertError(await server.post(url, { requirements: [{ positionId: world.position, minCount: 1, defaults: [{ personId: 987654 }] }] }, asAdmin), 404);
    assert.equal((await readNeeds(schedule.id))[0].defaults.length, 2);
    answer = await server.post(url, { requirements: [] }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(await readNeeds(schedule.id), []);
    assert.deepEqual(await occurrenceDates(schedule.id), []);
  });

  it('refuses a leader moving the schedule to a team they do not lead (403) and changes nothing', async () => {
    const world = await newWorld();
    const secondTeam = await newTeam(world.ministry.id);
    const leader = await newLeader(world.teamId);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    assertError(await server.post(`${V}/schedules/${schedule.id}`, { teamId: secondTeam, name: 'Moved' }, as(leader)), 403);
    const stored = await readSchedule(schedule.id);
    assert.deepEqual([stored.teamId, stored.name], [world.teamId, schedule.name]);
    const stranger = await newLeader(secondTeam);
    assertError(await server.post(`${V}/schedules/${schedule.id}`, { recurType: 'weekly' }, as(stranger)), 403);
    assertError(await server.post(`${V}/schedules/987654`, { recurType: 'weekly' }, as(stranger)), 404, 'Schedule not found');
  });

  it('keeps a Staff-this-event schedule on its event: linkMode → 400', async () => {
    const world = await newWorld();
    const eventId = await newEvent(unique('Concert'), SUNDAYS[2]);
    const staffed = await server.post(`${V}/ministries/${world.ministry.id}/staffed-events`, { eventId, teamId: world.teamId }, asAdmin);
    assertError(await server.post(`${V}/schedules/${staffed.body.schedule.id}`, { linkMode: 'event_type' }, asAdmin), 400);
    const renamed = await server.post(`${V}/schedules/${staffed.body.schedule.id}`, { name: 'Concert crew' }, asAdmin);
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
    assertError(await server.delete(`${V}/schedules/${schedule.id}`, asAdmin), 409, 'Occurrences of this schedule still carry assignments');
    assert.equal((await readSchedule(schedule.id)).occurrenceCount, 2);
  });

  it('removes the schedule, its occurrences and its needs otherwise, and leaves the events', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1 }] }));
    const answer = await server.delete(`${V}/schedules/${schedule.id}`, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });
    assertError(await server.get(`${V}/schedules/${schedule.id}`, asAdmin), 404, 'Schedule not found');
    assert.deepEqual(await occurrenceDates(schedule.id), []);
    assert.equal((await db().selectFrom('requirements').select('id').where('schedule_id', '=', schedule.id).execute()).length, 0);
    assert.equal((await eventSnapshot(world.eventIds)).length, 2);
  });
});

describe('POST /api/ministries/schedules/{id}/generate (E5)', () => {
  it('is idempotent: a second run creates nothing and counts the occurrences as existing', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const again = await generate(schedule.id);
    assert.equal(again.created, 0);
    assert.equal(again.existing, SUNDAYS.length);
    assert.equal(again.noEvents, false);
    assert.equal((await readSchedule(schedule.id)).occurrenceCount, SUNDAYS.length);
  });

  it('never creates or changes a calendar event', async () => {
    const world = await newWorld();
    const before = await countEvents();
    const snapshot = await eventSnapshot(world.eventIds);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { startOffsetMinutes: -60 }));
    await generate(schedule.id, { through: '2026-12-31' });
    assert.equal(await countEvents(), before);
    assert.deepEqual(await eventSnapshot(world.eventIds), snapshot);
  });

  it('covers [max(today, windowStart) .. min(through, today + horizon, windowEnd)]', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { windowStart: '2026-03-20', windowEnd: '2026-04-15', active: false }));
    assert.equal((await server.post(`${V}/schedules/${schedule.id}`, { active: true }, asAdmin)).status, 200);
    const short = await generate(schedule.id, { through: '2026-03-25' });
    assert.deepEqual([short.from, short.through, short.created], ['2026-03-20', '2026-03-25', 1]);
    const capped = await generate(schedule.id, { through: '2026-12-31' });
    assert.deepEqual([capped.from, capped.through, capped.created, capped.existing], ['2026-03-20', '2026-04-15', 3, 1]);
    assert.deepEqual(await occurrenceDates(schedule.id), ['2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12']);
  });

  it('moves `through` with iVolunteerSchedulingHorizonWeeks', async () => {
    const world = await newWorld();
    await withHorizon(2, async () => {
      const { schedule, generated } = await create(world.ministry.id, body(world.teamId, world.title));
      assert.equal(generated!.through, '2026-03-18');
      assert.equal(generated!.created, 2);
      assert.equal(schedule.horizonWeeks, 2);
      assert.equal(schedule.generateThrough, '2026-03-18');
      await setHorizon(4);
      const wider = await generate(schedule.id);
      assert.deepEqual([wider.through, wider.created, wider.existing], ['2026-04-01', 2, 2]);
      const read = await readSchedule(schedule.id);
      assert.equal(read.horizonWeeks, 4);
      assert.equal(read.generateThrough, '2026-04-01');
      const capped = await generate(schedule.id, { through: '2026-12-31' });
      assert.equal(capped.through, '2026-04-01');
    });
  });

  it('starts at today when the clock moves past windowStart, and says noEvents when nothing is in the window', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    await withClock('2026-03-18T15:00:00Z', async () => {
      const run = await generate(schedule.id);
      assert.equal(run.from, '2026-03-18');
      assert.equal(run.through, '2026-05-13');
      assert.equal(run.created, 0);
      assert.equal(run.existing, 6);
    });
    const empty = await generate(schedule.id, { through: '2026-03-06' });
    assert.deepEqual([empty.created, empty.existing, empty.noEvents], [0, 0, true]);
  });

  it('answers 409 for an inactive schedule', async () => {
    const world = await newWorld();
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { active: false }));
    assertError(await server.post(`${V}/schedules/${schedule.id}/generate`, {}, asAdmin), 409, 'This schedule is inactive. Reactivate it to generate its occurrences.');
    assert.deepEqual(await occurrenceDates(schedule.id), []);
  });

  it('answers 404 for an unknown schedule and 403 to a leader of another team', async () => {
    const world = await newWorld();
    const secondTeam = await newTeam(world.ministry.id);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    assertError(await server.post(`${V}/schedules/987654/generate`, {}, asAdmin), 404, 'Schedule not found');
    const stranger = await newLeader(secondTeam);
    assertError(await server.post(`${V}/schedules/${schedule.id}/generate`, {}, as(stranger)), 403);
  });

  it('saves body defaults first (in order, [] clears, an omitted position keeps its own, counts unchanged)', async () => {
    const world = await newWorld();
    const second = await newPosition(world.ministry.id, world.teamId);
    await qualify(second, world.ben);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 3 }, { positionId: second, minCount: 1, defaults: [{ personId: world.ben }] }],
    }));
    await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.ben }, { personId: world.anna }] }] });
    let needs = await readNeeds(schedule.id);
    assert.deepEqual(needs.map((n) => n.positionId), [world.position, second].sort((a, b) => a - b));
    const first = () => needs.find((n) => n.positionId === world.position)!;
    const other = () => needs.find((n) => n.positionId === second)!;
    assert.deepEqual(first().defaults.map((d) => d.personId), [world.ben, world.anna]);
    assert.deepEqual([first().minCount, first().maxCount], [1, 3]);
    assert.deepEqual(other().defaults.map((d) => d.personId), [world.ben]);
    assert.equal(first().defaults[0].setBy, admin.personId);

    await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }, { personId: world.ben }] }] });
    needs = await readNeeds(schedule.id);
    assert.deepEqual(first().defaults.map((d) => d.personId), [world.anna, world.ben]);

    await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [] }] });
    needs = await readNeeds(schedule.id);
    assert.deepEqual(first().defaults, []);
    assert.deepEqual(other().defaults.map((d) => d.personId), [world.ben]);
    assert.deepEqual([first().minCount, first().maxCount, other().minCount, other().maxCount], [1, 3, 1, null]);
  });

  it('assigns new defaults only on the occurrences this run created, never on earlier ones', async () => {
    const world = await newWorld();
    await withHorizon(2, async () => {
      const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1, maxCount: 2 }] }));
      const saved = await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }] });
      assert.deepEqual([saved.created, saved.existing, saved.assigned], [0, 2, 0]);
      assert.deepEqual(await assignmentsOf(schedule.id), []);
      await setHorizon(4);
      const wider = await generate(schedule.id);
      assert.deepEqual([wider.created, wider.assigned], [2, 2]);
      const rows = await assignmentsOf(schedule.id);
      assert.deepEqual(rows.map((r) => [String(r.occurrence_date).slice(0, 10), r.person_id]), [[SUNDAYS[2], world.anna], [SUNDAYS[3], world.anna]]);
    });
    await withClock('2026-03-25T15:00:00Z', async () => {
      const later = await generate((await db().selectFrom('schedules').select('id').where('ministry_id', '=', world.ministry.id).executeTakeFirstOrThrow()).id);
      assert.equal(later.created, 4, 'the clock brings in 04-05 .. 04-26 with the default horizon');
      assert.equal(later.assigned, 4);
    });
  });

  it('records the person who set a default as assigner, even when someone else runs the generation', async () => {
    const world = await newWorld();
    const leader = await newLeader(world.teamId);
    await withHorizon(1, async () => {
      const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1 }] }));
      const saved = await server.post(`${V}/schedules/${schedule.id}/generate`, { accepted: true, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }] }, as(leader));
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.assigned, 0);
      const [need] = await readNeeds(schedule.id);
      assert.equal(need.defaults[0].setBy, leader.personId);
      await setHorizon(2);
      const run = await generate(schedule.id);
      assert.deepEqual([run.created, run.assigned], [1, 1]);
      const [row] = await assignmentsOf(schedule.id);
      assert.deepEqual([row.person_id, row.status, row.assigned_by_person_id], [world.anna, 'accepted', leader.personId]);
      const responses = await db().selectFrom('responses').selectAll().where('assignment_id', '=', row.id).execute();
      assert.deepEqual(responses.map((r) => [r.response, r.channel, r.person_id]), [['accepted', 'coordinator', leader.personId]]);
    });
  });

  it('saves an unqualified default, reads it back qualified:false, skips it and counts it in `unqualified`', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[2] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 2 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, asAdmin);
    const run = await generate(schedule.id, { requirements: [{ positionId: world.position, defaults: [{ personId: world.carl }, { personId: world.anna }] }] });
    assert.deepEqual([run.created, run.assigned, run.unqualified, run.skipped], [3, 3, 3, 0]);
    const [need] = await readNeeds(schedule.id);
    assert.deepEqual(need.defaults.map((d) => [d.personId, d.qualified]), [[world.carl, false], [world.anna, true]]);
    assert.ok((await assignmentsOf(schedule.id)).every((r) => r.person_id === world.anna));
  });

  it('assigns no more defaults than Max; the rest are skipped', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 2, defaults: [{ personId: world.anna }, { personId: world.ben }] }], active: false,
    }));
    // A stored plan whose Max sits below its defaults (written before the check existed).
    await db().updateTable('requirements').set({ max_count: 1 }).where('schedule_id', '=', schedule.id).execute();
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, asAdmin);
    const run = await generate(schedule.id);
    assert.deepEqual([run.created, run.assigned, run.skipped, run.unqualified], [2, 2, 2, 0]);
    assert.deepEqual((await assignmentsOf(schedule.id)).map((r) => r.person_id), [world.anna, world.anna]);
  });

  it('skips a default on an occurrence created already over (an event earlier today)', async () => {
    const world = await newWorld();
    const title = unique('Early');
    await newEvent(title, TODAY, { Start: `${TODAY} 07:00:00`, End: `${TODAY} 08:00:00` });
    await newEvent(title, SUNDAYS[0]);
    const { generated, schedule } = await create(world.ministry.id, body(world.teamId, title, {
      requirements: [{ positionId: world.position, minCount: 1, defaults: [{ personId: world.anna }] }],
    }));
    assert.deepEqual([generated!.created, generated!.assigned, generated!.skipped], [2, 1, 1]);
    assert.deepEqual((await assignmentsOf(schedule.id)).map((r) => String(r.occurrence_date).slice(0, 10)), [SUNDAYS[0]]);
  });

  it('refuses more defaults than Max, the same person twice, a position outside the needs and top-level defaults (400), an unknown person (404); nothing saved', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[0] });
    const outside = await newPosition(world.ministry.id, world.teamId);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: world.position, minCount: 1, maxCount: 2, defaults: [{ personId: world.ben }] }],
    }));
    const url = `${V}/schedules/${schedule.id}/generate`;
    const three = [{ personId: world.anna }, { personId: world.ben }, { personId: world.carl }];
    const tooMany = await server.post(url, { requirements: [{ positionId: world.position, defaults: three }] }, asAdmin);
    assertError(tooMany, 400, 'Max is 2 but 3 default volunteers are chosen. Remove one or raise Max.');
    const twice = await server.post(url, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }, { personId: world.anna }] }] }, asAdmin);
    assert.equal(twice.status, 400);
    assert.ok(twice.body.message.includes('the same person is chosen twice'), twice.body.message);
    assertError(await server.post(url, { requirements: [{ positionId: outside, defaults: [{ personId: world.anna }] }] }, asAdmin), 400);
    assertError(await server.post(url, { requirements: [{ positionId: world.position, defaults: [{ personId: 987654 }] }] }, asAdmin), 404);
    assertError(await server.post(url, { requirements: { positionId: world.position } }, asAdmin), 400, 'The staffing needs must be a list');
    assertError(await server.post(url, { through: '2026-13-01' }, asAdmin), 400);
    for (const field of ['defaults', 'defaultPersonId', 'defaultAccepted']) {
      const answer = await server.post(url, { [field]: field === 'defaults' ? [{ personId: world.anna }] : field === 'defaultPersonId' ? world.anna : true }, asAdmin);
      assert.equal(answer.status, 400, `${field}: ${JSON.stringify(answer.body)}`);
      assert.ok(answer.body.message.includes(field), answer.body.message);
    }
    // A valid first item does not slip through when a later one fails.
    const mixed = await server.post(url, { requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }, { positionId: outside, defaults: [] }] }, asAdmin);
    assert.equal(mixed.status, 400);
    const [need] = await readNeeds(schedule.id);
    assert.deepEqual(need.defaults.map((d) => d.personId), [world.ben]);
  });

  it('accepted:true (top level) makes accepted assignments with a coordinator-channel response and no assignment message', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 1 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, asAdmin);
    const run = await generate(schedule.id, { accepted: true, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }] }] });
    assert.equal(run.assigned, 2);
    const rows = await assignmentsOf(schedule.id);
    assert.deepEqual(rows.map((r) => r.status), ['accepted', 'accepted']);
    assert.ok(rows.every((r) => r.assigned_by_person_id === admin.personId));
    const ids = rows.map((r) => r.id);
    const responses = await db().selectFrom('responses').selectAll().where('assignment_id', 'in', ids).execute();
    assert.equal(responses.length, 2);
    assert.ok(responses.every((r) => r.response === 'accepted' && r.channel === 'coordinator' && r.person_id === admin.personId), JSON.stringify(responses));
    const messages = await db().selectFrom('notifications').selectAll().where('assignment_id', 'in', ids).where('type', '=', 'assignment').execute();
    assert.deepEqual(messages, []);
    const [need] = await readNeeds(schedule.id);
    assert.equal(need.defaults[0].accepted, true);
  });

  it('a per-default accepted:true wins over a top-level accepted:false', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[0] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 2 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, asAdmin);
    await generate(schedule.id, { accepted: false, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna, accepted: true }, { personId: world.ben }] }] });
    const rows = await assignmentsOf(schedule.id);
    assert.deepEqual(rows.map((r) => [r.person_id, r.status]), [[world.anna, 'accepted'], [world.ben, 'pending']]);
  });

  it('accepted:false makes pending assignments and queues one `assignment` message each', async () => {
    const world = await newWorld({ seriesEnd: SUNDAYS[1] });
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, { requirements: [{ positionId: world.position, minCount: 2 }], active: false }));
    await server.post(`${V}/schedules/${schedule.id}`, { active: true }, asAdmin);
    await generate(schedule.id, { accepted: false, requirements: [{ positionId: world.position, defaults: [{ personId: world.anna }, { personId: world.ben }] }] });
    const rows = await assignmentsOf(schedule.id);
    assert.equal(rows.length, 4);
    assert.ok(rows.every((r) => r.status === 'pending'));
    const messages = await db().selectFrom('notifications').selectAll().where('assignment_id', 'in', rows.map((r) => r.id)).execute();
    assert.equal(messages.length, 4);
    for (const row of rows) {
      const mine = messages.filter((m) => m.assignment_id === row.id);
      assert.equal(mine.length, 1);
      assert.equal(mine[0].type, 'assignment');
      assert.equal(mine[0].person_id, row.person_id);
      assert.equal(mine[0].dedupe_key, `assignment:${row.id}:${row.person_id}`);
    }
    const responses = await db().selectFrom('responses').selectAll().where('assignment_id', 'in', rows.map((r) => r.id)).execute();
    assert.deepEqual(responses, []);
  });
});

describe('GET /api/ministries/schedules/{id}/eligible', () => {
  it('answers the qualified people of a position of the schedule\'s team; 400 without a position or for another team\'s position', async () => {
    const world = await newWorld();
    const secondTeam = await newTeam(world.ministry.id);
    const elsewhere = await newPosition(world.ministry.id, secondTeam);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title));
    const url = `${V}/schedules/${schedule.id}/eligible`;
    const answer = await server.get(url, { ...asAdmin, query: { positionId: String(world.position) } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.people.map((p: { personId: number }) => p.personId).sort(), [world.anna, world.ben].sort());
    assert.ok(answer.body.people.every((p: Record<string, unknown>) => p.conflictPositionId === null && p.conflictPositionName === null));
    assertError(await server.get(url, asAdmin), 400, 'A position is required');
    assertError(await server.get(url, { ...asAdmin, query: { positionId: 'abc' } }), 400, 'A position is required');
    assertError(await server.get(url, { ...asAdmin, query: { positionId: String(elsewhere) } }), 400, 'Position not found');
    assertError(await server.get(url, { ...asAdmin, query: { positionId: '987654' } }), 400, 'Position not found');
    assertError(await server.get(url, { ...asAdmin, query: { positionId: '999999999999' } }), 400, 'Position not found');
    assertError(await server.get(url, { ...asAdmin, query: { positionId: '1234567890123456' } }), 400, 'Position not found');
    const anna = await server.get(url, { ...asAdmin, query: { positionId: String(world.position), q: 'Anna' } });
    assert.equal(anna.status, 200, JSON.stringify(anna.body));
    assert.deepEqual(anna.body.people.map((p: { personId: number }) => p.personId), [world.anna]);
  });
});

describe('GET and POST /api/ministries/schedules/{id}/requirements', () => {
  it('upserts one need (201 new, 200 updated), lists needs by position, and refuses a Max below the stored defaults', async () => {
    const world = await newWorld();
    const second = await newPosition(world.ministry.id, world.teamId);
    const { schedule } = await create(world.ministry.id, body(world.teamId, world.title, {
      requirements: [{ positionId: second, minCount: 2, defaults: [{ personId: world.anna }, { personId: world.ben }] }],
    }));
    const url = `${V}/schedules/${schedule.id}/requirements`;
    const created = await server.post(url, { positionId: world.position, minCount: 1, maxCount: 2, notes: 'Bring keys' }, asAdmin);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.requirement.notes, 'Bring keys');
    const updated = await server.post(url, { positionId: world.position, minCount: 2, maxCount: 3 }, asAdmin);
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.requirement.id, created.body.requirement.id);
    const needs = await readNeeds(schedule.id);
    assert.deepEqual(needs.map((n) => n.positionId), [world.position, second].sort((a, b) => a - b));
    assertError(await server.post(url, { positionId: second, minCount: 1, maxCount: 1 }, asAdmin), 400, 'Max is 1 but 2 default volunteers are chosen. Remove one or raise Max.');
    assertError(await server.post(url, { positionId: world.position }, asAdmin), 400, 'A minimum count is required');
    assertError(await server.post(url, { positionId: world.position, minCount: 3, maxCount: 2 }, asAdmin), 400);
    assertError(await server.get(`${V}/schedules/987654/requirements`, asAdmin), 404, 'Schedule not found');
  });
});
