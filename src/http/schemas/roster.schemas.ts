import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

const I = Type.Integer();
const S = Type.String();
const NI = Nullable(I);

/** The roster's query (issue 35 #1): a range of dates (default the next eight weeks) and a team of the ministry. */
export const RosterQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 20, 'x-error': 'from must be a date in YYYY-MM-DD form', description: 'First date (YYYY-MM-DD); default the church\'s today' })),
  to: Type.Optional(Type.String({ maxLength: 20, 'x-error': 'to must be a date in YYYY-MM-DD form', description: 'Last date (YYYY-MM-DD), at most 26 weeks after from; default eight weeks from from' })),
  teamId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'teamId must be an id', description: 'Only this team of the ministry' })),
});

/** A person's answer as the roster shows it: asked (pending), accepted, declined, or served (a past shift, completed). */
export const RosterAnswer = Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('completed')]);

export const RosterPerson = Type.Object({ assignmentId: I, personId: I, displayName: S, status: RosterAnswer });

/**
 * A position on an occurrence: its effective requirement's Min and Max (null when the position has no requirement
 * there, only people placed), the live (pending or accepted) and pending counts, the gap to Min and the places open
 * to Max, all from the domain's one gap derivation.
 */
export const RosterCell = Type.Object({
  occurrenceId: I, positionId: I, required: Type.Boolean(), minCount: I, maxCount: NI,
  liveCount: I, pendingCount: I, gapCount: I, openCount: I, people: Type.Array(RosterPerson),
});

export const RosterOccurrence = Type.Object({
  id: I, occurrenceDate: S, start: S, end: S, status: Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]),
  scheduleId: I, scheduleName: S, teamId: I, teamName: S,
  requiredCount: I, filledCount: I, liveCount: I, pendingCount: I, gapCount: I, openCount: I, capacity: I,
});

export const RosterPosition = Type.Object({ id: I, name: S, teamId: I, teamName: S, active: Type.Boolean() });

export const Roster = Type.Object({
  ministryId: I, ministryName: S, teamId: NI, teamName: Nullable(S), from: S, to: S,
  occurrences: Type.Array(RosterOccurrence), positions: Type.Array(RosterPosition), cells: Type.Array(RosterCell),
  limit: I, capped: Type.Boolean(),
});
export type RosterView = Static<typeof Roster>;
