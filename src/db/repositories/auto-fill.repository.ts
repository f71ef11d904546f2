import { sql } from 'kysely';
import { anyId, unnestRows } from '../bulk.js';
import type { Executor } from '../database.js';
import { SERVICE_STATUSES } from '../schema.js';
import { assignmentSchedules, assignmentShifts, occurrenceShifts } from '../joins.js';
import { shiftEnd, shiftStart } from '../shift-times.js';

/** An auto-fill's checked reach: the ministry always, and the narrower entity it was asked for. */
export interface AutoFillScope {
  ministryId: number;
  teamId?: number;
  scheduleId?: number;
  occurrenceId?: number;
}

/** Auto-fill (issue 18): what the planner reads in a fixed number of queries, its runs, and the servings report. */
export function autoFillRepository(db: Executor) {
  return {
    /** Scheduled occurrences of the scope in the date window whose shift has not ended at `now`, by start. */
    async openOccurrences(scope: AutoFillScope, from: string, to: string, now: string) {
      let query = occurrenceShifts(db)
        .select([
          'occurrences.id', 'schedules.team_id',
          sql<string>`to_char(occurrences.occurrence_date, 'YYYY-MM-DD')`.as('date'),
          sql<string>`to_char(${shiftStart}, 'YYYY-MM-DD HH24:MI:SS')`.as('start_at'),
          sql<string>`to_char(${shiftEnd}, 'YYYY-MM-DD HH24:MI:SS')`.as('end_at'),
        ])
        .where('schedules.ministry_id', '=', scope.ministryId)
        .where('occurrences.status', '=', 'scheduled')
        .where(shiftEnd, '>=', sql<string>`${now}::timestamp`);
      if (scope.occurrenceId !== undefined) query = query.where('occurrences.id', '=', scope.occurrenceId);
      else query = query.where('occurrences.occurrence_date', '>=', from).where('occurrences.occurrence_date', '<=', to);
      if (scope.teamId !== undefined) query = query.where('schedules.team_id', '=', scope.teamId);
      if (scope.scheduleId !== undefined) query = query.where('schedules.id', '=', scope.scheduleId);
      return query.orderBy(shiftStart).orderBy('occurrences.id').execute();
    },

    /** People actively qualified for the positions, with names and whether they are in the ministry's pool. */
    async qualifiedPeople(ministryId: number, positionIds: readonly number[]) {
      if (positionIds.length === 0) return [];
      return db.selectFrom('qualifications')
        .innerJoin('persons', 'persons.id', 'qualifications.person_id')
        .select((eb) => [
          'qualifications.person_id', 'qualifications.position_id', 'persons.first_name', 'persons.last_name',
          eb.exists(eb.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id').select('group_members.person_id')
            .whereRef('group_members.person_id', '=', 'persons.id').where('groups.ministry_id', '=', ministryId)).as('in_pool'),
        ])
        .where('qualifications.position_id', '=', anyId(positionIds))
        .where('qualifications.active', '=', true)
        .orderBy('qualifications.person_id').orderBy('qualifications.position_id')
        .execute();
    },

    /**
     * Service (live or completed, occurrence not cancelled) of the people between the dates in any ministry, with
     * shifts; and each person's last date served before `today` and latest date scheduled in the ministry.
     */
    async servicesOf(personIds: readonly number[], from: string, to: string) {
      if (personIds.length === 0) return [];
      return assignmentShifts(db)
        .select([
          'assignments.person_id', 'assignments.occurrence_id', 'schedules.ministry_id',
          sql<string>`to_char(occurrences.occurrence_date, 'YYYY-MM-DD')`.as('date'),
          sql<string>`to_char(${shiftStart}, 'YYYY-MM-DD HH24:MI:SS')`.as('start_at'),
          sql<string>`to_char(${shiftEnd}, 'YYYY-MM-DD HH24:MI:SS')`.as('end_at'),
        ])
        .where('assignments.person_id', '=', anyId(personIds))
        .where('assignments.status', 'in', SERVICE_STATUSES)
        .where('occurrences.status', '=', 'scheduled')
        .where('occurrences.occurrence_date', '>=', from)
        .where('occurrences.occurrence_date', '<=', to)
        .execute();
    },

    async rotationDates(personIds: readonly number[], ministryId: number, today: string) {
      if (personIds.length === 0) return [];
      return assignmentSchedules(db)
        .select([
          'assignments.person_id',
          sql<string | null>`to_char(max(occurrences.occurrence_date) filter (where occurrences.occurrence_date < ${today}), 'YYYY-MM-DD')`.as('last_served'),
          sql<string | null>`to_char(max(occurrences.occurrence_date), 'YYYY-MM-DD')`.as('latest_scheduled'),
        ])
        .where('assignments.person_id', '=', anyId(personIds))
        .where('schedules.ministry_id', '=', ministryId)
        .where('assignments.status', 'in', SERVICE_STATUSES)
        .where('occurrences.status', '=', 'scheduled')
        .groupBy('assignments.person_id')
        .execute();
    },

    /** Which of the people are in the ministry's pool. */
    async inPool(ministryId: number, personIds: readonly number[]): Promise<Set<number>> {
      if (personIds.length === 0) return new Set();
      const rows = await db.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
        .select('group_members.person_id').where('groups.ministry_id', '=', ministryId).where('group_members.person_id', '=', anyId(personIds))
        .execute();
      return new Set(rows.map((row) => row.person_id));
    },

    /** The occurrence's assignment rows of the people, whatever their status. */
    async rowsOn(occurrenceId: number, personIds: readonly number[]) {
      if (personIds.length === 0) return [];
      return db.selectFrom('assignments').select(['id', 'position_id', 'person_id', 'status'])
        .where('occurrence_id', '=', occurrenceId).where('person_id', '=', anyId(personIds)).execute();
    },

    async createRun(row: { ministryId: number; teamId: number | null; scope: string; options: string; by: number | null; at: string }): Promise<number> {
      const created = await db.insertInto('auto_fill_runs')
        .values({ ministry_id: row.ministryId, team_id: row.teamId, scope: row.scope, options: row.options, committed_by_person_id: row.by, committed_at: row.at })
        .returning('id').executeTakeFirstOrThrow();
      return created.id;
    },

    async findRun(id: number) {
      return db.selectFrom('auto_fill_runs')
        .leftJoin('persons', 'persons.id', 'auto_fill_runs.committed_by_person_id')
        .selectAll('auto_fill_runs').select(['persons.first_name', 'persons.last_name'])
        .where('auto_fill_runs.id', '=', id).executeTakeFirst();
    },

    async markUndone(id: number, by: number, at: string): Promise<void> {
      await db.updateTable('auto_fill_runs').set({ undone_at: at, undone_by_person_id: by }).where('id', '=', id).execute();
    },

    /** New pending coordinator assignments of a run in one statement; answers their ids in the given order. */
    async insertForRun(runId: number, rows: ReadonlyArray<{ occurrenceId: number; positionId: number; personId: number; requirementId: number | null }>, by: number | null, at: string) {
      if (rows.length === 0) return [];
      const inserted = await db.insertInto('assignments')
        .columns(['occurrence_id', 'position_id', 'person_id', 'requirement_id', 'status', 'source', 'assigned_at', 'assigned_by_person_id', 'auto_fill_run_id'])
        .expression(unnestRows(rows, [
          ['int4', (r) => r.occurrenceId], ['int4', (r) => r.positionId], ['int4', (r) => r.personId], ['int4', (r) => r.requirementId],
          ['text', () => 'pending'], ['text', () => 'coordinator'], ['timestamp', () => at], ['int4', () => by], ['int4', () => runId],
        ]))
        .returning(['id', 'position_id', 'person_id'])
        .execute();
      const ids = new Map(inserted.map((row) => [`${row.position_id}:${row.person_id}`, row.id]));
      return rows.map((r) => ids.get(`${r.positionId}:${r.personId}`)!);
    },

    /** Re-uses declined or cancelled rows (rule I8) as pending coordinator rows of the run: same ids, history kept. */
    async reuseForRun(runId: number, rows: ReadonlyArray<{ id: number; requirementId: number | null }>, by: number | null, at: string): Promise<void> {
      if (rows.length === 0) return;
      await sql`update assignments set status = 'pending', source = 'coordinator', assigned_at = ${at}::timestamp, assigned_by_person_id = ${by},
          responded_at = null, requirement_id = r.requirement_id, auto_fill_run_id = ${runId}
        from (${unnestRows(rows, [['int4', (r) => r.id], ['int4', (r) => r.requirementId]])}) as r(id, requirement_id)
        where assignments.id = r.id`.execute(db);
    },

    /** The run's assignments with their occurrence's end and whether anyone has answered them or asked for a substitute since. */
    async runAssignments(runId: number) {
      return assignmentShifts(db)
        .innerJoin('persons', 'persons.id', 'assignments.person_id')
        .innerJoin('positions', 'positions.id', 'assignments.position_id')
        .select((eb) => [
          'assignments.id', 'assignments.occurrence_id', 'assignments.position_id', 'assignments.person_id', 'assignments.status', 'assignments.responded_at',
          'persons.first_name', 'persons.last_name', 'positions.name as position_name',
          sql<string>`to_char(occurrences.occurrence_date, 'YYYY-MM-DD')`.as('date'),
          sql<string>`to_char(${shiftEnd}, 'YYYY-MM-DD HH24:MI:SS')`.as('end_at'),
          // Only since this request: a re-used row (rule I8) keeps the answers to the ones before it.
          eb.exists(eb.selectFrom('responses').select('responses.id').whereRef('responses.assignment_id', '=', 'assignments.id')
            .where('responses.response', 'in', ['accepted', 'declined']).whereRef('responses.response_at', '>=', 'assignments.assigned_at')).as('answered'),
          eb.exists(eb.selectFrom('swaps').select('swaps.id').whereRef('swaps.assignment_id', '=', 'assignments.id')
            .whereRef('swaps.proposed_at', '>=', 'assignments.assigned_at')).as('has_swap'),
        ])
        .where('assignments.auto_fill_run_id', '=', runId)
        .orderBy('occurrences.occurrence_date').orderBy('assignments.id')
        .execute();
    },

    /**
     * Per person with an assignment in the ministry (or one team) between the dates: the count by status and the
     * last date served (live or completed, occurrence not cancelled, before `today`).
     */
    async servings(filter: { ministryId: number; teamId?: number; from: string; to: string; today: string }) {
      let query = assignmentSchedules(db)
        .innerJoin('persons', 'persons.id', 'assignments.person_id')
        .select([
          'assignments.person_id', 'persons.first_name', 'persons.last_name',
          sql<number>`count(*)::int`.as('total'),
          ...(['pending', 'accepted', 'declined', 'cancelled', 'completed'] as const).map((status) =>
            sql<number>`count(*) filter (where assignments.status = ${status})::int`.as(status)),
          sql<string | null>`to_char(max(occurrences.occurrence_date) filter (where assignments.status in (${sql.join(SERVICE_STATUSES.map((s) => sql.lit(s)))})
            and occurrences.status = 'scheduled' and occurrences.occurrence_date < ${filter.today}), 'YYYY-MM-DD')`.as('last_served'),
        ])
        .where('schedules.ministry_id', '=', filter.ministryId)
        .where('occurrences.occurrence_date', '>=', filter.from)
        .where('occurrences.occurrence_date', '<=', filter.to)
        .groupBy(['assignments.person_id', 'persons.first_name', 'persons.last_name']);
      if (filter.teamId !== undefined) query = query.where('schedules.team_id', '=', filter.teamId);
      return query.execute();
    },
  };
}
