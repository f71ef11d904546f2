import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../../src/domain/domain-events.js';
import type { CreatedMinistryEventsView, MinistryEventListView } from '../../src/http/schemas/ministry-events.schemas.js';
import {
  newPerson, as, expectError, useServer, useUser, unique, newMinistry, newTeam, newPosition, qualify, newCoordinator,
  newTeamLeader, useOtherEventType, countRows, removeAssignment, storedRows, assignVolunteer,
} from '../kit/index.js';

// The test clock stands at 2026-03-04 10:00 in the church's time zone (a Wednesday); the horizon is 8 weeks.
const server = useServer();
const admin = useUser(server, ['admin']);
const otherType = useOtherEventType(server);

const V = '/api/ministries';

type CreatedEvent = CreatedMinistryEventsView['events'][number];

interface Ministry { id: number; name: string; poolGroupId: number; calendarId: number; teamId: number }

async function newGroup(body: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const name = unique('Class');
  const answer = await server.post('/api/groups/', { groupName: name, ...body }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { id: answer.body.Id, name };
}

async function newChurchCalendar(): Promise<{ id: number; name: string }> {
  const name = unique('Calendar');
  const answer = await server.post('/api/calendars', { Name: name }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { id: answer.body.Id, name };
}

/** E2 as the given caller. */
function createEvents(ministryId: number, body: Record<string, unknown>, options: { key?: string } = as(admin)) {
  return server.post(`${V}/ministries/${ministryId}/events`, body, options);
}

/** One event of the ministry on `date` through E2. */
async function newEvent(ministryId: number, date: string, fields: Record<string, unknown> = {}): Promise<CreatedEvent> {
  const answer = await createEvents(ministryId, { title: unique('Service'), eventTypeId: otherType.id, date, startTime: '09:00', endTime: '10:30', ...fields });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  assert.equal(answer.body.events.length, 1);
  return answer.body.events[0];
}

async function listEvents(ministryId: number, query: Record<string, string> = {}, options: { key?: string } = as(admin)) {
  const answer = await server.get(`${V}/ministries/${ministryId}/events`, { ...options, query });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as MinistryEventListView;
}

async function coreEvent(eventId: number) {
  return server.get(`/api/events/${eventId}`, as(admin));
}

async function newSchedule(ministryId: number, body: Record<string, unknown>) {
  const answer = await server.post(`${V}/ministries/${ministryId}/schedules`, { name: unique('Schedule'), linkMode: 'ministry', ...body }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.schedule as { id: number; windowStart: string; windowEnd: string | null; teamId: number };
}

async function readSchedule(scheduleId: number) {
  const answer = await server.get(`${V}/schedules/${scheduleId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.schedule as { id: number; windowStart: string; windowEnd: string | null };
}

async function occurrencesOf(scheduleId: number) {
  const rows = await storedRows(server, 'occurrences', { schedule_id: scheduleId });
  return rows.map(({ id, event_id, occurrence_date }) => ({ id, event_id, occurrence_date })).sort((a, b) => a.occurrence_date.localeCompare(b.occurrence_date));
}

async function occurrenceOn(scheduleId: number, eventId: number): Promise<number> {
  const [row] = await storedRows(server, 'occurrences', { schedule_id: scheduleId, event_id: eventId });
  assert.ok(row, `the schedule has an occurrence on event ${eventId}`);
  return row.id;
}

async function assigneesOf(occurrenceId: number): Promise<number[]> {
  return (await storedRows(server, 'assignments', { occurrence_id: occurrenceId })).map((row) => row.person_id);
}

/** One other-ministry occurrence on the event, staffed through "Staff this event". */
async function staffEventFrom(ministry: Ministry, eventId: number, positionId: number): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministry.id}/staffed-events`, {
    eventId, teamId: ministry.teamId, requirements: [{ positionId, minCount: 3 }],
  }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.occurrence.id;
}

const eventCount = () => countRows(server, 'events');

/** The event.created events published while `work` runs. */
async function createdDuring(work: () => Promise<void>): Promise<number[]> {
  const seen: number[] = [];
  const stop = server.app.services.publisher.subscribe((event: DomainEvent) => {
    if (event.type === 'event.created') seen.push(event.eventId);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

const byId = (a: number, b: number) => a - b;

describe('GET /api/ministries/ministries/{id}/events (E1)', () => {
  it('lists the year from today soonest first by default', async () => {
    const ministry = await newMinistry(server);
    const yesterday = await newEvent(ministry.id, '2026-03-03');
    const today = await newEvent(ministry.id, '2026-03-04');
    const lastDay = await newEvent(ministry.id, '2027-03-04');
    const tooLate = await newEvent(ministry.id, '2027-03-05');
    const june = await newEvent(ministry.id, '2026-06-01');
    const answer = await listEvents(ministry.id);
    assert.deepEqual(answer.events.map((e) => e.id), [today.id, june.id, lastDay.id]);
    assert.ok(!answer.events.some((e) => e.id === yesterday.id || e.id === tooLate.id));
    assert.equal(answer.from, '2026-03-04');
    assert.equal(answer.to, '2027-03-04');
    assert.equal(answer.past, false);
    assert.equal(answer.limit, 500);
    assert.equal(answer.capped, false);
  });

  it('lists the year before today up to yesterday newest first with past=1', async () => {
    const ministry = await newMinistry(server);
    await newEvent(ministry.id, '2025-03-03');
    const first = await newEvent(ministry.id, '2025-03-04');
    const middle = await newEvent(ministry.id, '2025-09-10');
    const yesterday = await newEvent(ministry.id, '2026-03-03');
    await newEvent(ministry.id, '2026-03-04');
    const answer = await listEvents(ministry.id, { past: '1' });
    assert.deepEqual(answer.events.map((e) => e.id), [yesterday.id, middle.id, first.id]);
    assert.equal(answer.from, '2025-03-04');
    assert.equal(answer.to, '2026-03-03');
    assert.equal(answer.past, true);
  });

  it('lets from and to each override only their own bound', async () => {
    const ministry = await newMinistry(server);
    const march = await newEvent(ministry.id, '2026-03-10');
    const may = await newEvent(ministry.id, '2026-05-10');
    const late = await newEvent(ministry.id, '2027-03-01');
    const fromOnly = await listEvents(ministry.id, { from: '2026-04-01' });
    assert.deepEqual([fromOnly.from, fromOnly.to], ['2026-04-01', '2027-03-04']);
    assert.deepEqual(fromOnly.events.map((e) => e.id), [may.id, late.id]);
    const toOnly = await listEvents(ministry.id, { to: '2026-04-01' });
    assert.deepEqual([toOnly.from, toOnly.to], ['2026-03-04', '2026-04-01']);
    assert.deepEqual(toOnly.events.map((e) => e.id), [march.id]);
    const pastFrom = await listEvents(ministry.id, { past: '1', from: '2025-12-01' });
    assert.deepEqual([pastFrom.from, pastFrom.to], ['2025-12-01', '2026-03-03']);
  });

  it('refuses a bad date with 400', async () => {
    const ministry = await newMinistry(server);
    const queries: Array<Record<string, string>> = [{ from: '2026-02-30' }, { to: 'tomorrow' }, { from: '2026-3-1' }, { from: '2026-03-04T00:00:00.000Z' }];
    for (const query of queries) {
      expectError(await server.get(`${V}/ministries/${ministry.id}/events`, { ...as(admin), query }), 400, 'Dates must be in YYYY-MM-DD form');
    }
  });

  it('refuses a window that ends before it starts with 400', async () => {
    const ministry = await newMinistry(server);
    const url = `${V}/ministries/${ministry.id}/events`;
    expectError(await server.get(url, { ...as(admin), query: { from: '2026-05-01', to: '2026-04-30' } }), 400, 'The window ends before it starts');
    expectError(await server.get(url, { ...as(admin), query: { past: '1', from: '2026-03-10' } }), 400, 'The window ends before it starts');
  });

  it("includes inactive events and leaves out other ministries' events", async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const active = await newEvent(ministry.id, '2026-03-20');
    const inactive = await newEvent(ministry.id, '2026-03-21');
    const foreign = await newEvent(other.id, '2026-03-20');
    const edit = await server.post(`${V}/ministries/${ministry.id}/events/${inactive.id}`, { active: false }, as(admin));
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    const answer = await listEvents(ministry.id);
    assert.deepEqual(answer.events.map((e) => [e.id, e.inactive]), [[active.id, false], [inactive.id, true]]);
    assert.ok(!answer.events.some((e) => e.id === foreign.id));
  });

  it('describes each event with its type, calendars, Linked Groups and headcount', async () => {
    const ministry = await newMinistry(server);
    const group = await newGroup({ isSundaySchool: true });
    const counted = await newEvent(ministry.id, '2026-03-22', { linkedGroupId: group.id });
    const uncounted = await newEvent(ministry.id, '2026-03-23');
    const counts = await server.put(`/api/events/${counted.id}/attendance-counts`, { counts: [{ name: 'Adults', count: 12 }, { name: 'Children', count: 5 }] }, as(admin));
    assert.equal(counts.status, 200, JSON.stringify(counts.body));
    const calendar = await server.get(`/api/calendars/${ministry.calendarId}`, as(admin));
    const calendarName = (Array.isArray(calendar.body) ? calendar.body[0] : calendar.body).Name;
    const [first, second] = (await listEvents(ministry.id)).events;
    assert.deepEqual(first, {
      id: counted.id,
      title: counted.title,
      start: counted.start,
      end: counted.end,
      eventTypeId: otherType.id,
      eventTypeName: 'Other',
      inactive: false,
      calendars: [{ id: ministry.calendarId, name: calendarName }],
      linkedGroups: [{ id: group.id, name: group.name }],
      headcount: { recorded: true, total: 17 },
      otherStaffing: [],
      staffing: [],
    });
    assert.equal(second.id, uncounted.id);
    assert.deepEqual(second.headcount, { recorded: false, total: 0 });
    assert.deepEqual(second.linkedGroups, []);
    const cleared = await server.put(`/api/events/${counted.id}/attendance-counts`, { counts: [] }, as(admin));
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.deepEqual((await listEvents(ministry.id)).events[0].headcount, { recorded: false, total: 0 });
  });

  it('gives each team its staffing with the one gap derivation and a status', async () => {
    const ministry = await newMinistry(server);
    const secondTeam = (await newTeam(server, ministry.id)).id;
    const thirdTeam = (await newTeam(server, ministry.id)).id;
    const usher = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const singer = (await newPosition(server, ministry.id, secondTeam)).id;
    const event = await newEvent(ministry.id, '2026-03-20');
    const ushers = await newSchedule(ministry.id, {
      titleFilter: event.title, teamId: ministry.teamId, windowStart: '2026-03-01', requirements: [{ positionId: usher, minCount: 2, maxCount: 3 }],
    });
    const singers = await newSchedule(ministry.id, {
      titleFilter: event.title, teamId: secondTeam, windowStart: '2026-03-01', requirements: [{ positionId: singer, minCount: 1 }],
    });
    await newSchedule(ministry.id, { titleFilter: event.title, teamId: thirdTeam, windowStart: '2026-03-01', requirements: [] });
    const usherOccurrence = await occurrenceOn(ushers.id, event.id);
    const singerOccurrence = await occurrenceOn(singers.id, event.id);
    await assignVolunteer(server, usherOccurrence, usher, 'accepted');
    await assignVolunteer(server, usherOccurrence, usher, 'pending');
    await assignVolunteer(server, usherOccurrence, usher, 'declined');

    const staffing = (await listEvents(ministry.id)).events[0].staffing;
    const byTeam = new Map(staffing.map((s) => [s.teamId, s]));
    assert.deepEqual([...byTeam.keys()].sort(byId), [ministry.teamId, secondTeam, thirdTeam].sort(byId));
    const { teamName: _name, ...usherFigures } = byTeam.get(ministry.teamId)!;
    assert.deepEqual(usherFigures, {
      teamId: ministry.teamId, occurrenceIds: [usherOccurrence], needed: 2, filled: 2, pending: 1, gap: 0, openCount: 1, capacity: 3, requirementCount: 1, status: 'pending',
    });
    const singerFigures = byTeam.get(secondTeam)!;
    assert.deepEqual([singerFigures.needed, singerFigures.filled, singerFigures.pending, singerFigures.gap, singerFigures.openCount, singerFigures.capacity, singerFigures.status],
      [1, 0, 0, 1, 1, 1, 'gap']);
    const unplanned = byTeam.get(thirdTeam)!;
    assert.equal(unplanned.requirementCount, 0);
    assert.equal(unplanned.status, 'unplanned');

    await assignVolunteer(server, singerOccurrence, singer, 'accepted');
    const after = (await listEvents(ministry.id)).events[0].staffing.find((s) => s.teamId === secondTeam)!;
    assert.deepEqual([after.filled, after.gap, after.status], [1, 0, 'filled']);
  });

  it('lists other ministries staffing the event with their pending and accepted volunteers', async () => {
    const ministry = await newMinistry(server);
    const helper = await newMinistry(server);
    const position = (await newPosition(server, helper.id, helper.teamId)).id;
    const event = await newEvent(ministry.id, '2026-03-25');
    const occurrence = await staffEventFrom(helper, event.id, position);
    await assignVolunteer(server, occurrence, position, 'accepted');
    await assignVolunteer(server, occurrence, position, 'pending');
    await assignVolunteer(server, occurrence, position, 'declined');
    const [listed] = (await listEvents(ministry.id)).events;
    assert.deepEqual(listed.otherStaffing, [{ ministryId: helper.id, ministryName: helper.name, assigned: 2 }]);
    assert.deepEqual(listed.staffing, []);
  });

  it('answers 404 for an unknown ministry and 403 for a coordinator of another one', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    expectError(await server.get(`${V}/ministries/999999/events`, as(admin)), 404, 'Ministry not found');
    const outsider = await newCoordinator(server, other.id);
    expectError(await server.get(`${V}/ministries/${ministry.id}/events`, as(outsider)), 403, 'Not authorized for this ministry');
    const coordinator = await newCoordinator(server, ministry.id);
    assert.equal((await server.get(`${V}/ministries/${ministry.id}/events`, as(coordinator))).status, 200);
  });
});

describe('POST /api/ministries/ministries/{id}/events (E2)', () => {
  const base = () => ({ title: unique('Rehearsal'), eventTypeId: otherType.id, startTime: '18:30', endTime: '20:00' });

  it('creates one event owned by the ministry and answers 201 with events only', async () => {
    const ministry = await newMinistry(server);
    const group = await newGroup();
    const body = { ...base(), date: '2026-04-02', linkedGroupId: group.id, description: 'Bring music' };
    const answer = await createEvents(ministry.id, body);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(Object.keys(answer.body), ['events']);
    assert.equal(answer.body.events.length, 1);
    const [event] = answer.body.events;
    assert.deepEqual(Object.keys(event).sort(), ['end', 'id', 'start', 'title']);
    assert.equal(event.title, body.title);
    assert.match(event.start, /^2026-04-02[ T]18:30/);
    assert.match(event.end, /^2026-04-02[ T]20:00/);
    const core = await coreEvent(event.id);
    assert.equal(core.status, 200);
    assert.equal(core.body.MinistryId, ministry.id);
    assert.equal(core.body.LinkedGroupId, group.id);
    assert.equal(core.body.Type, otherType.id);
  });

  it('creates a weekly series on the named weekday, ignoring case', async () => {
    const ministry = await newMinistry(server);
    const answer = await createEvents(ministry.id, { ...base(), recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: '2026-03-01', rangeEnd: '2026-03-31' });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.events.map((e: CreatedEvent) => e.start.slice(0, 10)), ['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']);
    for (const event of answer.body.events) assert.equal((await coreEvent(event.id)).body.MinistryId, ministry.id);
  });

  it('creates a monthly series that uses the last day of shorter months', async () => {
    const ministry = await newMinistry(server);
    const answer = await createEvents(ministry.id, { ...base(), recurrence: { type: 'monthly', dom: 31 }, rangeStart: '2026-01-01', rangeEnd: '2026-04-30' });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.events.map((e: CreatedEvent) => e.start.slice(0, 10)), ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('creates a yearly series on MM-DD', async () => {
    const ministry = await newMinistry(server);
    const answer = await createEvents(ministry.id, { ...base(), recurrence: { type: 'yearly', doy: '07-04' }, rangeStart: '2026-01-01', rangeEnd: '2028-12-31' });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.events.map((e: CreatedEvent) => e.start.slice(0, 10)), ['2026-07-04', '2027-07-04', '2028-07-04']);
  });

  it('refuses each invalid field with its 400 message', async () => {
    const ministry = await newMinistry(server);
    const single = { ...base(), date: '2026-04-02' };
    const series = { ...base(), recurrence: { type: 'weekly', dow: 'monday' }, rangeStart: '2026-04-01', rangeEnd: '2026-04-30' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...single, title: undefined }, 'An event title is required'],
      [{ ...single, title: '   ' }, 'An event title is required'],
      [{ ...single, title: 'x'.repeat(256) }, 'The event title is too long'],
      [{ ...single, eventTypeId: undefined }, 'Choose an existing event type'],
      [{ ...single, eventTypeId: 999999 }, 'Choose an existing event type'],
      [{ ...single, eventTypeId: 1.5 }, 'Choose an existing event type'],
      [{ ...single, eventTypeId: 2147483648 }, 'Choose an existing event type'],
      [{ ...single, endTime: '18:30' }, 'The event must end after it starts'],
      [{ ...single, endTime: '17:00' }, 'The event must end after it starts'],
      [{ ...single, description: 'd'.repeat(256) }, 'The description is too long'],
      [{ ...single, linkedGroupId: 999999 }, 'The class does not exist'],
      [{ ...single, linkedGroupId: 1.5 }, 'The class does not exist'],
      [{ ...single, linkedGroupId: 2147483648 }, 'The class does not exist'],
      [{ ...single, calendarIds: 'all' }, 'calendarIds must be a list of calendar ids'],
      [{ ...single, calendarIds: [0] }, 'calendarIds must be a list of calendar ids'],
      [{ ...single, calendarIds: [2147483648] }, 'calendarIds must be a list of calendar ids'],
      [{ ...single, calendarIds: [999999] }, 'One of the calendars does not exist'],
      [{ ...single, date: undefined }, 'Choose the date of the event'],
      [{ ...single, date: '2026-02-30' }, 'Dates must be in YYYY-MM-DD form'],
      [{ ...series, rangeStart: undefined }, 'Choose the first date'],
      [{ ...series, rangeEnd: undefined }, 'Choose the last date'],
      [{ ...series, rangeEnd: '2026-03-31' }, 'The last date is before the first date'],
      [{ ...series, recurrence: { type: 'daily' } }, 'Choose weekly, monthly or yearly'],
      [{ ...series, recurrence: {} }, 'Choose weekly, monthly or yearly'],
      [{ ...series, recurrence: { type: 'weekly', dow: 'Funday' } }, 'Choose the day of the week'],
      [{ ...series, recurrence: { type: 'weekly' } }, 'Choose the day of the week'],
      [{ ...series, recurrence: { type: 'monthly', dom: 0 } }, 'Choose a day of the month from 1 to 31'],
      [{ ...series, recurrence: { type: 'monthly', dom: 32 } }, 'Choose a day of the month from 1 to 31'],
      [{ ...series, recurrence: { type: 'yearly', doy: '02-30' } }, 'Choose the date each year as MM-DD'],
      [{ ...series, recurrence: { type: 'yearly', doy: '2026-07-04' } }, 'Choose the date each year as MM-DD'],
      [{ ...series, recurrence: { type: 'weekly', dow: 'sunday' }, rangeStart: '2026-04-06', rangeEnd: '2026-04-11' }, 'No date between the first and last date matches the recurrence'],
      [{ ...single, staff: null }, 'Staffing is set up after the events are created'],
      [{ ...single, staff: { teamId: ministry.teamId } }, 'Staffing is set up after the events are created'],
    ];
    const before = await eventCount();
    for (const [body, message] of cases) {
      expectError(await createEvents(ministry.id, body), 400, message);
    }
    assert.equal(await eventCount(), before);
  });

  it('refuses a series of more than 366 events and writes nothing', async () => {
    const ministry = await newMinistry(server);
    const before = await eventCount();
    const answer = await createEvents(ministry.id, { ...base(), recurrence: { type: 'weekly', dow: 'sunday' }, rangeStart: '2026-01-01', rangeEnd: '2033-12-31' });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.match(answer.body.message, /366/);
    assert.equal(await eventCount(), before);
  });

  it('accepts a series of exactly 366 events', async () => {
    const ministry = await newMinistry(server);
    // 366 consecutive Sundays from 2026-03-01.
    const answer = await createEvents(ministry.id, { ...base(), recurrence: { type: 'weekly', dow: 'sunday' }, rangeStart: '2026-03-01', rangeEnd: '2033-03-05' });
    assert.equal(answer.status, 201, JSON.stringify(answer.body).slice(0, 300));
    assert.equal(answer.body.events.length, 366);
  });

  it("pins the ministry's own calendar by default", async () => {
    const ministry = await newMinistry(server);
    const event = await newEvent(ministry.id, '2026-04-05');
    const [listed] = (await listEvents(ministry.id)).events;
    assert.equal(listed.id, event.id);
    assert.deepEqual(listed.calendars.map((c) => c.id), [ministry.calendarId]);
  });

  it('refuses a coordinator a church calendar not opened to the ministry, with nothing written', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const calendar = await newChurchCalendar();
    const before = await eventCount();
    const answer = await createEvents(ministry.id, {
      ...base(), recurrence: { type: 'weekly', dow: 'friday' }, rangeStart: '2026-04-01', rangeEnd: '2026-04-30', calendarIds: [ministry.calendarId, calendar.id],
    }, as(coordinator));
    expectError(answer, 403, `Not authorized to pin events to the calendar "${calendar.name}"`);
    assert.equal(await eventCount(), before);
  });

  it('lets a coordinator pin a church calendar once it is opened to the ministry', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const calendar = await newChurchCalendar();
    const opened = await server.put(`/api/calendars/${calendar.id}/ministries`, { ministryIds: [ministry.id] }, as(admin));
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    const answer = await createEvents(ministry.id, { ...base(), date: '2026-04-03', calendarIds: [calendar.id] }, as(coordinator));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const [listed] = (await listEvents(ministry.id)).events;
    assert.deepEqual(listed.calendars.map((c) => c.id), [calendar.id]);
  });

  it("refuses a coordinator another ministry's own calendar", async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const answer = await createEvents(ministry.id, { ...base(), date: '2026-04-03', calendarIds: [other.calendarId] }, as(coordinator));
    // A ministry's own calendar carries the ministry's name.
    expectError(answer, 403, `Not authorized to pin events to the calendar "${other.name}"`);
    assert.deepEqual((await listEvents(ministry.id)).events, [], 'nothing was created');
  });

  it('lets an addEvents holder pin any calendar', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id, ['manageMyMinistries', 'addEvents']);
    const calendar = await newChurchCalendar();
    const answer = await createEvents(ministry.id, { ...base(), date: '2026-04-03', calendarIds: [calendar.id] }, as(coordinator));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const [listed] = (await listEvents(ministry.id)).events;
    assert.deepEqual(listed.calendars.map((c) => c.id), [calendar.id], 'the event is pinned to that calendar alone');
  });

  it('emits event.created once per event after the commit', async () => {
    const ministry = await newMinistry(server);
    let created: CreatedEvent[] = [];
    const emitted = await createdDuring(async () => {
      const answer = await createEvents(ministry.id, { ...base(), recurrence: { type: 'weekly', dow: 'tuesday' }, rangeStart: '2026-04-01', rangeEnd: '2026-04-30' });
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      created = answer.body.events;
    });
    assert.equal(created.length, 4);
    assert.deepEqual([...emitted].sort(byId), created.map((e) => e.id).sort(byId));
    const refused = await createdDuring(async () => {
      assert.equal((await createEvents(ministry.id, { ...base(), date: '2026-04-02', staff: [] })).status, 400);
    });
    assert.deepEqual(refused, []);
  });

  it('refuses a team leader with 403', async () => {
    const ministry = await newMinistry(server);
    const leader = await newTeamLeader(server, ministry.teamId, ['manageMyMinistries']);
    expectError(await createEvents(ministry.id, { ...base(), date: '2026-04-02' }, as(leader)), 403, 'Only a coordinator of this ministry may create its events');
  });

  it('answers 404 for an unknown ministry', async () => {
    expectError(await createEvents(999999, { ...base(), date: '2026-04-02' }), 404, 'Ministry not found');
  });
});

describe('POST /api/ministries/ministries/{id}/events/staff (E3)', () => {
  const staff = (ministryId: number, body: unknown, options: { key?: string } = as(admin)) => server.post(`${V}/ministries/${ministryId}/events/staff`, body, options);

  /** A ministry with a qualified default volunteer and a weekly "Youth Night" the schedules follow. */
  async function setup() {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const volunteer = await newPerson(server);
    await qualify(server, position, volunteer.id);
    const title = unique('Youth Night');
    const existing = await newEvent(ministry.id, '2026-03-20', { title });
    return { ministry, position, volunteer, title, existing };
  }

  it('widens the window, generates through the last event and assigns defaults only on new occurrences', async () => {
    const { ministry, position, volunteer, title, existing } = await setup();
    const schedule = await newSchedule(ministry.id, {
      titleFilter: title.toUpperCase(), teamId: ministry.teamId, windowStart: '2026-03-18', windowEnd: '2026-03-25',
      requirements: [{ positionId: position, minCount: 1, maxCount: 2, defaults: [{ personId: volunteer.id }] }],
    });
    const existingOccurrence = await occurrenceOn(schedule.id, existing.id);
    // With its default's assignment removed, the existing occurrence shows that staffing assigns defaults only on new ones.
    for (const { id } of await storedRows(server, 'assignments', { occurrence_id: existingOccurrence })) await removeAssignment(server, id);
    const early = await newEvent(ministry.id, '2026-03-13', { title });
    const late = await newEvent(ministry.id, '2026-04-03', { title: title.toLowerCase() });

    const answer = await staff(ministry.id, { eventIds: [late.id, early.id] });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.schedules.length, 1);
    const [result] = answer.body.schedules;
    assert.equal(result.schedule.id, schedule.id);
    assert.equal(result.widened, true);
    assert.equal(result.schedule.windowStart, '2026-03-13');
    assert.equal(result.schedule.windowEnd, '2026-04-03');
    assert.deepEqual([result.created, result.existing, result.from, result.through, result.assigned, result.skipped, result.unqualified],
      [2, 1, '2026-03-13', '2026-04-03', 2, 0, 0]);
    assert.deepEqual((await occurrencesOf(schedule.id)).map((o) => o.event_id), [early.id, existing.id, late.id]);
    assert.deepEqual(await assigneesOf(await occurrenceOn(schedule.id, early.id)), [volunteer.id]);
    assert.deepEqual(await assigneesOf(await occurrenceOn(schedule.id, late.id)), [volunteer.id]);
    assert.deepEqual(await assigneesOf(existingOccurrence), []);
    const stored = await readSchedule(schedule.id);
    assert.deepEqual([stored.windowStart, stored.windowEnd], ['2026-03-13', '2026-04-03']);
  });

  it('keeps an open end open and never generates past the horizon', async () => {
    const { ministry, position, title } = await setup();
    const schedule = await newSchedule(ministry.id, { titleFilter: title, teamId: ministry.teamId, windowStart: '2026-03-01', requirements: [{ positionId: position, minCount: 1 }] });
    const inRange = await newEvent(ministry.id, '2026-04-24', { title });
    const beyond = await newEvent(ministry.id, '2026-06-05', { title });
    const answer = await staff(ministry.id, { eventIds: [inRange.id, beyond.id] });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const [result] = answer.body.schedules;
    assert.equal(result.widened, false);
    assert.equal(result.schedule.windowStart, '2026-03-01');
    assert.equal(result.schedule.windowEnd, null);
    assert.equal(result.through, '2026-04-29');
    assert.equal(result.created, 1);
    const attached = (await occurrencesOf(schedule.id)).map((o) => o.event_id);
    assert.ok(attached.includes(inRange.id));
    assert.ok(!attached.includes(beyond.id));
  });

  it('moves a set last date on even past the horizon but generates only up to it', async () => {
    const { ministry, title } = await setup();
    const schedule = await newSchedule(ministry.id, { titleFilter: title, teamId: ministry.teamId, windowStart: '2026-03-01', windowEnd: '2026-03-31' });
    const beyond = await newEvent(ministry.id, '2026-06-05', { title });
    const answer = await staff(ministry.id, { eventIds: [beyond.id] });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const [result] = answer.body.schedules;
    assert.equal(result.schedule.id, schedule.id);
    assert.equal(result.widened, true);
    assert.equal(result.schedule.windowEnd, '2026-06-05');
    assert.equal(result.through, '2026-04-29');
    assert.equal(result.created, 0);
  });

  it('runs every following schedule of the ministry in schedule id order and leaves the others alone', async () => {
    const { ministry, title } = await setup();
    const secondTeam = (await newTeam(server, ministry.id)).id;
    const first = await newSchedule(ministry.id, { name: `Zeta ${title}`, titleFilter: title, teamId: ministry.teamId, windowStart: '2026-03-18' });
    const second = await newSchedule(ministry.id, { name: `Alpha ${title}`, titleFilter: title, teamId: secondTeam, windowStart: '2026-03-18' });
    const inactive = await newSchedule(ministry.id, { titleFilter: title, teamId: secondTeam, windowStart: '2026-03-18', active: false });
    const unrelated = await newEvent(ministry.id, '2026-03-20');
    const otherTitle = await newSchedule(ministry.id, { titleFilter: unrelated.title, teamId: ministry.teamId, windowStart: '2026-03-18' });
    const stranger = await newMinistry(server);
    const foreignEvent = await newEvent(stranger.id, '2026-03-21', { title });
    const foreign = await newSchedule(stranger.id, {
      linkMode: 'event_type', eventTypeId: otherType.id, titleFilter: title, teamId: stranger.teamId, windowStart: '2026-03-18',
    });
    const foreignBefore = await occurrencesOf(foreign.id);
    assert.ok(foreignBefore.some((o) => o.event_id === foreignEvent.id));

    const early = await newEvent(ministry.id, '2026-03-11', { title });
    const answer = await staff(ministry.id, { eventIds: [early.id] });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.schedules.map((r: { schedule: { id: number } }) => r.schedule.id), [first.id, second.id]);
    assert.equal((await readSchedule(inactive.id)).windowStart, '2026-03-18');
    assert.deepEqual(await occurrencesOf(inactive.id), []);
    const foreignAfter = await readSchedule(foreign.id);
    assert.equal(foreignAfter.windowStart, '2026-03-18');
    assert.deepEqual(await occurrencesOf(foreign.id), foreignBefore);
    assert.equal((await readSchedule(otherTitle.id)).windowStart, '2026-03-18');
  });

  it('answers an empty list when no schedule follows the events', async () => {
    const { ministry, existing } = await setup();
    const answer = await staff(ministry.id, { eventIds: [existing.id] });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { schedules: [] });
  });

  it('refuses bad event lists with 400, unknown events with 404 and foreign events with 403', async () => {
    const { ministry, existing, title } = await setup();
    const other = await newMinistry(server);
    const foreign = await newEvent(other.id, '2026-03-20');
    for (const body of [{}, { eventIds: 'all' }, { eventIds: [0] }, { eventIds: [1.5] }, { eventIds: ['1'] }, { eventIds: null }]) {
      expectError(await staff(ministry.id, body), 400, 'eventIds must be a list of event ids');
    }
    expectError(await staff(ministry.id, { eventIds: [] }), 400, 'Choose the events to staff');
    expectError(await staff(ministry.id, { eventIds: [existing.id, 999999] }), 404, 'One of the events does not exist');
    expectError(await staff(ministry.id, { eventIds: [existing.id, foreign.id] }), 403, `${foreign.title} is not an event of ${ministry.name}`);
    const otherTitle = await newEvent(ministry.id, '2026-03-27');
    const message = 'These events are not one series: they differ in title, type or class';
    expectError(await staff(ministry.id, { eventIds: [existing.id, otherTitle.id] }), 400, message);
    const group = await newGroup();
    const withClass = await newEvent(ministry.id, '2026-03-27', { title, linkedGroupId: group.id });
    expectError(await staff(ministry.id, { eventIds: [existing.id, withClass.id] }), 400, message);
  });

  it('refuses a team leader with 403', async () => {
    const { ministry, existing } = await setup();
    const leader = await newTeamLeader(server, ministry.teamId, ['manageMyMinistries']);
    expectError(await staff(ministry.id, { eventIds: [existing.id] }, as(leader)), 403, 'Only a coordinator of this ministry may staff its events');
  });
});

describe('DELETE /api/ministries/ministries/{id}/events', () => {
  const remove = (ministryId: number, body: unknown, options: { key?: string } = as(admin)) =>
    server.request('DELETE', `${V}/ministries/${ministryId}/events`, { ...options, body });

  it('deletes the listed events with their occurrences of every ministry', async () => {
    const ministry = await newMinistry(server);
    const helper = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const helperPosition = (await newPosition(server, helper.id, helper.teamId)).id;
    const coordinator = await newCoordinator(server, ministry.id);
    const first = await newEvent(ministry.id, '2026-03-20');
    const second = await newEvent(ministry.id, '2026-03-21');
    const kept = await newEvent(ministry.id, '2026-03-22');
    const schedule = await newSchedule(ministry.id, { titleFilter: first.title, teamId: ministry.teamId, windowStart: '2026-03-01', requirements: [{ positionId: position, minCount: 1 }] });
    const ownOccurrence = await occurrenceOn(schedule.id, first.id);
    await assignVolunteer(server, ownOccurrence, position, 'accepted');
    const helperOccurrence = await staffEventFrom(helper, second.id, helperPosition);
    await assignVolunteer(server, helperOccurrence, helperPosition, 'declined');

    const answer = await remove(ministry.id, { eventIds: [first.id, second.id] }, as(coordinator));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { deleted: 2 });
    assert.equal((await coreEvent(first.id)).status, 404);
    assert.equal((await coreEvent(second.id)).status, 404);
    assert.equal((await coreEvent(kept.id)).status, 200);
    assert.equal(await countRows(server, 'occurrences', { id: [ownOccurrence, helperOccurrence] }), 0);
  });

  it('deletes none when one event is unknown or not the ministry’s', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const own = await newEvent(ministry.id, '2026-03-20');
    const foreign = await newEvent(other.id, '2026-03-20');
    const orphan = await server.post('/api/events', { Title: unique('Orphan'), Type: otherType.id, Start: '2026-03-20 09:00:00', End: '2026-03-20 10:00:00', PinnedCalendars: [] }, as(admin));
    assert.equal(orphan.status, 200, JSON.stringify(orphan.body));
    expectError(await remove(ministry.id, { eventIds: [own.id, 999999] }), 404, 'One of the events does not exist');
    assert.equal((await remove(ministry.id, { eventIds: [own.id, foreign.id] })).status, 403);
    assert.equal((await remove(ministry.id, { eventIds: [own.id, orphan.body.eventId] })).status, 403);
    assert.equal((await coreEvent(own.id)).status, 200);
    assert.equal((await coreEvent(foreign.id)).status, 200);
  });

  it('refuses a bad or empty list with 400', async () => {
    const ministry = await newMinistry(server);
    for (const body of [{}, { eventIds: 'x' }, { eventIds: [-1] }]) {
      expectError(await remove(ministry.id, body), 400, 'eventIds must be a list of event ids');
    }
    assert.equal((await remove(ministry.id, { eventIds: [] })).status, 400);
  });

  it('refuses with 409 when another ministry has live volunteers, unless the caller holds addEvents', async () => {
    const ministry = await newMinistry(server);
    const helper = await newMinistry(server);
    const helperPosition = (await newPosition(server, helper.id, helper.teamId)).id;
    const event = await newEvent(ministry.id, '2026-03-20');
    const occurrence = await staffEventFrom(helper, event.id, helperPosition);
    await assignVolunteer(server, occurrence, helperPosition, 'pending');
    const coordinator = await newCoordinator(server, ministry.id);
    const refused = await remove(ministry.id, { eventIds: [event.id] }, as(coordinator));
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.match(refused.body.message, new RegExp(helper.name));
    assert.deepEqual(refused.body.ministries, [{ ministryId: helper.id, ministryName: helper.name }]);
    assert.equal((await coreEvent(event.id)).status, 200);

    const eventsManager = await newCoordinator(server, ministry.id, ['manageMyMinistries', 'addEvents']);
    const answer = await remove(ministry.id, { eventIds: [event.id] }, as(eventsManager));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal((await coreEvent(event.id)).status, 404);
    assert.equal(await countRows(server, 'occurrences', { id: occurrence }), 0);
  });

  it('refuses a team leader with 403', async () => {
    const ministry = await newMinistry(server);
    const event = await newEvent(ministry.id, '2026-03-20');
    const leader = await newTeamLeader(server, ministry.teamId, ['manageMyMinistries']);
    expectError(await remove(ministry.id, { eventIds: [event.id] }, as(leader)), 403, 'Only a coordinator of this ministry may delete its events');
    assert.equal((await coreEvent(event.id)).status, 200);
  });
});

describe('POST /api/ministries/ministries/{id}/events/{eventId}', () => {
  const edit = (ministryId: number, eventId: number, body: unknown, options: { key?: string } = as(admin)) =>
    server.post(`${V}/ministries/${ministryId}/events/${eventId}`, body, options);

  it('changes only the fields sent and answers the event', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const group = await newGroup();
    const event = await newEvent(ministry.id, '2026-03-20', { linkedGroupId: group.id });
    const answer = await edit(ministry.id, event.id, { title: 'Renamed', date: '2026-03-27' }, as(coordinator));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const { calendars, ...rest } = answer.body.event;
    assert.match(rest.start, /^2026-03-27[ T]09:00/);
    assert.match(rest.end, /^2026-03-27[ T]10:30/);
    assert.deepEqual({ ...rest, start: undefined, end: undefined }, {
      id: event.id, title: 'Renamed', start: undefined, end: undefined, eventTypeId: otherType.id, inactive: false, linkedGroups: [{ id: group.id, name: group.name }],
    });
    assert.deepEqual(calendars.map((c: { id: number }) => c.id), [ministry.calendarId]);
    const times = await edit(ministry.id, event.id, { startTime: '08:00' }, as(coordinator));
    assert.equal(times.status, 200, JSON.stringify(times.body));
    assert.match(times.body.event.start, /^2026-03-27[ T]08:00/);
    assert.equal(times.body.event.title, 'Renamed');
  });

  it("refuses invalid fields with E2's messages and changes nothing", async () => {
    const ministry = await newMinistry(server);
    const event = await newEvent(ministry.id, '2026-03-20');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'An event title is required'],
      [{ title: 'x'.repeat(256) }, 'The event title is too long'],
      [{ description: 'd'.repeat(256) }, 'The description is too long'],
      [{ endTime: '08:00' }, 'The event must end after it starts'],
      [{ title: 'Changed', startTime: '11:00' }, 'The event must end after it starts'],
      [{ date: '2026-13-01' }, 'Dates must be in YYYY-MM-DD form'],
      [{ linkedGroupId: 999999 }, 'The class does not exist'],
      [{ linkedGroupId: 1.5 }, 'The class does not exist'],
      [{ calendarIds: 'x' }, 'calendarIds must be a list of calendar ids'],
      [{ title: 'Changed', calendarIds: [999999] }, 'One of the calendars does not exist'],
    ];
    for (const [body, message] of cases) expectError(await edit(ministry.id, event.id, body), 400, message);
    const core = await coreEvent(event.id);
    assert.equal(core.body.Title, event.title);
  });

  it("replaces the pins following E2's calendar rule", async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const opened = await newChurchCalendar();
    const closed = await newChurchCalendar();
    assert.equal((await server.put(`/api/calendars/${opened.id}/ministries`, { ministryIds: [ministry.id] }, as(admin))).status, 200);
    const event = await newEvent(ministry.id, '2026-03-20');
    expectError(await edit(ministry.id, event.id, { title: 'Moved', calendarIds: [closed.id] }, as(coordinator)), 403, `Not authorized to pin events to the calendar "${closed.name}"`);
    assert.equal((await coreEvent(event.id)).body.Title, event.title);
    const answer = await edit(ministry.id, event.id, { calendarIds: [opened.id] }, as(coordinator));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.event.calendars, [{ id: opened.id, name: opened.name }]);
    const eventsManager = await newCoordinator(server, ministry.id, ['manageMyMinistries', 'addEvents']);
    const widened = await edit(ministry.id, event.id, { calendarIds: [closed.id, ministry.calendarId] }, as(eventsManager));
    assert.equal(widened.status, 200, JSON.stringify(widened.body));
    assert.deepEqual(widened.body.event.calendars.map((c: { id: number }) => c.id).sort(byId), [closed.id, ministry.calendarId].sort(byId));
  });

  it('marks the event inactive with active:false and restores it with active:true', async () => {
    const ministry = await newMinistry(server);
    const event = await newEvent(ministry.id, '2026-03-20');
    const off = await edit(ministry.id, event.id, { active: false });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.event.inactive, true);
    assert.equal((await listEvents(ministry.id)).events[0].inactive, true);
    const on = await edit(ministry.id, event.id, { active: 'true' });
    assert.equal(on.body.event.inactive, false);
    assert.equal((await listEvents(ministry.id)).events[0].inactive, false);
  });

  it("answers 404 for an unknown event and 403 for another ministry's event", async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const foreign = await newEvent(other.id, '2026-03-20');
    expectError(await edit(ministry.id, 999999, { title: 'x' }), 404, 'Event not found');
    assert.equal((await edit(ministry.id, foreign.id, { title: 'Taken' })).status, 403);
    assert.equal((await coreEvent(foreign.id)).body.Title, foreign.title);
    const orphan = await server.post('/api/events', { Title: unique('Orphan'), Type: otherType.id, Start: '2026-03-20 09:00:00', End: '2026-03-20 10:00:00', PinnedCalendars: [] }, as(admin));
    assert.equal(orphan.status, 200, JSON.stringify(orphan.body));
    assert.equal((await edit(ministry.id, orphan.body.eventId, { title: 'Taken' })).status, 403);
  });

  it('refuses a team leader with 403', async () => {
    const ministry = await newMinistry(server);
    const event = await newEvent(ministry.id, '2026-03-20');
    const leader = await newTeamLeader(server, ministry.teamId, ['manageMyMinistries']);
    expectError(await edit(ministry.id, event.id, { title: 'x' }, as(leader)), 403, 'Only a coordinator of this ministry may edit its events');
  });
});
