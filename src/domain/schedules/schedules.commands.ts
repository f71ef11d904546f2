import type { DefaultInput, PlanRowInput } from './staffing-plan.js';

/** Fields of the retired recurrence model; sending any answers 400 naming it (spec E4, contract §11.4). */
export const REMOVED_FIELDS = ['recurType', 'recurDow', 'recurDom', 'startTime', 'endTime', 'generateAheadDays', 'defaultPersonId', 'defaultAccepted'] as const;
export const removedFieldMessage = (field: string) => `${field} is no longer supported: a schedule follows calendar events`;
export const EVENT_ID_ON_SCHEDULE = 'eventId is only for Staff this event (staffed-events)';
export const EDITABLE_LINK_MODES = ['event_type', 'class', 'ministry'] as const;
export type EditableLinkMode = (typeof EDITABLE_LINK_MODES)[number];

/** A schedule create or update, read; on an update, a field left out is undefined. */
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
  refillOnDecline?: boolean;
  requirements?: PlanRowInput[];
}

/** One need of E5's body: the position it names (undefined when it names none), and its defaults, read when E5 reaches them. */
export interface GenerateNeed {
  positionId: number | undefined;
  defaults: () => DefaultInput[];
}

/** E5's body, read. */
export interface GenerateCommand {
  through?: string;
  requirements?: GenerateNeed[];
}

/** E5's body, read once the schedule is known to be active: the contract answers 409 for an inactive one first. */
export type DeferredGenerate = () => GenerateCommand;

/** Staff this event's fields other than the ids, read. */
export interface StaffEventDetails {
  /** Trimmed; undefined when blank or not text, and the event's title is taken. */
  name?: string;
  startOffsetMinutes?: number;
  endOffsetMinutes?: number;
  requirements?: PlanRowInput[];
}

/** Staff this event: the ids, and the rest read after the team, the caller's authority over it and the event are checked. */
export interface StaffEventCommand {
  eventId: number;
  teamId: number;
  details: () => StaffEventDetails;
}
