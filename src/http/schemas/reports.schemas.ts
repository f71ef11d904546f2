import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { HouseholdRuleView } from './availability.schemas.js';

const I = Type.Integer();
const S = Type.String();
const NS = Nullable(Type.String());

export const ReportQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 20, description: 'First day, YYYY-MM-DD; the Monday 8 weeks back by default', 'x-error': 'from must be a date in YYYY-MM-DD form' })),
  to: Type.Optional(Type.String({ maxLength: 20, description: 'Last day, YYYY-MM-DD; by default the Sunday 16 weeks after the week of from (8 weeks ahead when from is not given either)', 'x-error': 'to must be a date in YYYY-MM-DD form' })),
  teamId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "One team's figures; its leaders may read them", 'x-error': 'teamId must be an id' })),
});

export const ReportWeek = Type.Object({
  week: Type.String({ description: "The week's Monday" }),
  occurrenceCount: I,
  requiredCount: Type.Integer({ description: 'Σ Min over the effective requirements of the week’s scheduled occurrences' }),
  filledCount: Type.Integer({ description: 'Σ filledCount of the gap derivation (places of Min filled, requiredCount − Σ gapCount); pending, accepted and completed places count as filled' }),
  coverage: Type.Union([Type.Number(), Type.Null()], { description: 'filledCount / requiredCount, null for a week that requires nobody' }),
  accepted: Type.Integer({ description: 'Assignments accepted (or completed) on the week’s occurrences' }),
  declined: I,
  noAnswer: Type.Integer({ description: 'Assignments still pending' }),
});

export const ReportPerson = Type.Object({
  personId: I, displayName: S,
  inPool: Type.Boolean({ description: 'In the ministry’s pool; false for someone placed from outside it' }),
  servings: Type.Integer({ description: 'Places held in the range: accepted, completed or pending' }),
  accepted: I, declined: I, noAnswer: I,
  served: Type.Integer({ description: 'Events the person was checked in at (issue 36 #4), as the servings report counts them' }),
  noShows: Type.Integer({ description: 'Shifts that ended without a check-in; 0 unless attendanceTracked' }),
  hoursServed: Type.Number({ description: "Check-in to check-out, or the shift's hours when never checked out; to 2 decimals" }),
});

export const MinistryReport = Type.Object({
  ministryId: I, ministryName: S, teamId: Nullable(I), from: S, to: S,
  attendanceTracked: Type.Boolean({ description: 'Setting bEnableAttendance: only then does a shift that ended without a check-in count as a no-show' }),
  weeks: Type.Array(ReportWeek),
  people: Type.Array(ReportPerson, { description: 'By servings, most first, then by name; the pool’s people who have none included' }),
});
export type MinistryReportView = Static<typeof MinistryReport>;

export const GlancePerson = Type.Object({
  personId: I, displayName: S,
  hasLogin: Type.Boolean({ description: 'Whether the person signs in; a coordinator records limits and household rules only for those who do not' }),
  limits: Type.Object({
    maxPerMonth: Nullable(I), preferredWeeks: Type.Array(I),
    appliesTo: Type.Union([Type.Literal('ministry'), Type.Literal('every'), Type.Null()], { description: 'The ministry’s own preference, the one for every ministry, or none' }),
  }),
  daysAway: Type.Array(Type.Object({ startDate: S, endDate: S, startTime: NS, endTime: NS, repeatWeeklyUntil: NS }), { description: 'Blockouts over the coming months: dates only, never the reason' }),
  credentials: Type.Array(Type.Object({ credentialId: I, name: S, expiresOn: NS, valid: Type.Boolean({ description: 'No expiry, or expiring today or later' }) })),
  household: Type.Array(HouseholdRuleView),
});

export const AvailabilityGlance = Type.Object({
  ministryId: I, ministryName: S, today: S, until: S,
  requiredCredentials: Type.Array(Type.Object({ credentialId: I, name: S, positionName: NS })),
  people: Type.Array(GlancePerson),
});
export type AvailabilityGlanceView = Static<typeof AvailabilityGlance>;
