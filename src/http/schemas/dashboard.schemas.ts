import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { Assignment, Occurrence, Swap } from './volunteer.schemas.js';

/** The dashboard's reply panels (ours, issue 34). */

export const RecentDecline = Type.Object({
  assignmentId: Type.Integer(), personId: Type.Integer(), personName: Type.String(), respondedAt: Type.String(),
  channel: Type.String({ description: 'web or email: the volunteer\'s own answer' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'The comment; null when none, or for a team leader' }),
  status: Type.String({ description: 'The assignment\'s status now' }),
  occurrenceId: Type.Integer(), occurrenceDate: Type.String(), positionName: Type.String(),
  ministryId: Type.Integer(), ministryName: Type.String(), teamId: Type.Integer(), teamName: Type.String(),
});
export type RecentDeclineView = Static<typeof RecentDecline>;

export const HelpOffer = Type.Object({
  ministryId: Type.Integer(), ministryName: Type.String(), personId: Type.Integer(), personName: Type.String(), offeredAt: Type.String(),
  inPool: Type.Boolean({ description: 'In the ministry\'s pool now' }),
});
export type HelpOfferView = Static<typeof HelpOffer>;

export const RecentReplies = Type.Object({
  since: Type.String({ description: 'The first day the panels cover' }),
  declines: Type.Array(RecentDecline),
  helpOffers: Type.Array(HelpOffer),
});

/** The occurrence a panel row of E8 (and a gap of §7.4) is about. */
export const OccurrenceContext = Type.Object({
  occurrenceId: Type.Integer(), occurrenceDate: Type.String(), start: Type.String(), end: Type.String(),
  occurrenceStatus: Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]), eventId: Type.Integer(),
  scheduleId: Type.Integer(), scheduleName: Type.String(), ministryId: Type.Integer(), ministryName: Type.String(), teamId: Type.Integer(), teamName: Type.String(),
});
export type OccurrenceContextView = Static<typeof OccurrenceContext>;

/**
 * A panel row: its own fields and its occurrence's context, flat and nested as `context` (the presenter's
 * `withContext`). The properties are merged, not intersected: a field the row shares with its context is one field.
 */
const inContext = <P extends TProperties>(own: P) => Type.Object({ ...OccurrenceContext.properties, ...own, context: OccurrenceContext });

export const DashboardGap = inContext({
  positionId: Type.Integer(), positionName: Type.String(), minCount: Type.Integer(), maxCount: Nullable(Type.Integer()),
  liveCount: Type.Integer(), pendingCount: Type.Integer(), gapCount: Type.Integer(), openCount: Type.Integer(),
});
export type DashboardGapView = Static<typeof DashboardGap>;

export const DashboardUpcoming = inContext(Occurrence.properties);
export type DashboardUpcomingView = Static<typeof DashboardUpcoming>;

export const DashboardPending = inContext({
  ...Assignment.properties,
  withinReminderWindow: Type.Boolean({ description: 'The shift starts within the reminder lead time' }),
  blockedOut: Type.Boolean({ description: 'Ours (issue 17): one of the person\'s blockouts covers the shift' }),
});
export type DashboardPendingView = Static<typeof DashboardPending>;

export const DashboardSwap = inContext(Swap.properties);
export type DashboardSwapView = Static<typeof DashboardSwap>;
