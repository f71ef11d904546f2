import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { helpOfferReach, readsDeclineReason, staffingReach } from '../access/staffing.policies.js';
import type { ChurchTime } from '../church-time.js';
import { addDays } from '../dates.js';
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
    // The reason is dropped here, not in the view: only those who may read it ever receive it.
    return { since, declines: declines.map((row) => ({ ...row, comment: readsDeclineReason(actor, row.ministry_id) ? row.comment : null })), offers };
  }
}
