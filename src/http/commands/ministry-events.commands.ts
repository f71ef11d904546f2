import type { Static } from '@sinclair/typebox';
import { DATE_FORMAT_MESSAGE, isValidDate, parseTimeOfDay } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import { expandRecurrence } from '../../domain/events/recurrence.js';
import { parseRecurrence, type RecurrenceDialect } from './recurrence.commands.js';
import {
  E2_MESSAGES, type MinistryEventChangesCommand, type MinistryEventWindow, type NewMinistryEventCommand,
} from '../../domain/ministry-events/ministry-events.commands.js';
import { parsePermissiveBoolean } from '../../domain/values.js';
import type { MinistryEventBody, MinistryEventEditBody } from '../schemas/volunteer.schemas.js';

const E2_RECURRENCE: RecurrenceDialect = {
  isLenient: false,
  messages: {
    unknownType: 'Choose weekly, monthly or yearly',
    dayOfWeek: 'Choose the day of the week',
    dayOfMonth: 'Choose a day of the month from 1 to 31',
    dayOfYear: 'Choose the date each year as MM-DD',
  },
};

/** A value that can name a row: a positive integer within PostgreSQL's integer range (else the lookup would fail with 500). */
function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2147483647;
}

function rowId(value: unknown, message: string): number {
  if (!isRowId(value)) throw invalid(message);
  return value;
}

/** Text of at most `max` UTF-16 units, trimmed; blank is left out, or refused with `required`. */
function text(value: unknown, max: number, required: string | undefined, tooLong: string): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw invalid(required);
    return undefined;
  }
  if (typeof value !== 'string' || value.length > max) throw invalid(tooLong);
  return value.trim();
}

const title = (value: unknown) => text(value, 255, 'An event title is required', 'The event title is too long')!;
const description = (value: unknown) => text(value, 255, undefined, 'The description is too long');

function dateField(value: unknown, missing: string): string {
  if (value === undefined || value === null || value === '') throw invalid(missing);
  if (typeof value !== 'string' || !isValidDate(value)) throw invalid(DATE_FORMAT_MESSAGE);
  return value;
}

function time(value: unknown): string {
  const parsed = typeof value === 'string' ? parseTimeOfDay(value) : undefined;
  if (!parsed) throw invalid('Times must be in HH:MM form');
  return parsed;
}

function calendarIds(value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((id) => !isRowId(id))) throw invalid('calendarIds must be a list of calendar ids');
  return [...new Set(value as number[])];
}

function dates(body: Static<typeof MinistryEventBody>): string[] {
  if (body.recurrence === undefined || body.recurrence === null) return [dateField(body.date, 'Choose the date of the event')];
  const { type, dow, dom, doy } = body.recurrence as { type?: unknown; dow?: unknown; dom?: unknown; doy?: unknown };
  const recurrence = parseRecurrence({ type, dayOfWeek: dow, dayOfMonth: dom, dayOfYear: doy }, E2_RECURRENCE);
  const rangeStart = dateField(body.rangeStart, 'Choose the first date');
  const rangeEnd = dateField(body.rangeEnd, 'Choose the last date');
  if (rangeEnd < rangeStart) throw invalid('The last date is before the first date');
  const all = expandRecurrence(recurrence, rangeStart, rangeEnd);
  if (all.length === 0) throw invalid('No date between the first and last date matches the recurrence');
  return all;
}

/** E2's body, each field read when the service asks for it (the contract's order; see NewMinistryEventCommand). */
export function parseNewMinistryEvent(body: Static<typeof MinistryEventBody>): NewMinistryEventCommand {
  return {
    get title() { return title(body.title); },
    get eventTypeId() { return rowId(body.eventTypeId, E2_MESSAGES.unknownType); },
    get times() {
      const [start, end] = [time(body.startTime), time(body.endTime)];
      if (end <= start) throw invalid('The event must end after it starts');
      return { start, end };
    },
    get description() { return description(body.description); },
    get linkedGroupId() { return body.linkedGroupId === undefined || body.linkedGroupId === null ? null : rowId(body.linkedGroupId, E2_MESSAGES.unknownGroup); },
    get calendarIds() { return calendarIds(body.calendarIds); },
    get dates() { return dates(body); },
  };
}

/** §6.5's body, read as E2's is. */
export function parseMinistryEventChanges(body: Static<typeof MinistryEventEditBody>): MinistryEventChangesCommand {
  return {
    get title() { return body.title === undefined ? undefined : title(body.title); },
    get description() { return body.description === undefined ? undefined : (description(body.description) ?? null); },
    get date() { return body.date === undefined ? undefined : dateField(body.date, 'Choose the date of the event'); },
    get startTime() { return body.startTime === undefined ? undefined : time(body.startTime); },
    get endTime() { return body.endTime === undefined ? undefined : time(body.endTime); },
    get linkedGroupId() {
      if (body.linkedGroupId === undefined || body.linkedGroupId === null) return body.linkedGroupId;
      return rowId(body.linkedGroupId, E2_MESSAGES.unknownGroup);
    },
    get calendarIds() { return calendarIds(body.calendarIds); },
    get active() { return body.active === undefined ? undefined : parsePermissiveBoolean(body.active); },
  };
}

/** E1's query: `past` is a permissive boolean (§1.7); a blank date is left out, any other must be YYYY-MM-DD. */
export function parseMinistryEventWindow(query: { past?: string; from?: string; to?: string }): MinistryEventWindow {
  const from = query.from || undefined;
  const to = query.to || undefined;
  for (const date of [from, to]) if (date !== undefined && !isValidDate(date)) throw invalid(DATE_FORMAT_MESSAGE);
  return { past: parsePermissiveBoolean(query.past ?? '') === true, from, to };
}
