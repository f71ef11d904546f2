import { Type, type Static } from '@sinclair/typebox';

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
