import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

/** Volunteer-area wire shapes (contract §11.1). Bodies stay loose where the domain words the 400 itself (§1.7 strict booleans). */

const I = Type.Integer();
const S = Type.String();
const B = Type.Boolean();
const NS = Nullable(Type.String());
const NI = Nullable(Type.Integer());

export const Ministry = Type.Object({
  id: I, name: S, description: NS, active: B, createdDate: S, createdByPersonId: NI, teamCount: I, positionCount: I,
  helpWanted: B, helpWantedText: S, sundaySchool: B,
});

export const Summary = Type.Object({ teamCount: I, volunteerCount: I, unfilledPositionCount: I, occurrenceCount: I, assignmentCount: I });

export const Team = Type.Object({
  id: I, ministryId: I, name: S, description: NS, active: B, positionCount: I,
  leaders: Type.Array(Type.Object({ scopeId: I, personId: I, personName: S })),
  classGroupId: NI, classGroupName: NS,
});

export const Position = Type.Object({
  id: I, ministryId: I, teamId: I, teamName: S, name: S, description: NS, active: B, recruiting: B, selfAssignable: B, order: I,
});

export const PoolPerson = Type.Object({
  personId: I, displayName: S, groupIds: Type.Array(I), inPool: B, qualifications: Type.Array(I),
  qualificationIds: Type.Record(Type.String(), I),
});

export const Qualification = Type.Object({
  id: I, personId: I, displayName: S, positionId: I, positionName: S, ministryId: I, teamId: I, active: B,
  grantedDate: S, grantedByPersonId: NI, notes: NS,
});

export const Scope = Type.Object({
  id: I, personId: I, personName: S, scopeType: Type.Union([Type.Literal('ministry'), Type.Literal('team')]), scopeId: I,
  scopeName: NS, grantedDate: S, grantedByPersonId: NI,
});

export const EligiblePerson = Type.Object({
  personId: I, displayName: S, inPool: B, lastServedDate: NS, conflictPositionId: NI, conflictPositionName: NS,
});

export const MinistryDetail = Type.Object({
  ministry: Ministry, summary: Summary, teams: Type.Array(Team), positions: Type.Array(Position),
  poolGroupId: NI, poolGroupName: NS, pool: Type.Array(PoolPerson),
});

export const Matrix = Type.Object({ ministryId: I, teamId: NI, positions: Type.Array(Position), people: Type.Array(PoolPerson) });

const Loose = Type.Unknown();
export const ActiveQuery = Type.Object({ active: Type.Optional(Type.String({ maxLength: 10 })) });
export const TeamQuery = Type.Object({ teamId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) });

export const MinistryCreateBody = Type.Object({
  name: Type.String({ 'x-error': 'A ministry name is required' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 255, 'x-error': 'The description is too long (255 characters at most)' }))),
  sundaySchool: Type.Optional(Loose),
});

export const MinistryUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ 'x-error': 'The ministry name must be text' })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 255, 'x-error': 'The description is too long (255 characters at most)' }))),
  active: Type.Optional(Loose),
  helpWanted: Type.Optional(Loose),
  helpWantedText: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  sundaySchool: Type.Optional(Loose),
});

export const TeamCreateBody = Type.Object({
  name: Type.String({ maxLength: 100, 'x-error': 'A team name is required (100 characters at most)' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  classGroupId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'classGroupId must be a group id or null' }))),
  importPositionId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'importPositionId must be a position id' })),
  importPositionName: Type.Optional(Type.String({ maxLength: 100 })),
});

export const TeamUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100, 'x-error': 'The team name must be text of 100 characters at most' })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  active: Type.Optional(Loose),
  classGroupId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'classGroupId must be a group id or null' }))),
  importPositionId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'importPositionId must be a position id' })),
  importPositionName: Type.Optional(Type.String({ maxLength: 100 })),
  classEvents: Type.Optional(Loose),
});

export const PositionBody = Type.Object({
  name: Type.Optional(Loose),
  teamId: Type.Optional(Loose),
  description: Type.Optional(Loose),
  order: Type.Optional(Loose),
  recruiting: Type.Optional(Loose),
  selfAssignable: Type.Optional(Loose),
  active: Type.Optional(Loose),
});

export const Permissions = Type.Object({
  isAdmin: B, isGlobalManager: B, isCoordinator: B, isTeamLeader: B, managedMinistryIds: Type.Array(I), managedTeamIds: Type.Array(I),
});

export const Schedule = Type.Object({
  id: I, oneOff: B, ministryId: I, teamId: I, name: S,
  linkMode: Type.Union([Type.Literal('event_type'), Type.Literal('class'), Type.Literal('ministry'), Type.Literal('event')]),
  eventTypeId: NI, eventTypeName: NS, titleFilter: NS, groupId: NI, groupName: NS, groupSundaySchool: B, eventId: NI, eventTitle: NS,
  eventStart: NS, startOffsetMinutes: I, endOffsetMinutes: I, windowStart: S, windowEnd: NS, horizonWeeks: I, generateThrough: S,
  active: B, occurrenceCount: I,
});

export const GenerateResult = Type.Object({
  created: I, existing: I, from: S, through: S, assigned: I, skipped: I, unqualified: I, noEvents: B,
  searched: Type.Object({
    linkMode: S, groupId: NI, groupName: NS, eventTypeId: NI, eventTypeName: NS, titleFilter: NS, ministryId: I, ministryName: NS, eventId: NI, eventTitle: NS,
  }),
});

export const Requirement = Type.Object({
  id: I, scheduleId: NI, occurrenceId: NI, positionId: I, positionName: S, minCount: I, maxCount: NI, notes: NS,
  source: Type.Union([Type.Literal('schedule'), Type.Literal('occurrence')]),
  defaults: Type.Array(Type.Object({ personId: I, name: S, accepted: B, setBy: NI, setByName: NS, qualified: B })),
  liveCount: I, gapCount: I, openCount: I, pendingCount: I,
});

export const Occurrence = Type.Object({
  id: I, scheduleId: I, scheduleName: S, scheduleOneOff: B, ministryId: I, teamId: I, eventId: I, occurrenceDate: S, start: S, end: S,
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]), notes: NS,
  requiredCount: I, requirementCount: I, requirementsOverridden: B, liveCount: I, gapCount: I, openCount: I, capacity: I, pendingCount: I,
  gaps: Type.Array(Type.Object({ positionId: I, positionName: S, gapCount: I })), generatedDate: S,
});

/** Schedule and generation bodies are read by the domain, which names the exact 400 (removed fields included). */
export const LooseBody = Type.Object({}, { additionalProperties: true });

export const Assignment = Type.Object({
  id: I, occurrenceId: I, positionId: I, positionName: S, personId: I, displayName: S, requirementId: NI,
  status: Type.Union(['pending', 'accepted', 'declined', 'cancelled', 'substituted', 'completed'].map((s) => Type.Literal(s))),
  source: Type.Union(['coordinator', 'self_signup', 'substitute'].map((s) => Type.Literal(s))),
  assignedDate: S, assignedByPersonId: NI, respondedDate: NS, replacesAssignmentId: NI, notes: NS,
  attendance: Type.Union(['checked_in', 'checked_out', 'not_checked_in'].map((s) => Type.Literal(s))),
});

export const Response = Type.Object({
  id: I, assignmentId: I, personId: I, displayName: S, response: S, responseDate: S,
  channel: Type.Union([Type.Literal('web'), Type.Literal('coordinator')]), comment: NS,
});

export const Swap = Type.Object({
  id: I, assignmentId: I, occurrenceId: I, positionId: I, positionName: S, proposedByPersonId: I, proposedByName: S,
  proposedPersonId: I, proposedPersonName: S, status: S, proposedDate: S, decidedDate: NS, decidedByPersonId: NI, comment: NS,
});

export const Notification = Type.Object({
  id: I, type: S, channel: S, personId: I, assignmentId: NI, occurrenceId: NI, dedupeKey: S, status: S,
  scheduledFor: S, sentDate: NS, attempts: I, lastAttemptDate: NS, lastError: NS,
});

export const MeAssignment = Type.Object({
  id: I, occurrenceId: I, personId: I, positionId: I, positionName: S, ministryName: S, teamName: S, start: S, end: S, occurrenceDate: S,
  occurrenceStatus: S, status: S, source: S, respondedDate: NS, canRespond: B, canProposeSubstitute: B, pendingSwapId: NI, pendingSwapPersonName: NS,
});
