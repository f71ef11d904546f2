import type { Executor } from '../database.js';

/** What the public and member calendar feeds read (contract §14.5, §14.6). */
export function calendarFeedsRepository(db: Executor) {
  const activeEvents = () =>
    db
      .selectFrom('events')
      .leftJoin('event_types', 'event_types.id', 'events.type_id')
      .selectAll('events')
      .select('event_types.name as type_name')
      .where('events.inactive', '=', false);

  return {
    async calendarByToken(token: string) {
      return db.selectFrom('calendars').selectAll().where('access_token', '=', token).executeTakeFirst();
    },

    /**
     * Active events pinned to one of the calendars (or pinned to none, with `unpinned`), kept when they end
     * after `from` and start before `to` (either bound may be absent).
     */
    async events(filter: { calendarIds: readonly number[]; unpinned?: boolean; from?: string; to?: string }) {
      if (filter.calendarIds.length === 0 && !filter.unpinned) return [];
      let query = activeEvents().where((eb) => eb.or([
        ...(filter.calendarIds.length > 0
          ? [eb('events.id', 'in', eb.selectFrom('calendar_events').select('event_id').where('calendar_id', 'in', [...filter.calendarIds]))]
          : []),
        ...(filter.unpinned ? [eb.not(eb.exists(eb.selectFrom('calendar_events').select('event_id').whereRef('calendar_events.event_id', '=', 'events.id')))] : []),
      ]));
      if (filter.from) query = query.where('events.end_at', '>', filter.from);
      if (filter.to) query = query.where('events.start_at', '<', filter.to);
      return query.orderBy('events.start_at').orderBy('events.id').execute();
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
      return db.selectFrom('users').select(['id', 'portal_calendar_selection']).where('portal_calendar_token', '=', token).executeTakeFirst();
    },

    async feedOf(userId: number) {
      return db.selectFrom('users').select(['portal_calendar_token', 'portal_calendar_selection']).where('id', '=', userId).executeTakeFirst();
    },

    async setFeed(userId: number, changes: { token?: string; selection?: string }): Promise<void> {
      await db.updateTable('users').set({
        ...(changes.token !== undefined && { portal_calendar_token: changes.token }),
        ...(changes.selection !== undefined && { portal_calendar_selection: changes.selection }),
      }).where('id', '=', userId).execute();
    },
  };
}
