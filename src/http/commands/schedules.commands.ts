import type { Static } from '@sinclair/typebox';
import { dateFieldMessage, isValidDate } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import {
  EDITABLE_LINK_MODES, EVENT_ID_ON_SCHEDULE, REMOVED_FIELDS, removedFieldMessage,
  type DeferredGenerate, type EditableLinkMode, type GenerateNeed, type ScheduleInput, type StaffEventCommand,
} from '../../domain/schedules/schedules.commands.js';
import type { DefaultInput, PlanRowInput } from '../../domain/schedules/staffing-plan.js';
import { parsePermissiveBoolean, parseStrictBoolean } from '../../domain/values.js';
import type { GenerateBody, StaffEventBody } from '../schemas/volunteer.schemas.js';

const LINK_MODE_MESSAGE = 'linkMode must be event_type, class or ministry';

/**
 * A schedule create or update body as the edge admits it. Its fields are read here, in the contract's order,
 * because a trimmed name's length (in UTF-16 units) and the window's order are checks a schema cannot make, and
 * every later field must not overtake them.
 */
export interface ScheduleFields {
  name?: unknown;
  linkMode?: unknown;
  teamId?: unknown;
  windowStart?: unknown;
  windowEnd?: unknown;
  eventTypeId?: unknown;
  groupId?: unknown;
  titleFilter?: unknown;
  startOffsetMinutes?: unknown;
  endOffsetMinutes?: unknown;
  active?: unknown;
  refillOnDecline?: unknown;
  requirements?: unknown;
}

/** A staffing need as the edge admits it (contract §5.4): its shape is checked there. */
export interface PlanRowFields {
  positionId: number;
  minCount?: number | null;
  maxCount?: number | '' | null;
  notes?: unknown;
  defaults?: DefaultFields[];
}

export interface DefaultFields {
  personId: number;
  accepted?: unknown;
}

function refuseRemovedFields(body: object, removed: readonly string[] = REMOVED_FIELDS): void {
  const sent = removed.find((field) => Object.hasOwn(body, field));
  if (sent) throw invalid(removedFieldMessage(sent));
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2147483647;

function optionalId(body: ScheduleFields, field: 'eventTypeId' | 'groupId'): number | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (!isId(value)) throw invalid(`${field} must be an id`);
  return value;
}

function offset(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -720 || value > 720) {
    throw invalid(`${field} must be a whole number of minutes from -720 to 720`);
  }
  return value;
}

function date(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isValidDate(value)) throw invalid(dateFieldMessage(field));
  return value;
}

const defaultOf = ({ personId, accepted }: DefaultFields, fallbackAccepted?: boolean): DefaultInput => ({
  personId,
  accepted: accepted === undefined ? fallbackAccepted : parsePermissiveBoolean(accepted),
});

/** A need in the domain's terms: a blank Max is none, notes are text of 255 characters at most. */
export function parsePlanRow(row: PlanRowFields): PlanRowInput {
  return {
    positionId: row.positionId,
    minCount: row.minCount ?? undefined,
    maxCount: row.maxCount === undefined || row.maxCount === '' ? null : row.maxCount,
    notes: row.notes === undefined || row.notes === null ? null : String(row.notes).slice(0, 255),
    ...(row.defaults !== undefined && { defaults: row.defaults.map((entry) => defaultOf(entry)) }),
  };
}

function parseDefaults(value: unknown, fallbackAccepted?: boolean): DefaultInput[] {
  if (!Array.isArray(value)) throw invalid('defaults must be a list of {personId, accepted?}');
  return value.map((entry) => {
    const fields = (entry ?? {}) as Partial<DefaultFields>;
    if (!isId(fields.personId)) throw invalid('Each default volunteer needs a personId');
    return defaultOf({ personId: fields.personId, accepted: fields.accepted }, fallbackAccepted);
  });
}

/**
 * Reads a staffing plan sent inside a body whose earlier checks the schema cannot make (schedule create and
 * update, Staff this event); the routes that take a plan on its own check its shape at the edge.
 */
function parsePlan(value: unknown, allowDefaults = true): PlanRowInput[] {
  if (!Array.isArray(value)) throw invalid('The staffing needs must be a list');
  return value.map((entry) => {
    const row = (entry ?? {}) as { [K in keyof PlanRowFields]?: unknown };
    if (!isId(row.positionId)) throw invalid('Position not found');
    if (!allowDefaults && Object.hasOwn(row, 'defaults')) throw invalid('defaults belong to the schedule, not to one occurrence');
    const { minCount, maxCount } = row;
    if (minCount !== undefined && minCount !== null && (typeof minCount !== 'number' || !Number.isInteger(minCount) || minCount < 0)) {
      throw invalid('minCount must be a whole number of 0 or more');
    }
    if (maxCount !== undefined && maxCount !== '' && maxCount !== null && (typeof maxCount !== 'number' || !Number.isInteger(maxCount) || maxCount < 0)) {
      throw invalid('maxCount must be blank or a whole number of at least minCount');
    }
    const defaults = allowDefaults && row.defaults !== undefined ? parseDefaults(row.defaults) : undefined;
    return { ...parsePlanRow({ positionId: row.positionId, minCount, maxCount, notes: row.notes } as PlanRowFields), ...(defaults && { defaults }) };
  });
}

/** Reads a schedule create body; the retired fields and `eventId` were refused at the edge. Nothing is written before. */
export function parseScheduleCreate(body: ScheduleFields): ScheduleInput {
  return readScheduleFields(body, 'create');
}

/** Reads a schedule update body: a Staff-this-event schedule keeps its event, and retired fields are refused first. */
export function parseScheduleUpdate(schedule: { one_off: boolean }, body: ScheduleFields): ScheduleInput {
  if (schedule.one_off && body.linkMode !== undefined) throw invalid('A Staff this event schedule keeps its event');
  if (body.linkMode === 'event') throw invalid(LINK_MODE_MESSAGE);
  refuseRemovedFields(body);
  if (Object.hasOwn(body, 'eventId')) throw invalid(EVENT_ID_ON_SCHEDULE);
  return readScheduleFields(body, 'update');
}

function readScheduleFields(body: ScheduleFields, mode: 'create' | 'update'): ScheduleInput {
  const input: ScheduleInput = {};
  if (body.name !== undefined || mode === 'create') {
    if (typeof body.name !== 'string' || body.name.trim() === '') throw invalid('A schedule name is required');
    if (body.name.trim().length > 100) throw invalid('The schedule name is too long (100 characters at most)');
    input.name = body.name.trim();
  }
  if (body.linkMode !== undefined || mode === 'create') {
    if (!EDITABLE_LINK_MODES.includes(body.linkMode as EditableLinkMode)) throw invalid(LINK_MODE_MESSAGE);
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
  if (body.refillOnDecline !== undefined) {
    const refill = parseStrictBoolean(body.refillOnDecline);
    if (refill === undefined) throw invalid('refillOnDecline must be true or false');
    input.refillOnDecline = refill;
  }
  if (body.requirements !== undefined) input.requirements = parsePlan(body.requirements);
  return input;
}

/** E5: through, the top-level accepted, then each need's position; a need's defaults when the service reaches them. */
export const parseGenerate = (body: Static<typeof GenerateBody>): DeferredGenerate => () => {
  let through: string | undefined;
  if (body.through !== undefined && body.through !== null) {
    if (typeof body.through !== 'string' || !isValidDate(body.through)) throw invalid(dateFieldMessage('through'));
    through = body.through;
  }
  const fallbackAccepted = body.accepted === undefined ? undefined : parsePermissiveBoolean(body.accepted);
  if (body.requirements === undefined) return { through };
  if (!Array.isArray(body.requirements)) throw invalid('The staffing needs must be a list');
  const requirements = body.requirements.map((entry: unknown): GenerateNeed => {
    const { positionId, defaults } = (entry ?? {}) as { positionId?: unknown; defaults?: unknown };
    return { positionId: isId(positionId) ? positionId : undefined, defaults: () => parseDefaults(defaults ?? [], fallbackAccepted) };
  });
  return { through, requirements };
};

/** Staff this event: the ids were checked by the schema; the offsets, the needs and the name are read when the service reaches them. */
export const parseStaffEvent = (body: Static<typeof StaffEventBody>): StaffEventCommand => ({
  eventId: body.eventId,
  teamId: body.teamId,
  details: () => ({
    startOffsetMinutes: offset(body.startOffsetMinutes, 'startOffsetMinutes'),
    endOffsetMinutes: offset(body.endOffsetMinutes, 'endOffsetMinutes'),
    requirements: body.requirements === undefined ? undefined : parsePlan(body.requirements, false),
    name: typeof body.name === 'string' && body.name.trim() !== '' ? body.name.trim() : undefined,
  }),
});
