import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { helpOfferReach, readsDeclineReason, staffingReach } from '../access/staffing.policies.js';
import type { ChurchTime } from '../church-time.js';
import { addDays } from '../dates.js';
import { displayName } from '../ministries/views.js';
import { DatabaseService } from '../database-service.js';

/** How far back the reply panels look (issue 34). */
export const REPLY_DAYS = 14;
const PANEL_LIMIT = 100;

/** The dashboard's "Recent replies" and "Help offers" panels (ours, issue 34). */
export class RecentRepliesService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  /**
   * The last 14 days' volunteer declines in the caller's scope, newest first, each with its reason only for those
   * who may read it (a manager, a coordinator of that ministry; a team leader sees the decline, not the reason),
   * and the help offers to the ministries the caller manages, with whether the person is in the pool now.
   */
  async replies(actor: VolunteerActor) {
    const since = addDays(await this.time.today(), -REPLY_DAYS);
    const [declines, offers] = await Promise.all([
      this.repos.recentReplies.declines(staffingReach(actor), since, PANEL_LIMIT),
      this.repos.recentReplies.helpOffers(helpOfferReach(actor), since, PANEL_LIMIT),
    ]);
    return {
      since,
      declines: declines.map((row) => ({
        assignmentId: row.assignment_id, personId: row.person_id, personName: displayName(row), respondedAt: row.response_at, channel: row.channel,
        reason: readsDeclineReason(actor, row.ministry_id) ? row.comment : null, status: row.status, occurrenceId: row.occurrence_id, occurrenceDate: row.occurrence_date,
        positionName: row.position_name, ministryId: row.ministry_id, ministryName: row.ministry_name, teamId: row.team_id, teamName: row.team_name,
      })),
      helpOffers: offers.map((row) => ({
        ministryId: row.ministry_id, ministryName: row.ministry_name, personId: row.person_id, personName: displayName(row), offeredAt: row.offered_at,
        inPool: row.in_pool === true || (row.in_pool as unknown) === 1,
      })),
    };
  }
}
