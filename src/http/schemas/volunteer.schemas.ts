import { Type, type Static } from '@sinclair/typebox';
import { Blockout, HouseholdPartner, MissingCredential, WarningCode } from './availability.schemas.js';
import { ASSIGNMENT_STATUSES } from '../../db/schema.js';
import { EVENT_ID_ON_SCHEDULE, REMOVED_FIELDS, removedFieldMessage } from '../../domain/schedules/schedules.commands.js';
import { BodyIdOf, Nullable, ReadByDomain, RequiredField, Retired, Stages, StrictBoolean, UNBOUNDED } from './common.js';

/** Volunteer-area wire shapes (contract §11.1). A field the domain reads after checks a schema cannot make first is documented, not typed. */

const I = Type.Integer();
const S = Type.String();
const B = Type.Boolean();
const NS = Nullable(Type.String());
const NI = Nullable(Type.Integer());

export const Ministry = Type.Object({
  id: I, name: S, description: NS, active: B, createdDate: S, createdByPersonId: NI, teamCount: I, positionCount: I,
  helpWanted: B, helpWantedText: S, sundaySchool: B,
});
export type MinistryView = Static<typeof Ministry>;

export const Summary = Type.Object({ teamCount: I, volunteerCount: I, unfilledPositionCount: I, occurrenceCount: I, assignmentCount: I });

export const Team = Type.Object({
  id: I, ministryId: I, name: S, description: NS, active: B, positionCount: I,
  leaders: Type.Array(Type.Object({ scopeId: I, personId: I, personName: S })),
  classGroupId: NI, classGroupName: NS,
});
export type TeamView = Static<typeof Team>;

export const Position = Type.Object({
  id: I, ministryId: I, teamId: I, teamName: S, name: S, description: NS, active: B, recruiting: B, selfAssignable: B, order: I,
});
export type PositionView = Static<typeof Position>;

/** Ours (issue 37 #2), on the lists a person is picked from: what tells namesakes apart, the family's name and the e-mail's first letters. */
const TellApart = { familyName: Type.Optional(NS), emailHint: Type.Optional(NS) };

export const PoolPerson = Type.Object({
  personId: I, displayName: S, groupIds: Type.Array(I), inPool: B, qualifications: Type.Array(I),
  qualificationIds: Type.Record(Type.String(), I), ...TellApart,
});
export type PoolPersonView = Static<typeof PoolPerson>;

export const Qualification = Type.Object({
  id: I, personId: I, displayName: S, positionId: I, positionName: S, ministryId: I, teamId: I, active: B,
  grantedDate: S, grantedByPersonId: NI, notes: NS,
});
export type QualificationView = Static<typeof Qualification>;

export const Scope = Type.Object({
  id: I, personId: I, personName: S, scopeType: Type.Union([Type.Literal('ministry'), Type.Literal('team')]), scopeId: I,
  scopeName: NS, grantedDate: S, grantedByPersonId: NI,
});
export type ScopeView = Static<typeof Scope>;

/** A scope grant: the three fields are required together, with one message the domain gives (§4.6). */
export const ScopeGrantBody = Type.Object({
  personId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'personId must be a person id' })),
  scopeType: Type.Optional(Type.String({ maxLength: 20, description: 'ministry | team' })),
  scopeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'scopeId must be a ministry or team id' })),
});

export const EligiblePerson = Type.Object({
  personId: I, displayName: S, inPool: B, lastServedDate: NS, conflictPositionId: NI, conflictPositionName: NS,
  // Ours (issue 17), on the lists for one occurrence: the person's blockout that covers its shift, how they stand
  // against their monthly limit and preferred weeks, family members serving it with whom they serve together or
  // apart, and required credentials they lack on its date.
  blockedOut: Type.Optional(B), blockout: Type.Optional(Type.Union([Blockout, Type.Null()])),
  servingsThisMonth: Type.Optional(I), maxPerMonth: Type.Optional(NI), overPreference: Type.Optional(B), outsidePreferredWeeks: Type.Optional(B),
  householdTogetherWith: Type.Optional(Type.Array(HouseholdPartner)), householdConflictWith: Type.Optional(Type.Array(HouseholdPartner)),
  missingRequirements: Type.Optional(Type.Array(MissingCredential)),
  // The codes of the placement rules the write this list leads to would warn with (issue 32).
  marks: Type.Optional(Type.Array(WarningCode)),
  ...TellApart,
});

export const MinistryDetail = Type.Object({
  ministry: Ministry, summary: Summary, teams: Type.Array(Team), positions: Type.Array(Position),
  poolGroupId: NI, poolGroupName: NS, pool: Type.Array(PoolPerson),
});

export const Matrix = Type.Object({ ministryId: I, teamId: NI, positions: Type.Array(Position), people: Type.Array(PoolPerson) });

export const ActiveQuery = Type.Object({ active: Type.Optional(Type.String({ maxLength: 10 })) });
export const TeamQuery = Type.Object({ teamId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) });

const SUNDAY_SCHOOL_MESSAGE = 'sundaySchool must be true or false';

// sundaySchool comes last in both ministry bodies: the contract checks it after the other fields.
export const MinistryCreateBody = Type.Object({
  name: Type.String({ 'x-error': 'A ministry name is required' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 255, 'x-error': 'The description is too long (255 characters at most)' }))),
  sundaySchool: Type.Optional(StrictBoolean(SUNDAY_SCHOOL_MESSAGE)),
});

export const MinistryUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ 'x-error': 'The ministry name must be text' })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 255, 'x-error': 'The description is too long (255 characters at most)' }))),
  active: ReadByDomain('permissive boolean (§1.7)'),
  helpWanted: ReadByDomain('permissive boolean (§1.7)'),
  helpWantedText: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  sundaySchool: Type.Optional(StrictBoolean(SUNDAY_SCHOOL_MESSAGE)),
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
  active: ReadByDomain('permissive boolean (§1.7)'),
  classGroupId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'classGroupId must be a group id or null' }))),
  importPositionId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'importPositionId must be a position id' })),
  importPositionName: Type.Optional(Type.String({ maxLength: 100 })),
  // Last, as the contract checks it after every other field.
  classEvents: Type.Optional(Type.Union([Type.Literal('keep'), Type.Literal('remove'), Type.Literal('move'), Type.Literal(''), Type.Null()], {
    'x-error': 'classEvents must be one of keep, remove, move',
    description: "What happens to the ministry's events linked to the old class when the class changes; blank = keep",
  })),
});

/** E17's choice of what happens to the class's events; the body wins over the query (both read by the domain). */
export const TeamDeleteQuery = Type.Object({ classEvents: Type.Optional(Type.String({ maxLength: 20 })) });
export const TeamDeleteBody = Type.Optional(Nullable(Type.Object({ classEvents: ReadByDomain('keep | remove | delete (blank = keep); wins over the query') })));

/** The contract checks a position's fields among the lookups of its team (404) and the caller's authority over it (403). */
export const PositionBody = Type.Object({
  name: ReadByDomain('required on create, 100 characters at most'),
  teamId: ReadByDomain('a team of this ministry (required on create)'),
  description: ReadByDomain('255 characters at most'),
  order: ReadByDomain('a whole number (default 0)'),
  recruiting: ReadByDomain('strict boolean (§1.7), default false'),
  selfAssignable: ReadByDomain('strict boolean (§1.7), default true'),
  active: ReadByDomain('strict on create (default true), permissive on update (§1.7)'),
});

export const QualificationBody = Type.Object({
  personId: Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'personId must be a person id' }),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
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
  // Ours (issue 18): a volunteer's decline is filled again by auto-fill at once.
  refillOnDecline: B,
});
export type ScheduleView = Static<typeof Schedule>;

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
export type RequirementView = Static<typeof Requirement>;

export const Occurrence = Type.Object({
  id: I, scheduleId: I, scheduleName: S, scheduleOneOff: B, ministryId: I, teamId: I, eventId: I, occurrenceDate: S, start: S, end: S,
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]), notes: NS,
  requiredCount: I, filledCount: I, requirementCount: I, requirementsOverridden: B, liveCount: I, gapCount: I, openCount: I, capacity: I, pendingCount: I,
  gaps: Type.Array(Type.Object({ positionId: I, positionName: S, gapCount: I })), generatedDate: S,
});
export type OccurrenceView = Static<typeof Occurrence>;

const retiredOnSchedules = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((field) => [field, Retired(removedFieldMessage(field))])) as Record<F, ReturnType<typeof Retired>>;


const DefaultVolunteer = Type.Object(
  {
    personId: BodyIdOf('Each default volunteer needs a personId'),
    accepted: ReadByDomain('permissive boolean (§1.7); without it, the top-level accepted or the stored value'),
  },
  { 'x-error': 'Each default volunteer needs a personId' },
);

const NEED_ID = 'Position not found';
const needFields = {
  minCount: Type.Optional(Nullable(Type.Integer({ minimum: 0, ...UNBOUNDED, 'x-error': 'minCount must be a whole number of 0 or more' }))),
  maxCount: Type.Optional(Type.Union([Type.Integer({ minimum: 0, ...UNBOUNDED }), Type.Literal(''), Type.Null()], {
    'x-error': 'maxCount must be blank or a whole number of at least minCount',
  })),
  notes: ReadByDomain('text, cut at 255 characters'),
};

/** One staffing need of a schedule (§5.4): Min, Max (blank = none) and its default volunteers in order. */
export const ScheduleNeedBody = Stages(
  RequiredField('positionId', BodyIdOf(NEED_ID), NEED_ID),
  Type.Object({
    ...needFields,
    defaults: Type.Optional(Type.Array(DefaultVolunteer, { 'x-error': 'defaults must be a list of {personId, accepted?}' })),
  }),
);

/** One of an occurrence's own needs: defaults belong to the schedule. */
const occurrenceNeedFields = {
  defaults: Retired('defaults belong to the schedule, not to one occurrence'),
  ...needFields,
};
export const OccurrenceNeedBody = Stages(RequiredField('positionId', BodyIdOf(NEED_ID), NEED_ID), Type.Object(occurrenceNeedFields));

/** An occurrence's whole list of own needs; an entry that is no object names no position. */
export const OccurrenceNeedsBody = Stages(RequiredField(
  'requirements',
  Type.Array(
    Type.Intersect([Type.Object({ positionId: BodyIdOf(NEED_ID) }, { 'x-error': NEED_ID }), Type.Object(occurrenceNeedFields)], { 'x-error': NEED_ID }),
    { 'x-error': 'The staffing needs must be a list' },
  ),
  'The staffing needs must be a list',
));

const scheduleFields = {
  name: ReadByDomain('required on create; 100 characters at most once trimmed'),
  linkMode: ReadByDomain('event_type | class | ministry (required on create)'),
  teamId: ReadByDomain('a team of this ministry (required on create)'),
  windowStart: ReadByDomain('YYYY-MM-DD (required on create)'),
  windowEnd: ReadByDomain('YYYY-MM-DD, or null or "" for an open end'),
  eventTypeId: ReadByDomain('event_type mode: an event type id (null or "" clears it)'),
  groupId: ReadByDomain('class mode: the class group id (null or "" clears it)'),
  titleFilter: ReadByDomain('event_type and ministry modes: the title followed, 255 characters at most'),
  startOffsetMinutes: ReadByDomain('whole minutes from -720 to 720 (default 0)'),
  endOffsetMinutes: ReadByDomain('whole minutes from -720 to 720 (default 0)'),
  active: ReadByDomain('permissive boolean (§1.7); default true'),
  refillOnDecline: ReadByDomain('ours (issue 18), strict boolean, default false: a volunteer\'s decline is filled again by auto-fill at once'),
  requirements: ReadByDomain('the staffing plan: [{positionId, minCount, maxCount?, notes?, defaults?: [{personId, accepted?}]}]'),
};

/** E4: the retired recurrence fields and eventId are refused first, in this order; the rest follows in the domain. */
export const ScheduleCreateBody = Type.Object({
  ...retiredOnSchedules(REMOVED_FIELDS),
  eventId: Retired(EVENT_ID_ON_SCHEDULE),
  ...scheduleFields,
});

/**
 * A schedule change: a Staff-this-event schedule's linkMode is refused before anything else, so the retired
 * fields are refused by the domain after it.
 */
export const ScheduleUpdateBody = Type.Object(scheduleFields);

/** E5: the retired default fields are refused first; the rest is read once the schedule is known to be active (409 first). */
export const GenerateBody = Type.Object({
  ...retiredOnSchedules(['defaults', 'defaultPersonId', 'defaultAccepted'] as const),
  through: ReadByDomain('YYYY-MM-DD; default and cap min(today + horizon, windowEnd)'),
  accepted: ReadByDomain('permissive boolean (§1.7), for every default in the body without its own'),
  requirements: ReadByDomain('[{positionId, defaults: [{personId, accepted?}]}]'),
});

/** Staff this event: retired fields, then the event, then the team; the rest after the team and the event are checked. */
export const StaffEventBody = Stages(
  Type.Object(retiredOnSchedules([...REMOVED_FIELDS, 'linkMode'] as const)),
  RequiredField('eventId', BodyIdOf('eventId is required'), 'eventId is required'),
  RequiredField('teamId', BodyIdOf('teamId is required'), 'teamId is required'),
  Type.Object({
    name: ReadByDomain("text; blank or anything else takes the event's title (100 characters at most)"),
    startOffsetMinutes: scheduleFields.startOffsetMinutes,
    endOffsetMinutes: scheduleFields.endOffsetMinutes,
    requirements: ReadByDomain('[{positionId, minCount, maxCount?, notes?}] (no defaults)'),
  }),
);

export const Assignment = Type.Object({
  id: I, occurrenceId: I, positionId: I, positionName: S, personId: I, displayName: S, requirementId: NI,
  status: Type.Union(ASSIGNMENT_STATUSES.map((s) => Type.Literal(s))),
  source: Type.Union(['coordinator', 'self_signup', 'substitute'].map((s) => Type.Literal(s))),
  assignedDate: S, assignedByPersonId: NI, respondedDate: NS, replacesAssignmentId: NI, notes: NS,
  attendance: Type.Union(['checked_in', 'checked_out', 'not_checked_in'].map((s) => Type.Literal(s))),
  autoFilled: Type.Optional(Type.Literal(true, { description: 'Ours (issue 18): present on assignments an auto-fill created' })),
  attendanceMark: Type.Optional(Type.Union(['present', 'late', 'absent'].map((m) => Type.Literal(m)), { description: "Ours (issue 36): the coordinator's mark, where one was made" })),
});
export type AssignmentView = Static<typeof Assignment>;

export const Response = Type.Object({
  id: I, assignmentId: I, personId: I, displayName: S, response: S, responseDate: S,
  // `email` (ours, issue 17): answered through a link of an assignment mail.
  channel: Type.Union([Type.Literal('web'), Type.Literal('coordinator'), Type.Literal('email')]), comment: NS,
});
export type ResponseView = Static<typeof Response>;

export const Swap = Type.Object({
  id: I, assignmentId: I, occurrenceId: I, positionId: I, positionName: S, proposedByPersonId: I, proposedByName: S,
  proposedPersonId: I, proposedPersonName: S, status: S, proposedDate: S, decidedDate: NS, decidedByPersonId: NI, comment: NS,
});
export type SwapView = Static<typeof Swap>;

export const Notification = Type.Object({
  id: I, type: S, channel: S, personId: I, assignmentId: NI, occurrenceId: NI, dedupeKey: S, status: S,
  scheduledFor: S, sentDate: NS, attempts: I, lastAttemptDate: NS, lastError: NS,
});
export type NotificationView = Static<typeof Notification>;

export const MeAssignment = Type.Object({
  id: I, occurrenceId: I, personId: I, positionId: I, positionName: S, ministryName: S, teamName: S, start: S, end: S, occurrenceDate: S,
  occurrenceStatus: S, status: S, source: S, respondedDate: NS, canRespond: B, canProposeSubstitute: B, pendingSwapId: NI, pendingSwapPersonName: NS,
});
export type MeAssignmentView = Static<typeof MeAssignment>;

/** E10: an open slot the caller could sign up to. */
export const Opportunity = Type.Object({
  occurrenceId: I, positionId: I, positionName: S, ministryName: S, teamName: S,
  occurrenceDate: S, start: S, end: S, openCount: I, minCount: I, liveCount: I,
  alreadyServing: B, alreadyServingPositionNames: Type.Array(S),
  // What E11 would warn about here (issue 32): `conflict` for a shift overlapping one I already serve.
  marks: Type.Array(WarningCode),
});
export type OpportunityView = Static<typeof Opportunity>;
export const Opportunities = Type.Object({ opportunities: Type.Array(Opportunity), from: S, to: S });
export type OpportunitiesView = Static<typeof Opportunities>;

/** E12: a ministry asking for help, with its recruiting positions and whether the caller is in its pool. */
export const HelpWantedMinistry = Type.Object({
  ministryId: I, ministryName: S, helpWantedText: S,
  recruitingPositions: Type.Array(Type.Object({ teamName: S, positionName: S, description: NS })),
  inPool: B,
});
export type HelpWantedMinistryView = Static<typeof HelpWantedMinistry>;
export const HelpWanted = Type.Object({ ministries: Type.Array(HelpWantedMinistry) });
export type HelpWantedView = Static<typeof HelpWanted>;

const ministryEventFields = {
  title: ReadByDomain('required on create, 255 characters at most'),
  eventTypeId: ReadByDomain('an existing event type (create only)'),
  startTime: ReadByDomain('HH:MM (required on create)'),
  endTime: ReadByDomain('HH:MM, after startTime (required on create)'),
  description: ReadByDomain('255 characters at most'),
  linkedGroupId: ReadByDomain('the Linked Group: any existing group, or null'),
  calendarIds: ReadByDomain("calendar ids: the ministry's own, or church calendars opened to it, unless the caller holds addEvents"),
  date: ReadByDomain('YYYY-MM-DD: a single event (required on create without recurrence)'),
};

/** E2: the `staff` key is refused first; the other fields are read by the domain in the contract's order. */
export const MinistryEventBody = Type.Object({
  staff: Retired('Staffing is set up after the events are created'),
  ...ministryEventFields,
  recurrence: ReadByDomain('a series: {type: weekly | monthly | yearly, dow?: weekday name, dom?: 1..31, doy?: MM-DD}'),
  rangeStart: ReadByDomain('YYYY-MM-DD: the first date of a series'),
  rangeEnd: ReadByDomain('YYYY-MM-DD: the last date of a series'),
});

/** §6.5: the event is looked up (404, then 403) before any field is read, so the domain reads them all. */
export const MinistryEventEditBody = Type.Object({
  ...ministryEventFields,
  active: ReadByDomain('permissive boolean (§1.7): false marks the event inactive'),
});

/** Ours (issue 34): who hears of a volunteer's reply, by the one rule of `repliesReach`. */
export const Told = Type.Object({
  kind: Type.Union([Type.Literal('coordinators'), Type.Literal('managers'), Type.Literal('administrators')], {
    description: 'The ministry\'s coordinators; when none can be mailed, the global managers; else the administrators',
  }),
  names: Type.Array(Type.String(), { description: 'Their first names; empty when nobody can be mailed' }),
});
