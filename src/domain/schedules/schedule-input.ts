import { isValidDate } from '../dates.js';
import { invalid } from '../errors.js';
import { parsePermissiveBoolean } from '../values.js';
import type { DefaultInput, PlanRowInput } from './staffing-plan.js';

/** Fields of the retired recurrence model; sending any answers 400 naming it (spec E4, contract §11.4). */
const REMOVED_FIELDS = ['recurType', 'recurDow', 'recurDom', 'startTime', 'endTime', 'generateAheadDays', 'defaultPersonId', 'defaultAccepted'];
export const EDITABLE_LINK_MODES = ['event_type', 'class', 'ministry'] as const;
export type EditableLinkMode = (typeof EDITABLE_LINK_MODES)[number];

export interface ScheduleInput {
  name?: string;
  linkMode?: EditableLinkMode;
  teamId?: number;
  windowStart?: string;
  windowEnd?: string | null;
  eventTypeId?: number | null;
  titleFilter?: string | null;
  groupId?: number | null;
  startOffsetMinutes?: number;
  endOffsetMinutes?: number;
  active?: boolean;
  requirements?: PlanRowInput[];
}

export function refuseRemovedFields(body: Record<string, unknown>, removed: readonly string[] = REMOVED_FIELDS): void {
  const sent = removed.find((field) => Object.hasOwn(body, field));
  if (sent) throw invalid(`${sent} is no longer supported: a schedule follows calendar events`);
}

export const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2147483647;

function optionalId(body: Record<string, unknown>, field: string): number | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (!isId(value)) throw invalid(`${field} must be an id`);
  return value;
}

export function offset(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -720 || value > 720) {
    throw invalid(`${field} must be a whole number of minutes from -720 to 720`);
  }
  return value;
}

function date(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isValidDate(value)) throw invalid(`${field} must be a date in YYYY-MM-DD form`);
  return value;
}

export function parseDefaults(value: unknown, fallbackAccepted?: boolean): DefaultInput[] {
  if (!Array.isArray(value)) throw invalid('defaults must be a list of {personId, accepted?}');
  return value.map((entry) => {
    const { personId, accepted } = (entry ?? {}) as Record<string, unknown>;
    if (!isId(personId)) throw invalid('Each default volunteer needs a personId');
    return { personId, accepted: accepted === undefined ? fallbackAccepted : parsePermissiveBoolean(accepted) };
  });
}

export function parsePlan(value: unknown, allowDefaults = true): PlanRowInput[] {
  if (!Array.isArray(value)) throw invalid('The staffing needs must be a list');
  return value.map((entry) => {
    const row = (entry ?? {}) as Record<string, unknown>;
    if (!isId(row.positionId)) throw invalid('Position not found');
    if (!allowDefaults && Object.hasOwn(row, 'defaults')) throw invalid('defaults belong to the schedule, not to one occurrence');
    const notes = row.notes === undefined || row.notes === null ? null : String(row.notes).slice(0, 255);
    const minCount = row.minCount as number | undefined;
    if (minCount !== undefined && minCount !== null && (typeof minCount !== 'number' || !Number.isInteger(minCount) || minCount < 0)) {
      throw invalid('minCount must be a whole number of 0 or more');
    }
    const maxCount = row.maxCount === undefined || row.maxCount === '' ? null : row.maxCount;
    if (maxCount !== null && (typeof maxCount !== 'number' || !Number.isInteger(maxCount) || maxCount < 0)) {
      throw invalid('maxCount must be blank or a whole number of at least minCount');
    }
    return {
      positionId: row.positionId,
      minCount,
      maxCount: maxCount as number | null,
      notes,
      ...(allowDefaults && row.defaults !== undefined && { defaults: parseDefaults(row.defaults) }),
    };
  });
}

/** Reads a schedule create or update body; every field is checked before anything is written. */
export function parseScheduleInput(body: Record<string, unknown>, mode: 'create' | 'update'): ScheduleInput {
  refuseRemovedFields(body);
  if (Object.hasOwn(body, 'eventId')) throw invalid('eventId is only for Staff this event (staffed-events)');
  const input: ScheduleInput = {};
  if (body.name !== undefined || mode === 'create') {
    if (typeof body.name !== 'string' || body.name.trim() === '') throw invalid('A schedule name is required');
    if (body.name.trim().length > 100) throw invalid('The schedule name is too long (100 characters at most)');
    input.name = body.name.trim();
  }
  if (body.linkMode !== undefined || mode === 'create') {
    if (!EDITABLE_LINK_MODES.includes(body.linkMode as EditableLinkMode)) throw invalid('linkMode must be event_type, class or ministry');
    input.linkMode = body.linkMode as EditableLinkMode;
  }
  if (body.teamId !== undefined || mode === 'create') {
    if (!isId(body.teamId)) throw invalid('A schedule belongs to a team of this ministry; choose one');
    input.teamId = body.teamId;
  }
  if (body.windowStart !== undefined || mode === 'create') input.windowStart = date(body.windowStart, 'windowStart');
  if (body.windowEnd !== undefined) input.windowEnd = body.windowEnd === null || body.windowEnd === '' ? null : date(body.windowEnd, 'windowEnd');
  if (input.windowStart && input.windowEnd && input.windowEnd < input.windowStart) throw invalid('The last date is before the first date');
  input.eventTypeId = optionalId(body, 'eventTypeId');
  input.groupId = optionalId(body, 'groupId');
  if (body.titleFilter !== undefined) {
    if (body.titleFilter !== null && typeof body.titleFilter !== 'string') throw invalid('titleFilter must be text');
    if (typeof body.titleFilter === 'string' && body.titleFilter.length > 255) throw invalid('titleFilter is too long');
    input.titleFilter = body.titleFilter as string | null;
  }
  input.startOffsetMinutes = offset(body.startOffsetMinutes, 'startOffsetMinutes');
  input.endOffsetMinutes = offset(body.endOffsetMinutes, 'endOffsetMinutes');
  if (body.active !== undefined) input.active = parsePermissiveBoolean(body.active);
  if (body.requirements !== undefined) input.requirements = parsePlan(body.requirements);
  return input;
}
