import { randomBytes } from 'node:crypto';
import { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { Kysely } from 'kysely';
import type { AssignmentStatus, DB } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { addDays } from '../dates.js';
import { notFound } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { sha256Hex } from '../users/secrets.js';
import { maySignIn } from '../users/sign-in.js';
import { churchCalendar, churchWallClock } from './church-calendar.js';
import { FEED_EVENT_CAP } from './calendar-feeds.service.js';
import { DatabaseService } from '../database-service.js';

/** How far back the feed reaches, so a shift just served stays in the calendar for a while. */
const PAST_DAYS = 30;

/**
 * How each status shows in a calendar. A cancelled or substituted assignment is left out: the volunteer no longer
 * serves it and nothing is asked of them. A declined one stays, cancelled and free, so that it is not mistaken
 * for a forgotten shift.
 */
const SHOWN: Partial<Record<AssignmentStatus, { status: ICalEventStatus; note: string; suffix?: string; free?: true }>> = {
  accepted: { status: ICalEventStatus.CONFIRMED, note: 'You accepted.' },
  completed: { status: ICalEventStatus.CONFIRMED, note: 'You served.' },
  pending: { status: ICalEventStatus.TENTATIVE, note: 'Waiting for your answer.', suffix: ' (waiting for your answer)' },
  declined: { status: ICalEventStatus.CANCELLED, note: 'You declined.', suffix: ' (declined)', free: true },
};
const SHOWN_STATUSES = Object.keys(SHOWN) as AssignmentStatus[];

const newToken = () => randomBytes(32).toString('hex');
const feedPath = (token: string) => `/api/public/my-schedule/${token}/schedule.ics`;

/**
 * The volunteer's own schedule as iCalendar, by a secret token (ours, issue 17). Only the token's SHA-256 is
 * stored, as for API keys: a copy of the database must not hand out live feed addresses, so the address is
 * shown once, when it is made, and a volunteer who lost it makes a new one.
 */
export class ScheduleFeedService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  /** The feed's address: under `sServiceURL` when the church set it, else where the caller reached us (`origin`). */
  private async urlOf(token: string, origin: string): Promise<string> {
    const base = (await this.settings.get('sServiceURL')).trim().replace(/\/+$/, '') || origin;
    return `${base}${feedPath(token)}`;
  }

  /**
   * `GET /api/users/current/schedule-feed`: the first ask makes the feed and answers its address; later asks
   * answer `url: null`, the address being unknown here once made.
   */
  async feed(caller: Caller, origin: string) {
    const token = newToken();
    const isNew = await this.repos.calendarFeeds.setScheduleFeedHash(caller.userId, sha256Hex(token), true);
    return { url: isNew ? await this.urlOf(token, origin) : null, hasFeed: true };
  }

  /** A new address; the old one answers 404 at once. */
  async resetFeed(caller: Caller, origin: string) {
    const token = newToken();
    await this.repos.calendarFeeds.setScheduleFeedHash(caller.userId, sha256Hex(token), false);
    return { url: await this.urlOf(token, origin), hasFeed: true };
  }

  /**
   * The token holder's assignments from PAST_DAYS ago to the scheduling horizon (at most FEED_EVENT_CAP), each
   * at its shift's times in the church's zone. An unknown or replaced token is a 404, and so is the token of a person
   * who may no longer sign in.
   */
  async ics(token: string): Promise<string> {
    const repos = this.repos;
    const user = /^[0-9a-f]{64}$/.test(token) ? await repos.calendarFeeds.userByScheduleFeedHash(sha256Hex(token)) : undefined;
    if (!user || !maySignIn(user)) throw notFound('This schedule feed does not exist; it may have been replaced by a new address');
    const [today, horizonWeeks, timeZone, churchName, serviceUrl] = await Promise.all([
      this.time.today(),
      this.settings.get('iVolunteerSchedulingHorizonWeeks'),
      this.settings.get('sTimeZone'),
      this.settings.get('sChurchName'),
      this.settings.get('sServiceURL'),
    ]);
    const rows = await repos.memberView.scheduleFeed(user.id, {
      from: addDays(today, -PAST_DAYS), to: addDays(today, horizonWeeks * 7), statuses: SHOWN_STATUSES, limit: FEED_EVENT_CAP,
    });
    const schedulePage = serviceUrl.trim() === '' ? undefined : `${serviceUrl.trim().replace(/\/+$/, '')}/`;
    const calendar = churchCalendar('My schedule', timeZone, churchName);
    const stamp = this.time.clock.now();
    for (const row of rows) {
      const shown = SHOWN[row.status]!;
      calendar.createEvent({
        id: `assignment-${row.id}`,
        stamp,
        start: churchWallClock(row.start_at, timeZone),
        end: churchWallClock(row.end_at, timeZone),
        timezone: timeZone,
        summary: `${row.position_name} · ${row.ministry_name} (${row.team_name})${shown.suffix ?? ''}`,
        description: [row.event_title, `Position: ${row.position_name}`, `Ministry: ${row.ministry_name}`, `Team: ${row.team_name}`, shown.note].join('\n'),
        status: shown.status,
        transparency: shown.free ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
        url: schedulePage,
      });
    }
    return calendar.toString();
  }
}
