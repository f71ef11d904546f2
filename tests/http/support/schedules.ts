import assert from 'node:assert/strict';
import { as, countRows, newMinistry, newPerson, newPosition, qualify, storedRows, unique, useOtherEventType, useServer, useUser } from '../../kit/index.js';

/*
 * What the schedules test files (schedules-*.test.ts) share: the routes' prefix, the test clock's Sundays, the
 * contract's Schedule, Generated and Requirement views, and `useSchedules`, which declares the file's server and
 * administrator and answers the arrangers and readers bound to them.
 */

export const V = '/api/ministries';
/** The test clock stands at Wednesday 2026-03-04 10:00 church time; these Sundays follow it. */
export const TODAY = '2026-03-04';
export const START_CLOCK = '2026-03-04T15:00:00Z';
export const SUNDAYS = ['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12', '2026-04-19', '2026-04-26'];

export interface Schedule {
  id: number; oneOff: boolean; ministryId: number; teamId: number; name: string; linkMode: string; eventTypeId: number | null;
  eventTypeName: string | null; titleFilter: string | null; groupId: number | null; groupName: string | null; groupSundaySchool: boolean;
  eventId: number | null; eventTitle: string | null; eventStart: string | null; startOffsetMinutes: number; endOffsetMinutes: number;
  windowStart: string; windowEnd: string | null; horizonWeeks: number; generateThrough: string; active: boolean; occurrenceCount: number;
  refillOnDecline: boolean;
}
export interface Generated {
  created: number; existing: number; from: string; through: string; assigned: number; skipped: number; unqualified: number; noEvents: boolean;
  searched: Record<string, unknown>;
}
export interface Requirement {
  id: number; scheduleId: number | null; positionId: number; minCount: number; maxCount: number | null;
  defaults: Array<{ personId: number; name: string; accepted: boolean; setBy: number | null; setByName: string | null; qualified: boolean }>;
}

/** The file's server, its administrator, the seeded `Other` event type and the helpers below, bound to them. */
export function useSchedules() {
  const server = useServer();
  const admin = useUser(server, ['admin']);
  const otherType = Object.assign(useOtherEventType(server), { name: 'Other' });

  async function newClass(): Promise<{ id: number; name: string }> {
    const name = unique('Class');
    const answer = await server.post('/api/groups/', { groupName: name, isSundaySchool: true }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return { id: answer.body.Id, name };
  }

  /** One event, 10:00–11:30 on `date` unless told otherwise. */
  async function newEvent(title: string, date: string, fields: Record<string, unknown> = {}): Promise<number> {
    const answer = await server.post('/api/events', {
      Title: title, Type: otherType.id, Start: `${date} 10:00:00`, End: `${date} 11:30:00`, PinnedCalendars: [], ...fields,
    }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.eventId;
  }

  /** A weekly Sunday 10:00–11:30 series of "Other" events; answers the ids in date order. */
  async function newSeries(title: string, rangeStart = SUNDAYS[0], rangeEnd = SUNDAYS[SUNDAYS.length - 1], fields: Record<string, unknown> = {}): Promise<number[]> {
    const answer = await server.post('/api/events/repeat', {
      Title: title, Type: otherType.id, StartTime: '10:00', EndTime: '11:30', RecurType: 'weekly', RecurDOW: 'Sunday', RangeStart: rangeStart, RangeEnd: rangeEnd, ...fields,
    }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.eventIds;
  }

  /** A valid event_type body following `title`; any field may be replaced. */
  function body(teamId: number, title: string, fields: Record<string, unknown> = {}) {
    return { name: unique('Schedule'), linkMode: 'event_type', eventTypeId: otherType.id, titleFilter: title, teamId, windowStart: '2026-03-01', ...fields };
  }

  async function create(ministryId: number, fields: Record<string, unknown>, options: { key?: string } = as(admin)) {
    const answer = await server.post(`${V}/ministries/${ministryId}/schedules`, fields, options);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body as { schedule: Schedule; generated: Generated | null };
  }

  async function generate(scheduleId: number, fields: Record<string, unknown> = {}) {
    const answer = await server.post(`${V}/schedules/${scheduleId}/generate`, fields, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as Generated;
  }

  async function readSchedule(scheduleId: number): Promise<Schedule> {
    const answer = await server.get(`${V}/schedules/${scheduleId}`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.schedule;
  }

  async function readNeeds(scheduleId: number): Promise<Requirement[]> {
    const answer = await server.get(`${V}/schedules/${scheduleId}/requirements`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.requirements;
  }

  async function countSchedules(ministryId: number): Promise<number> {
    return countRows(server, 'schedules', { ministry_id: ministryId });
  }

  async function countEvents(): Promise<number> {
    return countRows(server, 'events');
  }

  async function eventSnapshot(ids: number[]) {
    return storedRows(server, 'events', { id: ids });
  }

  /** Occurrence dates of a schedule, soonest first. */
  async function occurrenceDates(scheduleId: number): Promise<string[]> {
    const rows = await storedRows(server, 'occurrences', { schedule_id: scheduleId });
    return rows.map((row) => String(row.occurrence_date).slice(0, 10)).sort();
  }

  async function assignmentsOf(scheduleId: number) {
    const dates = new Map((await storedRows(server, 'occurrences', { schedule_id: scheduleId })).map((row) => [row.id, row.occurrence_date]));
    const rows = await storedRows(server, 'assignments', { occurrence_id: [...dates.keys()] });
    return rows
      .map((row) => ({ id: row.id, person_id: row.person_id, position_id: row.position_id, status: row.status, assigned_by_person_id: row.assigned_by_person_id, occurrence_date: dates.get(row.occurrence_id)! }))
      .sort((a, b) => String(a.occurrence_date).localeCompare(String(b.occurrence_date)) || a.id - b.id);
  }

  async function setHorizon(weeks: number | string) {
    const answer = await server.post('/admin/api/system/config/iVolunteerSchedulingHorizonWeeks', { value: String(weeks) }, as(admin));
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
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const anna = (await newPerson(server, { first_name: 'Anna' })).id;
    const ben = (await newPerson(server, { first_name: 'Ben' })).id;
    const carl = (await newPerson(server, { first_name: 'Carl' })).id;
    await qualify(server, position, anna);
    await qualify(server, position, ben);
    const title = unique('Worship');
    const eventIds = await newSeries(title, SUNDAYS[0], options.seriesEnd ?? SUNDAYS[SUNDAYS.length - 1]);
    return { ministry, teamId: ministry.teamId, position, anna, ben, carl, title, eventIds };
  }

  return {
    server, admin, otherType,
    newClass, newEvent, newSeries, body, create, generate, readSchedule, readNeeds, countSchedules, countEvents,
    eventSnapshot, occurrenceDates, assignmentsOf, setHorizon, withHorizon, withClock, newWorld,
  };
}
