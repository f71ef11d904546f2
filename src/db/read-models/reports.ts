import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { assignmentSchedules } from '../joins.js';
import { SERVICE_STATUSES } from '../schema.js';

const serviceStatuses = sql.join(SERVICE_STATUSES.map((status) => sql.lit(status)));

/** A ministry's reports and its people's availability at a glance (issue 35 #4, #6): a fixed number of statements each. */
export function reportsReadModel(db: Executor) {
  return {
    /** Scheduled occurrences of the ministry (or one team) between the dates, with their date. */
    async occurrences(filter: { ministryId: number; teamId?: number; from: string; to: string }) {
      let query = db.selectFrom('occurrences')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .select(['occurrences.id', sql<string>`to_char(occurrences.occurrence_date, 'YYYY-MM-DD')`.as('date')])
        .where('schedules.ministry_id', '=', filter.ministryId)
        .where('occurrences.status', '=', 'scheduled')
        .where('occurrences.occurrence_date', '>=', filter.from)
        .where('occurrences.occurrence_date', '<=', filter.to);
      if (filter.teamId !== undefined) query = query.where('schedules.team_id', '=', filter.teamId);
      return query.orderBy('occurrences.occurrence_date').orderBy('occurrences.id').execute();
    },

    /**
     * Places held per occurrence and position, for the gap derivation over past and coming weeks: pending,
     * accepted and completed (a past shift's assignment is completed once it ends, and still filled its place).
     */
    async heldCounts(occurrenceIds: readonly number[]) {
      if (occurrenceIds.length === 0) return [];
      return db.selectFrom('assignments')
        .select([
          'occurrence_id', 'position_id',
          sql<number>`count(*) filter (where status in (${serviceStatuses}))::int`.as('live_count'),
          sql<number>`count(*) filter (where status = 'pending')::int`.as('pending_count'),
        ])
        .where('occurrence_id', '=', anyId(occurrenceIds))
        .groupBy(['occurrence_id', 'position_id'])
        .execute();
    },

    /**
     * Per person and occurrence date, the assignments of the ministry (or one team) on scheduled occurrences
     * between the dates, by answer: accepted (or completed), declined, pending (no answer yet).
     */
    async replies(filter: { ministryId: number; teamId?: number; from: string; to: string }) {
      let query = assignmentSchedules(db)
        .innerJoin('persons', 'persons.id', 'assignments.person_id')
        .select([
          'assignments.person_id', 'persons.first_name', 'persons.last_name',
          sql<string>`to_char(occurrences.occurrence_date, 'YYYY-MM-DD')`.as('date'),
          sql<number>`count(*) filter (where assignments.status in ('accepted', 'completed'))::int`.as('accepted'),
          sql<number>`count(*) filter (where assignments.status = 'declined')::int`.as('declined'),
          sql<number>`count(*) filter (where assignments.status = 'pending')::int`.as('pending'),
        ])
        .where('schedules.ministry_id', '=', filter.ministryId)
        .where('occurrences.status', '=', 'scheduled')
        .where('occurrences.occurrence_date', '>=', filter.from)
        .where('occurrences.occurrence_date', '<=', filter.to)
        .where('assignments.status', 'in', ['accepted', 'completed', 'declined', 'pending'])
        .groupBy(['assignments.person_id', 'persons.first_name', 'persons.last_name', 'occurrences.occurrence_date']);
      if (filter.teamId !== undefined) query = query.where('schedules.team_id', '=', filter.teamId);
      return query.execute();
    },

    /** The people of the ministry's pool, with whether each has a login, by name. */
    async poolPeople(ministryId: number) {
      return db.selectFrom('groups')
        .innerJoin('group_members', 'group_members.group_id', 'groups.id')
        .innerJoin('persons', 'persons.id', 'group_members.person_id')
        .select((eb) => [
          'persons.id as person_id', 'persons.first_name', 'persons.last_name',
          eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'persons.id')).as('has_login'),
        ])
        .where('groups.ministry_id', '=', ministryId)
        .orderBy(sql`lower(persons.last_name)`).orderBy(sql`lower(persons.first_name)`).orderBy('persons.id')
        .execute();
    },
  };
}
