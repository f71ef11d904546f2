import type { RecentRepliesService } from '../../domain/dashboard/recent-replies.service.js';
import { displayName } from '../../domain/ministries/views.js';
import type { HelpOfferView, RecentDeclineView } from '../schemas/dashboard.schemas.js';

type Replies = Awaited<ReturnType<RecentRepliesService['replies']>>;

export const presentRecentDecline = (row: Replies['declines'][number]): RecentDeclineView => ({
  assignmentId: row.assignment_id, personId: row.person_id, personName: displayName(row), respondedAt: row.response_at, channel: row.channel,
  reason: row.comment, status: row.status, occurrenceId: row.occurrence_id, occurrenceDate: row.occurrence_date,
  positionName: row.position_name, ministryId: row.ministry_id, ministryName: row.ministry_name, teamId: row.team_id, teamName: row.team_name,
});

export const presentHelpOffer = (row: Replies['offers'][number]): HelpOfferView => ({
  ministryId: row.ministry_id, ministryName: row.ministry_name, personId: row.person_id, personName: displayName(row), offeredAt: row.offered_at,
  inPool: row.in_pool === true || (row.in_pool as unknown) === 1,
});

/** The dashboard's Recent replies and Help offers panels (issue 34). */
export const presentRecentReplies = ({ since, declines, offers }: Replies) => ({
  since, declines: declines.map(presentRecentDecline), helpOffers: offers.map(presentHelpOffer),
});
