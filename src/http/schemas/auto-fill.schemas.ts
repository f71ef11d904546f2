import { Type, type Static } from '@sinclair/typebox';
import { SKIP_REASONS } from '../../domain/autofill/autofill.service.js';
import { PASS_REASONS } from '../../domain/autofill/planner.js';
import { Nullable } from './common.js';

const I = Type.Integer();
const S = Type.String();
const NS = Nullable(Type.String());
const IdField = (field: string) => Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': `${field} must be an id` }));
const DateField = (field: string) => Type.Optional(Type.String({ maxLength: 20, 'x-error': `${field} must be a date in YYYY-MM-DD form` }));

export const AutoFillBody = Type.Object({
  occurrenceId: IdField('occurrenceId'),
  scheduleId: IdField('scheduleId'),
  teamId: IdField('teamId'),
  ministryId: IdField('ministryId'),
  from: DateField('from'),
  to: DateField('to'),
  fillTo: Type.Optional(Type.Union([Type.Literal('min'), Type.Literal('max')], { 'x-error': 'fillTo must be min or max' })),
  allowOutsidePool: Type.Optional(Type.Boolean({ 'x-error': 'allowOutsidePool must be true or false' })),
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, 'x-error': 'seed must be a whole number from 0 to 2147483647' })),
});

/**
 * What a preview's token carries, the preview's body with its defaults filled in: a commit checks the token it is
 * handed with the very field schemas the preview checked, since a forged one reaches the same queries.
 */
export const AutoFillToken = Type.Object({
  v: Type.Literal(1),
  scope: Type.Pick(AutoFillBody, ['occurrenceId', 'scheduleId', 'teamId', 'ministryId'], { additionalProperties: false }),
  ...Type.Required(Type.Pick(AutoFillBody, ['from', 'to', 'fillTo', 'allowOutsidePool', 'seed'])).properties,
}, { additionalProperties: false });

/** Why auto-fill passed a candidate over: a `refuse` rule of the placement table, a preference or fairness (issue 32). */
const PassReason = Type.Union(PASS_REASONS.map((reason) => Type.Literal(reason)));

const Fairness = Type.Object({ spread: I, gini: Type.Number(), counts: Type.Object({ min: I, max: I }) });

export const Proposal = Type.Object({
  occurrenceId: I, positionId: I, positionName: S, date: S, personId: I, name: S,
  reasons: Type.Object({
    qualified: Type.Literal(true), inPool: Type.Boolean(), lastServed: NS, latestScheduled: NS, timesThisMonth: I, assignmentsInWindow: I,
    outsidePreferredWeeks: Type.Boolean(), servesWithHousehold: Type.Boolean(),
    passedOver: Type.Array(Type.Object({ personId: I, name: S, reason: PassReason, detail: Type.Optional(S) })),
  }),
});
export type ProposalView = Static<typeof Proposal>;

export const AutoFillPreview = Type.Object({
  token: Type.String({ description: 'The request (scope, window, options, seed) as base64url JSON; commit accepts it' }),
  window: Type.Object({ from: S, to: S }),
  options: Type.Object({ fillTo: S, allowOutsidePool: Type.Boolean(), seed: I }),
  proposals: Type.Array(Proposal),
  unfilled: Type.Array(Type.Object({
    occurrenceId: I, positionId: I, positionName: S, date: S, missing: I, why: S, excluded: Type.Partial(Type.Record(PassReason, I)),
  })),
  summary: Type.Object({
    occurrenceCount: I, proposalCount: I, unfilledPlaces: I, fairnessRange: Type.Object({ from: S, to: S }), eligiblePeople: I,
    before: Fairness, after: Fairness,
  }),
});
export type AutoFillPreviewView = Static<typeof AutoFillPreview>;

const Kept = Type.Object({
  occurrenceId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  positionId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  personId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

export const AutoFillCommitBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 2000, 'x-error': 'token is required: the one the preview answered' }),
  proposals: Type.Optional(Type.Array(Kept, { maxItems: 5000, 'x-error': 'proposals must list occurrenceId, positionId and personId of each kept row' })),
}, { 'x-error': 'token is required: the one the preview answered' });

const RunAssignment = { assignmentId: I, occurrenceId: I, positionId: I, positionName: S, personId: I, displayName: S, date: S };

export const AutoFillCommit = Type.Object({
  runId: I,
  committedBy: Type.Object({ personId: I, displayName: S, at: S }),
  created: Type.Array(Type.Object({ ...RunAssignment, status: S, source: Type.Literal('coordinator'), autoFilled: Type.Literal(true) })),
  skipped: Type.Array(Type.Object({ occurrenceId: I, positionId: I, personId: I, reason: Type.Union(SKIP_REASONS.map((reason) => Type.Literal(reason))), message: S })),
});
export type AutoFillCommitView = Static<typeof AutoFillCommit>;

export const AutoFillUndo = Type.Object({
  runId: I,
  cancelled: Type.Array(Type.Object(RunAssignment)),
  kept: Type.Array(Type.Object({ ...RunAssignment, status: S, reason: S })),
});
export type AutoFillUndoView = Static<typeof AutoFillUndo>;

export const ServingsQuery = Type.Object({
  from: DateField('from'),
  to: DateField('to'),
  teamId: IdField('teamId'),
  sort: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('count')], { 'x-error': 'sort must be name or count' })),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { 'x-error': 'format must be json or csv' })),
});

export const Servings = Type.Object({
  ministryId: I, teamId: Nullable(I), from: S, to: S,
  attendanceTracked: Type.Boolean({ description: 'setting bEnableAttendance: shifts that ended without a check-in count as no-shows' }),
  people: Type.Array(Type.Object({
    personId: I, displayName: S, total: I, pending: I, accepted: I, declined: I, cancelled: I, completed: I, lastServed: NS,
    served: Type.Integer({ description: 'events the person was checked in at (issue 36)' }),
    noShows: Type.Integer({ description: 'shifts that ended without a check-in; 0 unless attendanceTracked' }),
    hoursServed: Type.Number({ description: "check-in to check-out, or the shift's hours when never checked out" }),
  })),
});
export type ServingsView = Static<typeof Servings>;
