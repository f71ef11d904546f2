import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { LIVE_STATUSES } from '../schema.js';
import { occurrenceShifts } from '../joins.js';
import { precompiled } from '../precompiled.js';
import { shiftEnd } from '../shift-times.js';

// Every view of staffing and every placement (E11, E14) reads these rows: compiled once.
const requirementRowsOf = precompiled((db: Executor, occurrenceIds: readonly number[]) =>
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
    .orderBy('requirements.position_id'));

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

    /** Live (pending or accepted) and pending assignments per occurrence and position. */
    async liveCounts(occurrenceIds: readonly number[]) {
      if (occurrenceIds.length === 0) return [];
      return db
        .selectFrom('assignments')
        .select([
          'occurrence_id',
          'position_id',
          sql<number>`count(*) filter (where status in (${sql.join(LIVE_STATUSES.map((status) => sql.lit(status)))}))::int`.as('live_count'),
          sql<number>`count(*) filter (where status = 'pending')::int`.as('pending_count'),
        ])
        .where('occurrence_id', '=', anyId(occurrenceIds))
        .groupBy(['occurrence_id', 'position_id'])
        .execute();
    },
  };
}
