import { randomBytes } from 'node:crypto';
import { convert } from 'html-to-text';
import type { ICalCalendar } from 'ical-generator';
import type { Kysely } from 'kysely';
import type { DB, EventRow } from '../../db/schema.js';
import type { CalendarsService, PortalCalendarRef } from '../calendars/calendars.service.js';
import type { Caller } from '../access/caller.js';
import { memberMayReadCalendar } from '../access/calendars.policies.js';
import type { ChurchTime } from '../church-time.js';
import { addDays, DATE_FORMAT_MESSAGE, isValidDate, parseDateTime } from '../dates.js';
import { forbidden, invalid, notFound } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { maySignIn } from '../users/sign-in.js';
import { churchCalendar, churchWallClock } from './church-calendar.js';
import { DatabaseService } from '../database-service.js';

type FeedEvent = EventRow & { type_name: string | null };

/** `start`/`end` of a feed: a date or a date-time; an offset, when sent, is ignored (the church's wall clock applies). */
function feedBound(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (isValidDate(text)) return `${text} 00:00:00`;
  const parsed = parseDateTime(text.slice(0, 19));
  if (!parsed) throw invalid(DATE_FORMAT_MESSAGE);
  return parsed;
}

/** An event's HTML description as plain text, through a real HTML parser (images and link targets dropped). */
const htmlToText = (html: string | null) =>
  convert(html ?? '', { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }, { selector: 'a', options: { ignoreHref: true } }] }).trim();

/**
 * The same text for a client that may put it into a page: markup that was only text in the source (`&lt;img&gt;`
 * or a broken tag) must not become markup there, so angle brackets are escaped.
 */
export const htmlToSafeText = (html: string | null) => htmlToText(html).replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An iCalendar feed lists at most this many events (the soonest in its window). */
export const FEED_EVENT_CAP = 2000;
// Calendars whose last iCalendar text is kept; the least recently built goes first.
const ICS_CACHE_SIZE = 50;

/** The calendar feeds: public by calendar token (§14.5) and the member's own feed (§14.6, §15.8). */
export class CalendarFeedsService extends DatabaseService {
  private readonly icsCache = new Map<number, { key: string; text: string }>();

  constructor(
    db: Kysely<DB>,
    private readonly time: ChurchTime,
    private readonly settings: SettingsService,
    private readonly calendars: CalendarsService,
  ) {
    super(db);
  }

  /** The calendar behind a public token: 403 while the external API is off, 400 blank, 404 unknown. */
  private async calendarOf(token: string) {
    if (!(await this.settings.get('bEnableExternalCalendarAPI'))) throw forbidden('External Calendar API is disabled');
    if (token.trim() === '') throw invalid('Missing calendar access token');
    // Tokens are printable; anything else (a NUL byte would reach the database) names no calendar.
    const calendar = /^[\x21-\x7e]{1,200}$/.test(token) ? await this.repos.calendarFeeds.calendarByToken(token) : undefined;
    if (!calendar) throw notFound('Calendar access token not found');
    return calendar;
  }

  async publicEvents(token: string, start?: string, end?: string) {
    const calendar = await this.calendarOf(token);
    return this.repos.calendarFeeds.events({ calendarIds: [calendar.id], from: feedBound(start), to: feedBound(end), limit: FEED_EVENT_CAP });
  }

  /**
   * The token's calendar as iCalendar: the feed window (three months back, eighteen ahead) and at most
   * FEED_EVENT_CAP events. The text is cached per calendar and rebuilt only when the calendar's events, its name
   * or the church's zone or name change (checked with one cheap query, so every instance sees a change at once).
   */
  async publicIcs(token: string): Promise<string> {
    const calendar = await this.calendarOf(token);
    const filter = { calendarIds: [calendar.id], ...(await this.feedWindow()), limit: FEED_EVENT_CAP };
    const key = [
      await this.repos.calendarFeeds.eventsFingerprint(filter), calendar.name, filter.from, filter.to,
      await this.settings.get('sTimeZone'), await this.settings.get('sChurchName'),
    ].join('\n');
    const cached = this.icsCache.get(calendar.id);
    if (cached?.key === key) return cached.text;
    const text = await this.toIcs(calendar.name, await this.repos.calendarFeeds.events(filter));
    this.icsCache.delete(calendar.id);
    if (this.icsCache.size >= ICS_CACHE_SIZE) this.icsCache.delete(this.icsCache.keys().next().value!);
    this.icsCache.set(calendar.id, { key, text });
    return text;
  }

  /** The window of the iCalendar feeds, from today in the church's zone. */
  private async feedWindow(): Promise<{ from: string; to: string }> {
    const today = await this.time.today();
    return { from: `${addDays(today, -92)} 00:00:00`, to: `${addDays(today, 549)} 00:00:00` };
  }

  /** The token's events for FullCalendar, with the church's zone their times are shown in. */
  async fullCalendar(token: string, start?: string, end?: string) {
    const events = await this.publicEvents(token, start, end);
    return { events, timeZone: await this.settings.get('sTimeZone') };
  }

  private async toIcs(name: string, events: readonly FeedEvent[], extra: (calendar: ICalCalendar) => void = () => undefined): Promise<string> {
    const timeZone = await this.settings.get('sTimeZone');
    const churchName = await this.settings.get('sChurchName');
    const calendar = churchCalendar(name, timeZone, churchName);
    const stamp = this.time.clock.now();
    for (const event of events) {
      calendar.createEvent({
        id: `event-${event.id}`,
        stamp,
        start: churchWallClock(event.start_at, timeZone),
        end: churchWallClock(event.end_at, timeZone),
        summary: event.title,
        description: htmlToText(event.description ?? event.text) || undefined,
        timezone: timeZone,
      });
    }
    extra(calendar);
    return calendar.toString();
  }

  /**
   * The member feed: the calendars of the member's selection that the administrator shares, in the feed window
   * (at most FEED_EVENT_CAP events). An unknown or retired token is a bare 404, as is that of a person who may no
   * longer sign in.
   */
  async memberIcs(token: string): Promise<string> {
    const repos = this.repos;
    const user = /^[0-9a-f]{64}$/.test(token) ? await repos.calendarFeeds.userByFeedToken(token) : undefined;
    if (!user || !maySignIn(user)) throw notFound('Not found');
    const shared = await this.calendars.sharedPortalCalendars();
    const selection = this.parseSelection(user.portal_calendar_selection);
    const calendarIds = selection.filter((ref) => ref.type === 'calendar' && memberMayReadCalendar(shared, ref)).map((ref) => ref.id);
    const systemIds = selection.filter((ref) => ref.type === 'system' && memberMayReadCalendar(shared, ref)).map((ref) => ref.id);
    const { from, to } = await this.feedWindow();
    const events = await repos.calendarFeeds.events({ calendarIds, unpinned: systemIds.includes(1), from, to, limit: FEED_EVENT_CAP });
    const birthdays = systemIds.includes(0) ? await repos.calendarFeeds.birthdays() : [];
    return this.toIcs('My church calendar', events, (calendar) => {
      const years = [Number(from.slice(0, 4)), Number(from.slice(0, 4)) + 1, Number(from.slice(0, 4)) + 2];
      for (const person of birthdays) {
        for (const year of years) {
          const day = `${year}-${String(person.birth_month).padStart(2, '0')}-${String(person.birth_day).padStart(2, '0')}`;
          if (!isValidDate(day) || `${day} 00:00:00` < from || `${day} 00:00:00` > to) continue;
          calendar.createEvent({ id: `birthday-${person.id}-${year}`, stamp: this.time.clock.now(), start: new Date(`${day}T00:00:00Z`), allDay: true, summary: `${person.first_name} ${person.last_name}'s birthday` });
        }
      }
    });
  }

  private parseSelection(stored: string | null): PortalCalendarRef[] {
    try {
      const parsed = JSON.parse(stored ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }

  /** `GET /api/users/current/calendar-feed`: the member's chosen calendars and feed token (null before the first save). */
  async feed(caller: Caller): Promise<{ selection: PortalCalendarRef[]; token: string | null }> {
    const row = await this.repos.calendarFeeds.feedOf(caller.userId);
    return { selection: this.parseSelection(row?.portal_calendar_selection ?? null), token: row?.portal_calendar_token ?? null };
  }

  /** Saves the selection (only calendars the administrator shares); the first save mints the token. */
  async saveFeed(caller: Caller, calendarIds: number[], systemCalendarIds: number[]) {
    const shared = await this.calendars.sharedPortalCalendars();
    const refs: PortalCalendarRef[] = [
      ...[...new Set(calendarIds)].map((id) => ({ type: 'calendar' as const, id })),
      ...[...new Set(systemCalendarIds)].map((id) => ({ type: 'system' as const, id })),
    ];
    if (!refs.every((ref) => memberMayReadCalendar(shared, ref))) {
      throw invalid('Choose only calendars the church shares with members');
    }
    const current = await this.repos.calendarFeeds.feedOf(caller.userId);
    await this.repos.calendarFeeds.setFeed(caller.userId, {
      selection: JSON.stringify(refs),
      ...(current?.portal_calendar_token ? {} : { token: randomBytes(32).toString('hex') }),
    });
    return this.feed(caller);
  }

  /** A new token; the old address answers 404 at once. */
  async resetFeed(caller: Caller) {
    await this.repos.calendarFeeds.setFeed(caller.userId, { token: randomBytes(32).toString('hex') });
    return this.feed(caller);
  }
}
