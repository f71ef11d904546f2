import { sql } from 'kysely';
import type { Executor } from '../database.js';

/** Calendars (or the unpinned events), a window, and at most `limit` rows, soonest first. */
export interface FeedFilter {
  calendarIds: readonly number[];
  unpinned?: boolean;
  from?: string;
  to?: string;
  limit?: number;
}

/** What the public and member calendar feeds read (contract §14.5, §14.6). */
export function calendarFeedsRepository(db: Executor) {
  const activeEvents = () =>
    db
      .selectFrom('events')
      .leftJoin('event_types', 'event_types.id', 'events.type_id')
      .selectAll('events')
      .select('event_types.name as type_name')
      .where('events.inactive', '=', false);

  const feedEvents = (filter: FeedFilter) => {
    let query = activeEvents().where((eb) => eb.or([
      ...(filter.calendarIds.length > 0
        ? [eb('events.id', 'in', eb.selectFrom('calendar_events').select('event_id').where('calendar_id', 'in', [...filter.calendarIds]))]
        : []),
      ...(filter.unpinned ? [eb.not(eb.exists(eb.selectFrom('calendar_events').select('event_id').whereRef('calendar_events.event_id', '=', 'events.id')))] : []),
    ]));
    if (filter.from) query = query.where('events.end_at', '>', filter.from);
    if (filter.to) query = query.where('events.start_at', '<', filter.to);
    return query;
  };

  return {
    async calendarByToken(token: string) {
      return db.selectFrom('calendars').selectAll().where('access_token', '=', token).executeTakeFirst();
    },

    /**
     * Active events pinned to one of the calendars (or pinned to none, with `unpinned`), kept when they end
     * after `from` and start before `to` (either bound may be absent).
     */
    async events(filter: FeedFilter) {
      if (filter.calendarIds.length === 0 && !filter.unpinned) return [];
      const query = feedEvents(filter).orderBy('events.start_at').orderBy('events.id');
      return (filter.limit === undefined ? query : query.limit(filter.limit)).execute();
    },

    /**
     * A value that changes whenever the events a feed would list change: one added, removed, pinned, unpinned or
     * edited (every update gives the row a new `xmin`). Cheap next to building the feed, and the same on every
     * instance, so a cached feed is never served stale after a change.
     */
    async eventsFingerprint(filter: FeedFilter): Promise<string> {
      if (filter.calendarIds.length === 0 && !filter.unpinned) return '0';
      const row = await feedEvents(filter)
        .clearSelect()
        .select(sql<string>`count(*) || ':' || coalesce(sum(hashtext(events.xmin::text || ':' || events.id)), 0)`.as('fingerprint'))
        .executeTakeFirstOrThrow();
      return row.fingerprint;
    },

    /** People with a known birthday who are alive and active. */
    async birthdays() {
      return db
        .selectFrom('persons')
        .select(['id', 'first_name', 'last_name', 'birth_month', 'birth_day'])
        .where('birth_month', 'is not', null)
        .where('birth_day', 'is not', null)
        .where('deceased_date', 'is', null)
        .where('inactive', '=', false)
        .execute();
    },

    async userByFeedToken(token: string) {
      return db.selectFrom('users').innerJoin('persons', 'persons.id', 'users.id')
        .select(['users.id', 'users.portal_calendar_selection', 'persons.inactive', 'persons.deceased_date'])
        .where('users.portal_calendar_token', '=', token).executeTakeFirst();
    },

    async feedOf(userId: number) {
      return db.selectFrom('users').select(['portal_calendar_token', 'portal_calendar_selection']).where('id', '=', userId).executeTakeFirst();
    },

    async userByScheduleFeedHash(hash: string) {
      return db.selectFrom('users').innerJoin('persons', 'persons.id', 'users.id')
        .select(['users.id', 'persons.inactive', 'persons.deceased_date'])
        .where('users.schedule_feed_token_hash', '=', hash).executeTakeFirst();
    },

    /** Stores the hash of a new schedule feed token; with `onlyFirst`, only when the user has none (false otherwise). */
    async setScheduleFeedHash(userId: number, hash: string, onlyFirst: boolean): Promise<boolean> {
      let query = db.updateTable('users').set({ schedule_feed_token_hash: hash }).where('id', '=', userId);
      if (onlyFirst) query = query.where('schedule_feed_token_hash', 'is', null);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setFeed(userId: number, changes: { token?: string; selection?: string }): Promise<void> {
      await db.updateTable('users').set({
        ...(changes.token !== undefined && { portal_calendar_token: changes.token }),
        ...(changes.selection !== undefined && { portal_calendar_selection: changes.selection }),
      }).where('id', '=', userId).execute();
    },
  };
}
