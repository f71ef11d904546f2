import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';

/** Calendar events as the volunteer area sees them: owned by ministries, staffed by their teams. */
export function ministryEventsRepository(db: Executor) {
  return {
    /** Events owned by the ministry whose Linked Groups include the group. */
    async ownedWithLinkedGroup(ministryId: number, groupId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('events')
        .innerJoin('event_audience', 'event_audience.event_id', 'events.id')
        .select('events.id')
        .where('events.event_ministry_id', '=', ministryId)
        .where('event_audience.group_id', '=', groupId)
        .orderBy('events.id')
        .execute();
      return rows.map((row) => row.id);
    },

    async unlinkGroup(eventIds: readonly number[], groupId: number): Promise<void> {
      if (eventIds.length > 0) await db.deleteFrom('event_audience').where('event_id', '=', anyId(eventIds)).where('group_id', '=', groupId).execute();
    },

    /** Other ministries with pending or accepted volunteers on the events, from the kept live counts (migration 0031). */
    async otherMinistriesStaffing(eventIds: readonly number[], exceptMinistryId: number) {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('occurrence_live_counts')
        .innerJoin('occurrences', 'occurrences.id', 'occurrence_live_counts.occurrence_id')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .select([
          'ministries.id as ministry_id',
          'ministries.name as ministry_name',
          sql<number>`sum(occurrence_live_counts.live_count)::int`.as('assigned'),
          sql<number>`count(distinct occurrences.event_id)::int`.as('event_count'),
        ])
        .where('occurrences.event_id', '=', anyId(eventIds))
        .where('schedules.ministry_id', '<>', exceptMinistryId)
        .where('occurrence_live_counts.live_count', '>', 0)
        .groupBy(['ministries.id', 'ministries.name'])
        .orderBy('ministries.name')
        .execute();
    },

    /** Events owned by the ministry whose start date lies in [from, to], inactive included; `limit` rows at most. */
    async ownedInWindow(ministryId: number, from: string, to: string, newestFirst: boolean, limit: number) {
      return db
        .selectFrom('events')
        .leftJoin('event_types', 'event_types.id', 'events.type_id')
        .selectAll('events')
        .select('event_types.name as type_name')
        .where('events.event_ministry_id', '=', ministryId)
        .where('events.start_at', '>=', `${from} 00:00:00`)
        .where('events.start_at', '<=', `${to} 23:59:59`)
        .orderBy('events.start_at', newestFirst ? 'desc' : 'asc')
        .orderBy('events.id', newestFirst ? 'desc' : 'asc')
        .limit(limit)
        .execute();
    },

    /** Recorded headcount totals of the events. */
    async headcounts(eventIds: readonly number[]) {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('event_counts')
        .select(['event_id', sql<number>`sum(count)::int`.as('total')])
        .where('event_id', '=', anyId(eventIds))
        .groupBy('event_id')
        .execute();
    },

    /** The ministry's own scheduled occurrences anchored to the events, with their team. */
    async ownOccurrencesOn(ministryId: number, eventIds: readonly number[]) {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('occurrences')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .innerJoin('teams', 'teams.id', 'schedules.team_id')
        .select(['occurrences.id', 'occurrences.event_id', 'schedules.team_id', 'teams.name as team_name'])
        .where('occurrences.event_id', '=', anyId(eventIds))
        .where('schedules.ministry_id', '=', ministryId)
        .where('occurrences.status', '=', 'scheduled')
        .orderBy('occurrences.id')
        .execute();
    },

    /**
     * Other ministries staffing the events: per event and ministry, the live assignments on its occurrences
     * (any status), ministries in the order of their first occurrence. The live assignments are the kept counts
     * of migration 0031, a sum over each occurrence's few positions: counting them here took 50–70 ms of E1 for a
     * year of a large church's Sundays (230,000 assignments).
     */
    async otherStaffingOn(ministryId: number, eventIds: readonly number[]) {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('occurrences')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .leftJoin('occurrence_live_counts', 'occurrence_live_counts.occurrence_id', 'occurrences.id')
        .select([
          'occurrences.event_id',
          'schedules.ministry_id',
          'ministries.name as ministry_name',
          sql<number>`coalesce(sum(occurrence_live_counts.live_count), 0)::int`.as('assigned'),
        ])
        .where('occurrences.event_id', '=', anyId(eventIds))
        .where('schedules.ministry_id', '<>', ministryId)
        .groupBy(['occurrences.event_id', 'schedules.ministry_id', 'ministries.name'])
        .orderBy(sql`min(occurrences.id)`)
        .execute();
    },

    /** Upcoming active events per title (ignoring case) for a type or a ministry, from `from`. */
    async series(filter: { eventTypeId?: number; ministryId?: number }, from: string) {
      let query = db
        .selectFrom('events')
        .select([
          sql<string>`min(events.title)`.as('title'),
          sql<string>`min(events.start_at)`.as('next_start'),
          sql<number>`count(*)::int`.as('count'),
        ])
        .where('events.inactive', '=', false)
        .where('events.start_at', '>=', from);
      if (filter.eventTypeId !== undefined) query = query.where('events.type_id', '=', filter.eventTypeId);
      if (filter.ministryId !== undefined) query = query.where('events.event_ministry_id', '=', filter.ministryId);
      return query.groupBy(sql`lower(events.title)`).orderBy(sql`min(events.start_at)`).execute();
    },

    /** Active Sunday School classes, and any group with upcoming linked events, with their upcoming meetings. */
    async classes(from: string) {
      return db
        .selectFrom('groups')
        .leftJoin('event_audience', 'event_audience.group_id', 'groups.id')
        .leftJoin('events', (join) => join.onRef('events.id', '=', 'event_audience.event_id').on('events.inactive', '=', false).on('events.start_at', '>=', from))
        .select([
          'groups.id',
          'groups.name',
          'groups.type',
          sql<number>`count(events.id)::int`.as('upcoming_count'),
          sql<string | null>`min(events.start_at)`.as('next_start'),
        ])
        .where((eb) => eb.or([eb.and([eb('groups.type', '=', 4), eb('groups.active', '=', true)]), eb('events.id', 'is not', null)]))
        .groupBy(['groups.id', 'groups.name', 'groups.type'])
        .orderBy(sql`lower(groups.name)`)
        .execute();
    },

    /** Future active events, soonest first, at most `limit`; `text` matches the title literally. */
    async upcoming(from: string, to: string | undefined, text: string | undefined, limit: number) {
      let query = db
        .selectFrom('events')
        .leftJoin('event_types', 'event_types.id', 'events.type_id')
        .select(['events.id', 'events.title', 'events.start_at', 'events.end_at', 'events.type_id', 'event_types.name as type_name'])
        .where('events.inactive', '=', false)
        .where('events.start_at', '>=', from);
      if (to) query = query.where('events.start_at', '<=', `${to} 23:59:59`);
      if (text) query = query.where(sql`lower(events.title)`, 'like', `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return query.orderBy('events.start_at').orderBy('events.id').limit(limit).execute();
    },

    async eventsStaffedByTeam(teamId: number, eventIds: readonly number[]): Promise<Set<number>> {
      if (eventIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('occurrences')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .select('occurrences.event_id')
        .where('schedules.team_id', '=', teamId)
        .where('occurrences.event_id', '=', anyId(eventIds))
        .execute();
      return new Set(rows.map((row) => row.event_id));
    },
  };
}
