import type { DashboardService, Gap, OccurrenceRow } from '../../domain/dashboard/dashboard.service.js';
import type { RecentRepliesService } from '../../domain/dashboard/recent-replies.service.js';
import { displayName } from '../../domain/people/display-name.js';
import type {
  DashboardGapView, DashboardPendingView, DashboardSwapView, DashboardUpcomingView, HelpOfferView, OccurrenceContextView, RecentDeclineView,
} from '../schemas/dashboard.schemas.js';
import { presentAssignment, presentSwap } from './assignments.presenter.js';
import { presentOccurrence } from './occurrences.presenter.js';

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

type Dashboard = Awaited<ReturnType<DashboardService['dashboard']>>;

function contextOf(row: OccurrenceRow): OccurrenceContextView {
  return {
    occurrenceId: row.id,
    occurrenceDate: row.occurrence_date,
    start: row.start_at,
    end: row.end_at,
    occurrenceStatus: row.status,
    eventId: row.event_id,
    scheduleId: row.schedule_id,
    scheduleName: row.schedule_name,
    ministryId: row.ministry_id,
    ministryName: row.ministry_name,
    teamId: row.team_id,
    teamName: row.team_name,
  };
}

/**
 * A panel row: its own fields, its occurrence's context both flat (the reference clients read `row.ministryName`)
 * and nested (`row.context`). Where a key means something else on the row (an assignment's `status`), the row's
 * own value wins; the occurrence's status is always there as `occurrenceStatus`.
 */
function withContext<T extends object>(own: T, row: OccurrenceRow): Omit<OccurrenceContextView, keyof T> & T & { context: OccurrenceContextView } {
  const context = contextOf(row);
  // Object.assign, not two spreads: V8 copies a second, overlapping spread key by key on its slow path, about
  // 15 µs a row here against 1 µs, and the dashboard builds up to 400 rows a request.
  return Object.assign({}, context, own, { context });
}

export function presentGap({ row, requirement: r }: Gap): DashboardGapView {
  return withContext({
    occurrenceId: row.id, positionId: r.positionId, positionName: r.positionName, minCount: r.minCount, maxCount: r.maxCount,
    liveCount: r.liveCount, pendingCount: r.pendingCount, gapCount: r.gapCount, openCount: r.openCount,
    occurrenceDate: row.occurrence_date, start: row.start_at, end: row.end_at, scheduleId: row.schedule_id, scheduleName: row.schedule_name,
    ministryId: row.ministry_id,
  }, row);
}

export const presentGaps = ({ gaps }: { gaps: Gap[] }) => ({ gaps: gaps.map(presentGap) });

/** E8: each panel's rows with their occurrence's context; the upcoming rows are occurrences as E5 shows them. */
export const presentDashboard = ({ upcoming, gaps, pendingResponses, proposedSwaps, expiringCredentials, ...rest }: Dashboard) => ({
  ...rest,
  upcoming: upcoming.map((facts): DashboardUpcomingView => withContext(presentOccurrence(facts), facts.row)),
  gaps: gaps.map(presentGap),
  pendingResponses: pendingResponses.map(({ assignment, occurrence, withinReminderWindow, blockedOut }): DashboardPendingView =>
    withContext({ ...presentAssignment(assignment), withinReminderWindow, blockedOut }, occurrence)),
  proposedSwaps: proposedSwaps.map(({ swap, occurrence }): DashboardSwapView => withContext(presentSwap(swap), occurrence)),
  // Ours (issue 17): required credentials of people in scope that run out soon, so they can be renewed in time.
  expiringCredentials: expiringCredentials.map((row) => ({
    personId: row.person_id, displayName: displayName(row), credentialId: row.credential_id, credentialName: row.credential_name,
    expiresOn: row.expires_on!, ministryId: row.ministry_id, ministryName: row.ministry_name,
  })),
});
