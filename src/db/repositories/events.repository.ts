import { sql, type Insertable, type Updateable } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { pageWithTotal } from '../pages.js';
import type { EventRow, EventsTable } from '../schema.js';

export function eventsRepository(db: Executor) {
  return {
    async findById(id: number): Promise<EventRow | undefined> {
      return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByIds(ids: readonly number[]): Promise<EventRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('events').selectAll().where('id', 'in', [...ids]).orderBy('start_at').orderBy('id').execute();
    },

    /** One page of the events overlapping [from, to) (either bound may be absent), soonest first, and how many there are. */
    async list(page: { from?: string; to?: string; limit: number; offset: number }): Promise<{ rows: EventRow[]; total: number }> {
      let query = db.selectFrom('events');
      if (page.from) query = query.where('end_at', '>', page.from);
      if (page.to) query = query.where('start_at', '<', page.to);
      return pageWithTotal(query, (filtered) => filtered.selectAll().orderBy('start_at').orderBy('id'), page);
    },

    /** Inserts many events in one statement; answers them in the given order. */
    async insertMany(events: Array<Insertable<EventsTable>>): Promise<EventRow[]> {
      if (events.length === 0) return [];
      const rows = await db.insertInto('events').values(events).returningAll().execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    async update(id: number, changes: Updateable<EventsTable>): Promise<boolean> {
      if (Object.keys(changes).length === 0) return (await this.findById(id)) !== undefined;
      const result = await db.updateTable('events').set(changes).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('events').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Pins every event to every calendar in one statement of two array parameters: as a VALUES list, a
     * series of 366 events on 90 calendars would pass PostgreSQL's limit of 65,535 bind parameters.
     */
    async pin(eventIds: readonly number[], calendarIds: readonly number[]): Promise<void> {
      if (eventIds.length === 0 || calendarIds.length === 0) return;
      await sql`insert into calendar_events (event_id, calendar_id)
                select e, c from unnest(${[...eventIds]}::int[]) as e cross join unnest(${[...calendarIds]}::int[]) as c
                on conflict do nothing`.execute(db);
    },

    async unpinAll(eventId: number): Promise<void> {
      await db.deleteFrom('calendar_events').where('event_id', '=', eventId).execute();
    },

    /** Links every event to every group in one statement, for the same reason as `pin`. */
    async linkGroups(eventIds: readonly number[], groupIds: readonly number[]): Promise<void> {
      if (eventIds.length === 0 || groupIds.length === 0) return;
      await sql`insert into event_audience (event_id, group_id)
                select e, g from unnest(${[...eventIds]}::int[]) as e cross join unnest(${[...groupIds]}::int[]) as g
                on conflict do nothing`.execute(db);
    },

    async unlinkAllGroups(eventId: number): Promise<void> {
      await db.deleteFrom('event_audience').where('event_id', '=', eventId).execute();
    },

    async pinnedCalendars(eventIds: readonly number[]) {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('calendar_events')
        .innerJoin('calendars', 'calendars.id', 'calendar_events.calendar_id')
        .select(['calendar_events.event_id', 'calendars.id', 'calendars.name'])
        .where('calendar_events.event_id', '=', anyId(eventIds))
        .orderBy('calendars.name')
        .execute();
    },

    async linkedGroups(eventIds: readonly number[]) {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('event_audience')
        .innerJoin('groups', 'groups.id', 'event_audience.group_id')
        .select(['event_audience.event_id', 'groups.id', 'groups.name'])
        .where('event_audience.event_id', '=', anyId(eventIds))
        .orderBy('groups.name')
        .execute();
    },

    async counts(eventId: number) {
      return db.selectFrom('event_counts').selectAll().where('event_id', '=', eventId).orderBy('count_id').execute();
    },

    async replaceCounts(eventId: number, counts: Array<{ name: string; count: number; notes: string | null }>): Promise<void> {
      await db.deleteFrom('event_counts').where('event_id', '=', eventId).execute();
      if (counts.length > 0) {
        await db.insertInto('event_counts').values(counts.map((c, i) => ({ event_id: eventId, count_id: i + 1, ...c }))).execute();
      }
    },

    async checkedInCount(eventId: number): Promise<number> {
      const row = await db
        .selectFrom('event_attend')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('event_id', '=', eventId)
        .where('checkin_at', 'is not', null)
        .where('checkout_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async isAssignedToKiosk(eventId: number): Promise<boolean> {
      return (await db.selectFrom('kiosk_devices').select('id').where('assigned_event_id', '=', eventId).executeTakeFirst()) !== undefined;
    },

    /** Dates (YYYY-MM-DD) among `dates` that already have an active event of the type. */
    async datesWithActiveEventOfType(typeId: number, dates: readonly string[]): Promise<Set<string>> {
      if (dates.length === 0) return new Set();
      const rows = await db
        .selectFrom('events')
        .select(sql<string>`to_char(start_at, 'YYYY-MM-DD')`.as('day'))
        .where('type_id', '=', typeId)
        .where('inactive', '=', false)
        .where(sql<string>`to_char(start_at, 'YYYY-MM-DD')`, 'in', [...dates])
        .execute();
      return new Set(rows.map((row) => row.day));
    },
  };
}
