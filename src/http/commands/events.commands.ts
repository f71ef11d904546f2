import type { Static } from '@sinclair/typebox';
import { isValidDate, parseDateTime, parseTimeOfDay } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import type { EventChangesCommand, EventTypeChangesCommand, NewEventsCommand, NewEventTypeCommand, NewSeriesCommand } from '../../domain/events/events.commands.js';
import { parseRecurrence, type RecurrenceDialect } from './recurrence.commands.js';
import { parsePermissiveBoolean } from '../../domain/values.js';
import type { EventBody, EventTypeBody, EventTypeUpdateBody, EventUpdateBody, RepeatBody } from '../schemas/core.schemas.js';

/** The bodies of the core event routes (contract §15.4) read into commands, with the reference system's messages. */

function dateTime(value: string, field: string): string {
  const parsed = parseDateTime(value);
  if (!parsed) throw invalid(`${field} must be a date and time as YYYY-MM-DD HH:MM:SS`);
  return parsed;
}

/** `MinistryId` 0 or null means no owning ministry. */
const ministryOf = (ministryId: number | null | undefined) => (ministryId === undefined ? undefined : ministryId || null);

const linkedGroups = (id: number | null | undefined) => (id ? [id] : []);

const REPEAT_FIELDS = { dayOfWeek: 'RecurDOW', dayOfMonth: 'RecurDOM', dayOfYear: 'RecurDOY' } as const;

/** The repeat route's words for a recurrence (its fields are the reference system's). */
const repeatDialect = (recurType: string): RecurrenceDialect => ({
  isLenient: true,
  messages: {
    unknownType: `Unknown recurrence type: ${recurType}; use weekly, monthly or yearly`,
    missing: (field) => `Missing required field: ${REPEAT_FIELDS[field]}`,
    dayOfWeek: 'RecurDOW must be a day of the week, for example Sunday',
    dayOfMonth: 'RecurDOM must be a day of the month from 1 to 31',
    dayOfYear: 'RecurDOY must be a date each year as MM-DD',
  },
});

/** A type's default start time: blank clears it; anything else must be HH:MM (400). */
function startTimeOf(value: string | null): string | null {
  if (!value) return null;
  const time = parseTimeOfDay(value);
  if (!time) throw invalid('defStartTime must be a time of day as HH:MM');
  return time;
}

export function parseNewEventType(body: Static<typeof EventTypeBody>): NewEventTypeCommand {
  return { name: body.name, defStartTime: startTimeOf(body.defStartTime ?? null), active: body.active === undefined ? true : parsePermissiveBoolean(body.active) === true };
}

export function parseEventTypeChanges(body: Static<typeof EventTypeUpdateBody>): EventTypeChangesCommand {
  return {
    name: body.name,
    defStartTime: body.defStartTime === undefined ? undefined : startTimeOf(body.defStartTime),
    active: body.active === undefined ? undefined : parsePermissiveBoolean(body.active),
  };
}

/** `GET /api/events`: `start` and `end` are dates (YYYY-MM-DD). */
export function parseEventPage<Q extends { start?: string; end?: string }>(query: Q): Q {
  for (const bound of [query.start, query.end]) {
    if (bound !== undefined && !isValidDate(bound)) throw invalid('start and end must be dates in YYYY-MM-DD form');
  }
  return query;
}

export function parseNewEvent(body: Static<typeof EventBody>): NewEventsCommand {
  return {
    title: body.Title,
    typeId: body.Type,
    description: body.Desc,
    text: body.Text,
    slots: [{ start: dateTime(body.Start, 'Start'), end: dateTime(body.End, 'End') }],
    calendarIds: body.PinnedCalendars ?? [],
    linkedGroupIds: linkedGroups(body.LinkedGroupId),
    inactive: parsePermissiveBoolean(body.InActive),
    ministryId: ministryOf(body.MinistryId),
  };
}

export function parseNewSeries(body: Static<typeof RepeatBody>): NewSeriesCommand {
  for (const field of ['RangeStart', 'RangeEnd'] as const) {
    if (!isValidDate(body[field])) throw invalid(`${field} must be a date as YYYY-MM-DD`);
  }
  const startTime = parseTimeOfDay(body.StartTime);
  const endTime = parseTimeOfDay(body.EndTime);
  if (!startTime || !endTime) throw invalid('StartTime and EndTime must be times of day as HH:MM');
  return {
    title: body.Title,
    typeId: body.Type,
    description: body.Desc,
    text: body.Text,
    recurrence: parseRecurrence({ type: body.RecurType, dayOfWeek: body.RecurDOW, dayOfMonth: body.RecurDOM, dayOfYear: body.RecurDOY }, repeatDialect(body.RecurType)),
    rangeStart: body.RangeStart,
    rangeEnd: body.RangeEnd,
    startTime,
    endTime,
    calendarIds: body.PinnedCalendars ?? [],
    linkedGroupIds: linkedGroups(body.LinkedGroupId),
    inactive: parsePermissiveBoolean(body.Inactive),
    skipExisting: parsePermissiveBoolean(body.SkipExisting),
  };
}

export function parseEventChanges(body: Static<typeof EventUpdateBody>): EventChangesCommand {
  return {
    title: body.Title,
    typeId: body.Type,
    description: body.Desc,
    text: body.Text,
    start: body.Start === undefined ? undefined : dateTime(body.Start, 'Start'),
    end: body.End === undefined ? undefined : dateTime(body.End, 'End'),
    calendarIds: body.PinnedCalendars,
    linkedGroupIds: body.LinkedGroupId === undefined ? undefined : linkedGroups(body.LinkedGroupId),
    inactive: body.InActive === undefined ? undefined : parsePermissiveBoolean(body.InActive),
    ministryId: ministryOf(body.MinistryId),
  };
}

/** `POST /api/events/{id}/status`: `active` is a permissive boolean (§1.7). */
export function parseEventStatus(body: { active: unknown }): EventChangesCommand {
  return { inactive: !parsePermissiveBoolean(body.active) };
}
