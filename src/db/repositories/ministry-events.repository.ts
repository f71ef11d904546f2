import { sql } from 'kysely';
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
      if (eventIds.length > 0) await db.deleteFrom('event_audience').where('event_id', 'in', [...eventIds]).where('group_id', '=', groupId).execute();
    },

    /** Other ministries with pending or accepted volunteers on the events. */
    async otherMinistriesStaffing(eventIds: readonly number[], exceptMinistryId: number) {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('assignments')
        .innerJoin('occurrences', 'occurrences.id', 'assignments.occurrence_id')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .select([
          'ministries.id as ministry_id',
          'ministries.name as ministry_name',
          sql<number>`count(*)::int`.as('assigned'),
          sql<number>`count(distinct occurrences.event_id)::int`.as('event_count'),
        ])
        .where('occurrences.event_id', 'in', [...eventIds])
        .where('schedules.ministry_id', '<>', exceptMinistryId)
        .where('assignments.status', 'in', ['pending', 'accepted'])
        .groupBy(['ministries.id', 'ministries.name'])
        .orderBy('ministries.name')
        .execute();
    },
  };
}
