import type { Executor } from '../database.js';
import { assignmentSchedules } from '../joins.js';
import { translateConstraintError } from '../errors.js';
import { reachesNothing, schedulesInScope, type ScopeIds } from '../scope-filter.js';

export function swapsRepository(db: Executor) {
  const detailed = () =>
    assignmentSchedules(db)
      .innerJoin('swaps', 'swaps.assignment_id', 'assignments.id')
      .innerJoin('positions', 'positions.id', 'assignments.position_id')
      .innerJoin('persons as proposer', 'proposer.id', 'swaps.proposed_by_person_id')
      .innerJoin('persons as proposed', 'proposed.id', 'swaps.proposed_person_id')
      .selectAll('swaps')
      .select([
        'assignments.occurrence_id',
        'assignments.position_id',
        'positions.name as position_name',
        'schedules.team_id',
        'schedules.ministry_id',
        'proposer.first_name as proposer_first_name',
        'proposer.last_name as proposer_last_name',
        'proposed.first_name as proposed_first_name',
        'proposed.last_name as proposed_last_name',
      ]);

  return {
    async findDetailed(id: number) {
      return detailed().where('swaps.id', '=', id).executeTakeFirst();
    },

    /** `window` keeps the swaps on occurrences of those dates whose ministry is active (the dashboard's panel). */
    async list(filter: ScopeIds & {
      assignmentId?: number; status?: string; ministryId?: number; occurrenceId?: number; window?: { from: string; to: string }; limit?: number;
    }) {
      let query = detailed();
      if (filter.assignmentId !== undefined) query = query.where('swaps.assignment_id', '=', filter.assignmentId);
      if (filter.status !== undefined) query = query.where('swaps.status', '=', filter.status as 'proposed');
      if (filter.ministryId !== undefined) query = query.where('schedules.ministry_id', '=', filter.ministryId);
      if (filter.occurrenceId !== undefined) query = query.where('assignments.occurrence_id', '=', filter.occurrenceId);
      if (reachesNothing(filter)) return [];
      const inScope = schedulesInScope(filter);
      if (inScope) query = query.where(inScope);
      if (filter.window) {
        query = query
          .where('occurrences.occurrence_date', '>=', filter.window.from)
          .where('occurrences.occurrence_date', '<=', filter.window.to)
          .where('schedules.ministry_id', 'in', db.selectFrom('ministries').select('id').where('active', '=', true));
      }
      query = query.orderBy('swaps.proposed_at', 'desc').orderBy('swaps.id', 'desc');
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      return query.execute();
    },

    /** At most one pending proposal per assignment: a second one fails the partial unique index. */
    async insert(row: { assignmentId: number; proposedBy: number; proposedPerson: number; at: string; comment: string | null }): Promise<number> {
      const inserted = await db
        .insertInto('swaps')
        .values({ assignment_id: row.assignmentId, proposed_by_person_id: row.proposedBy, proposed_person_id: row.proposedPerson, proposed_at: row.at, comment: row.comment })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(translateConstraintError);
      return inserted.id;
    },

    /** Decides a proposal still `proposed`; answers whether this call decided it. */
    async decide(id: number, status: 'approved' | 'rejected' | 'withdrawn', by: number, at: string, comment: string | null): Promise<boolean> {
      const result = await db
        .updateTable('swaps')
        .set({ status, decided_at: at, decided_by_person_id: by, ...(comment !== null && { comment }) })
        .where('id', '=', id)
        .where('status', '=', 'proposed')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
