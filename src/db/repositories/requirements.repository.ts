import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { precompiled } from '../precompiled.js';

export interface RequirementCounts {
  minCount: number;
  maxCount: number | null;
  notes: string | null;
}

export interface DefaultRow {
  personId: number;
  accepted: boolean;
  setBy: number | null;
  sort: number;
}

/** Staffing needs: template rows on schedules, override rows on occurrences, and saved default volunteers. */
// The staffing view and the requirements editor read them on every request: compiled once.
const defaultsOf = precompiled((db: Executor, requirementIds: readonly number[]) =>
  db
    .selectFrom('requirement_defaults')
    .innerJoin('requirements', 'requirements.id', 'requirement_defaults.requirement_id')
    .innerJoin('persons', 'persons.id', 'requirement_defaults.person_id')
    .leftJoin('persons as setter', 'setter.id', 'requirement_defaults.set_by_person_id')
    .select((eb) => [
      'requirement_defaults.requirement_id',
      'requirement_defaults.person_id',
      'requirement_defaults.accepted',
      'requirement_defaults.set_by_person_id',
      'requirement_defaults.sort',
      'persons.first_name',
      'persons.last_name',
      'setter.first_name as setter_first_name',
      'setter.last_name as setter_last_name',
      'requirements.position_id',
      eb.exists(eb.selectFrom('qualifications').select('qualifications.id')
        .whereRef('qualifications.person_id', '=', 'requirement_defaults.person_id')
        .whereRef('qualifications.position_id', '=', 'requirements.position_id')
        .where('qualifications.active', '=', true)).as('qualified'),
    ])
    .where('requirement_defaults.requirement_id', '=', anyId(requirementIds))
    .orderBy('requirement_defaults.requirement_id')
    .orderBy('requirement_defaults.sort'));

export function requirementsRepository(db: Executor) {
  const withPosition = () =>
    db.selectFrom('requirements').innerJoin('positions', 'positions.id', 'requirements.position_id').selectAll('requirements').select('positions.name as position_name');

  const upsert = async (owner: 'schedule_id' | 'occurrence_id', ownerId: number, positionId: number, counts: RequirementCounts) => {
    const constraint = owner === 'schedule_id' ? 'requirements_schedule_position' : 'requirements_occurrence_position';
    const row = await db
      .insertInto('requirements')
      .values({ [owner]: ownerId, position_id: positionId, min_count: counts.minCount, max_count: counts.maxCount, notes: counts.notes })
      .onConflict((oc) => oc.constraint(constraint).doUpdateSet({ min_count: counts.minCount, max_count: counts.maxCount, notes: counts.notes }))
      .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .executeTakeFirstOrThrow();
    return { id: row.id, created: Boolean(row.inserted) };
  };

  return {
    async findById(id: number) {
      return withPosition().where('requirements.id', '=', id).executeTakeFirst();
    },

    async templateRows(scheduleIds: readonly number[]) {
      if (scheduleIds.length === 0) return [];
      return withPosition().where('requirements.schedule_id', 'in', [...scheduleIds]).orderBy('requirements.position_id').execute();
    },

    async overrideRows(occurrenceId: number) {
      return withPosition().where('requirements.occurrence_id', '=', occurrenceId).orderBy('requirements.position_id').execute();
    },

    upsertTemplate: (scheduleId: number, positionId: number, counts: RequirementCounts) => upsert('schedule_id', scheduleId, positionId, counts),
    upsertOverride: (occurrenceId: number, positionId: number, counts: RequirementCounts) => upsert('occurrence_id', occurrenceId, positionId, counts),

    /** Removes the schedule's template rows for positions not in `keep` (their defaults go with them). */
    async deleteTemplatesExcept(scheduleId: number, keep: readonly number[]): Promise<void> {
      let query = db.deleteFrom('requirements').where('schedule_id', '=', scheduleId);
      if (keep.length > 0) query = query.where('position_id', 'not in', [...keep]);
      await query.execute();
    },

    async clearOverrides(occurrenceId: number): Promise<void> {
      await db.deleteFrom('requirements').where('occurrence_id', '=', occurrenceId).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('requirements').where('id', '=', id).execute();
    },

    /** Saved defaults in assignment order, with names and whether each person is actively qualified for the position. */
    async defaults(requirementIds: readonly number[]) {
      if (requirementIds.length === 0) return [];
      return defaultsOf(db, requirementIds);
    },

    /** Replaces a template row's defaults with `defaults`, in order. */
    async replaceDefaults(requirementId: number, defaults: readonly DefaultRow[]): Promise<void> {
      await db.deleteFrom('requirement_defaults').where('requirement_id', '=', requirementId).execute();
      if (defaults.length === 0) return;
      await db
        .insertInto('requirement_defaults')
        .values(defaults.map((d) => ({ requirement_id: requirementId, person_id: d.personId, accepted: d.accepted, set_by_person_id: d.setBy, sort: d.sort })))
        .execute();
    },
  };
}
