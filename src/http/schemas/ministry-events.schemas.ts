import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { GenerateResult, Schedule } from './volunteer.schemas.js';

/** The answers of the ministries' own events (contract §6) and the editors' lookups (§5.6). */

const I = Type.Integer();
const S = Type.String();
const B = Type.Boolean();
const Named = Type.Object({ id: I, name: S });

const Staffing = Type.Object({
  teamId: I, teamName: S, occurrenceIds: Type.Array(I), needed: I, filled: I,
  pending: I, gap: I, openCount: I, capacity: I, requirementCount: I,
  status: Type.Union([Type.Literal('unplanned'), Type.Literal('gap'), Type.Literal('pending'), Type.Literal('filled')]),
});

/** E1: one of the ministry's events with its staffing per team. */
export const MinistryEvent = Type.Object({
  id: I, title: S, start: S, end: S, eventTypeId: I, eventTypeName: Nullable(S),
  inactive: B, calendars: Type.Array(Named), linkedGroups: Type.Array(Named),
  headcount: Type.Object({ recorded: B, total: I }),
  otherStaffing: Type.Array(Type.Object({ ministryId: I, ministryName: S, assigned: I })),
  staffing: Type.Array(Staffing),
});
export type MinistryEventView = Static<typeof MinistryEvent>;

export const MinistryEventList = Type.Object({ events: Type.Array(MinistryEvent), from: S, to: S, past: B, limit: I, capped: B });
export type MinistryEventListView = Static<typeof MinistryEventList>;

export const CreatedMinistryEvents = Type.Object({ events: Type.Array(Type.Object({ id: I, title: S, start: S, end: S })) });
export type CreatedMinistryEventsView = Static<typeof CreatedMinistryEvents>;

/** E3: each schedule that follows the events, whether its window widened, and what its run made. */
export const StaffedSchedules = Type.Object({
  schedules: Type.Array(Type.Composite([Type.Object({ schedule: Schedule, widened: B }), Type.Omit(GenerateResult, ['noEvents', 'searched'])])),
});
export type StaffedSchedulesView = Static<typeof StaffedSchedules>;

/** §6.5: the event as edited. */
export const EditedMinistryEvent = Type.Object({
  event: Type.Object({ id: I, title: S, start: S, end: S, eventTypeId: I, inactive: B, calendars: Type.Array(Named), linkedGroups: Type.Array(Named) }),
});
export type EditedMinistryEventView = Static<typeof EditedMinistryEvent>;

export const EventTypeLookup = Type.Object({ eventTypes: Type.Array(Named), defaultEventTypeId: Nullable(I) });
export type EventTypeLookupView = Static<typeof EventTypeLookup>;

export const EventSeriesLookup = Type.Object({ series: Type.Array(Type.Object({ title: S, nextStart: S, count: I })) });
export type EventSeriesLookupView = Static<typeof EventSeriesLookup>;

export const ClassLookup = Type.Object({
  classes: Type.Array(Type.Object({ groupId: I, name: S, sundaySchool: B, upcomingCount: I, nextStart: Nullable(S) })),
});
export type ClassLookupView = Static<typeof ClassLookup>;

export const UpcomingEventLookup = Type.Object({
  events: Type.Array(Type.Object({ id: I, title: S, start: S, end: S, eventTypeId: I, eventTypeName: Nullable(S), staffedByTeam: B })),
});
export type UpcomingEventLookupView = Static<typeof UpcomingEventLookup>;
