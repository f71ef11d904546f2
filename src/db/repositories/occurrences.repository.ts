import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { reachesNothing, schedulesInScope } from '../scope-filter.js';
import { occurrenceShifts } from '../joins.js';
import { precompiled } from '../precompiled.js';
import { shiftStart, shiftEnd } from '../shift-times.js';

/** Occurrences with what their views need: schedule, team, ministry and the event times moved by the offsets. */
const detailedIn = (db: Executor) =>
  occurrenceShifts(db)
    .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
    .innerJoin('teams', 'teams.id', 'schedules.team_id')
    .selectAll('occurrences')
    .select([
      'ministries.name as ministry_name',
      'ministries.active as ministry_active',
      'teams.name as team_name',
      'schedules.name as schedule_name',
      'schedules.one_off',
      'schedules.ministry_id',
      'schedules.team_id',
      shiftStart.as('start_at'),
      shiftEnd.as('end_at'),
    ]);

// Every request about one occurrence starts here (its access check).
const detailedById = precompiled((db: Executor, id: number) => detailedIn(db).where('occurrences.id', '=', id));

export function occurrencesRepository(db: Executor) {
  const detailed = () => detailedIn(db);

  return {
    /** Every occurrence anchored to the event takes its (new) date; staffing and assignments stay as they are. */
    async followEvent(eventId: number, date: string): Promise<void> {
      await db.updateTable('occurrences').set({ occurrence_date: date }).where('event_id', '=', eventId).where('occurrence_date', '<>', date).execute();
    },
    async listByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return detailed().where('occurrences.id', '=', anyId(ids)).execute();
    },

    async findDetailed(id: number) {
      const [row] = await detailedById(db, id);
      return row;
    },

    /**
     * Occurrences in [from, to] (dates), scoped to ministries or teams (undefined = all), by date, then id.
     * `after` continues from the last row of the previous page, so a caller can read a whole window page by page,
     * however large it is.
     */
    async list(filter: {
      from: string; to: string; ministryIds?: readonly number[]; teamIds?: readonly number[]; ministryId?: number; teamId?: number;
      scheduleId?: number; status?: string; text?: string; limit: number; after?: { date: string; id: number };
    }) {
      let query = detailed()
        .where('occurrences.occurrence_date', '>=', filter.from)
        .where('occurrences.occurrence_date', '<=', filter.to);
      const after = filter.after;
      if (after) {
        query = query.where((eb) => eb.or([
          eb('occurrences.occurrence_date', '>', after.date),
          eb.and([eb('occurrences.occurrence_date', '=', after.date), eb('occurrences.id', '>', after.id)]),
        ]));
      }
      if (reachesNothing(filter)) return [];
      const inScope = schedulesInScope(filter);
      if (inScope) query = query.where(inScope);
      if (filter.ministryId !== undefined) query = query.where('schedules.ministry_id', '=', filter.ministryId);
      if (filter.teamId !== undefined) query = query.where('schedules.team_id', '=', filter.teamId);
      if (filter.scheduleId !== undefined) query = query.where('schedules.id', '=', filter.scheduleId);
      if (filter.status !== undefined) query = query.where('occurrences.status', '=', filter.status as 'scheduled');
      if (filter.text) {
        const pattern = `%${filter.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb(sql`lower(schedules.name)`, 'like', pattern), eb(sql`lower(events.title)`, 'like', pattern)]));
      }
      return query.orderBy('occurrences.occurrence_date').orderBy('occurrences.id').limit(filter.limit).execute();
    },

    async setStatus(id: number, status: 'scheduled' | 'cancelled'): Promise<void> {
      await db.updateTable('occurrences').set({ status }).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('occurrences').where('id', '=', id).execute();
    },

    async countForSchedule(scheduleId: number): Promise<number> {
      const row = await db.selectFrom('occurrences').select(sql<number>`count(*)::int`.as('n')).where('schedule_id', '=', scheduleId).executeTakeFirstOrThrow();
      return row.n;
    },
  };
}
