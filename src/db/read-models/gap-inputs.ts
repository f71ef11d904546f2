import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import type { AssignmentStatus } from '../schema.js';

/** The answers a roster shows: asked, accepted, declined, and served (a past shift). */
const ROSTER_STATUSES = ['pending', 'accepted', 'declined', 'completed'] as const satisfies readonly AssignmentStatus[];
import { occurrenceShifts } from '../joins.js';
import { precompiled } from '../precompiled.js';
import { shiftEnd } from '../shift-times.js';

/** Template rows of each occurrence's schedule and the occurrence's own override rows (E14's facts embed them). */
export const requirementRowsQuery = (db: Executor, occurrenceIds: readonly number[]) =>
  db
    .selectFrom('occurrences')
    .innerJoin('requirements', (join) =>
      join.on((eb) => eb.or([eb('requirements.schedule_id', '=', eb.ref('occurrences.schedule_id')), eb('requirements.occurrence_id', '=', eb.ref('occurrences.id'))])),
    )
    .innerJoin('positions', 'positions.id', 'requirements.position_id')
    .select([
      'occurrences.id as occurrence_id',
      'requirements.id',
      'requirements.schedule_id',
      'requirements.occurrence_id as override_occurrence_id',
      'requirements.position_id',
      'requirements.min_count',
      'requirements.max_count',
      'requirements.notes',
      'positions.name as position_name',
    ])
    .where('occurrences.id', '=', anyId(occurrenceIds))
    .orderBy('requirements.position_id');

// Every view of staffing and every placement (E11, E14) reads these rows: compiled once.
const requirementRowsOf = precompiled(requirementRowsQuery);

const keptCountsOf = precompiled((db: Executor, occurrenceIds: readonly number[]) =>
  db.selectFrom('occurrence_live_counts').select(['occurrence_id', 'position_id', 'live_count', 'pending_count']).where('occurrence_id', '=', anyId(occurrenceIds)));

/** The raw material of the gap derivation (domain/staffing/gaps.ts): requirement rows and live counts per occurrence. */
export function gapInputsReadModel(db: Executor) {
  return {
    /** Scheduled occurrences not over at `now` (event end + end offset), of a ministry or of some of its teams. */
    async openOccurrenceIds(filter: { ministryId: number; teamIds?: readonly number[] }, now: string): Promise<number[]> {
      let query = occurrenceShifts(db)
        .select('occurrences.id')
        .where('schedules.ministry_id', '=', filter.ministryId)
        .where('occurrences.status', '=', 'scheduled')
        .where(shiftEnd, '>=', sql<string>`${now}::timestamp`);
      if (filter.teamIds) {
        if (filter.teamIds.length === 0) return [];
        query = query.where('schedules.team_id', 'in', [...filter.teamIds]);
      }
      return (await query.execute()).map((row) => row.id);
    },

    /** Template rows of each occurrence's schedule and the occurrence's own override rows. */
    async requirementRows(occurrenceIds: readonly number[]) {
      if (occurrenceIds.length === 0) return [];
      return requirementRowsOf(db, occurrenceIds);
    },

    /** Live (pending or accepted) and pending assignments per occurrence and position, as kept (migration 0031). */
    async liveCounts(occurrenceIds: readonly number[]) {
      if (occurrenceIds.length === 0) return [];
      return keptCountsOf(db, occurrenceIds);
    },

    /**
     * The people placed on the occurrences with their answer (pending, accepted, declined, or served), in one
     * statement whatever the number of occurrences: the roster's cells and, counted, its live figures.
     */
    async placedPeople(occurrenceIds: readonly number[]) {
      if (occurrenceIds.length === 0) return [];
      return db
        .selectFrom('assignments')
        .innerJoin('persons', 'persons.id', 'assignments.person_id')
        .select(['assignments.id', 'assignments.occurrence_id', 'assignments.position_id', 'assignments.person_id', 'assignments.status', 'persons.first_name', 'persons.last_name'])
        .where('assignments.occurrence_id', '=', anyId(occurrenceIds))
        .where('assignments.status', 'in', ROSTER_STATUSES)
        .orderBy('assignments.occurrence_id')
        .orderBy('assignments.position_id')
        .orderBy(sql`lower(persons.last_name)`)
        .orderBy(sql`lower(persons.first_name)`)
        .orderBy('assignments.id')
        .execute();
    },
  };
}
