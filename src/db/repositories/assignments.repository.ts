import { sql, type ExpressionBuilder, type InferResult } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { anyId, unnestRows } from '../bulk.js';
import type { Executor } from '../database.js';
import { assignmentShifts } from '../joins.js';
import { compilable, precompiled } from '../precompiled.js';
import { requirementRowsQuery } from '../read-models/gap-inputs.js';
import { placementFactColumns, type PlacementFactRow } from '../read-models/placement-facts.js';
import { dedupeKeyOf } from './notifications.repository.js';
import { reachesNothing, schedulesInScope, type ScopeIds } from '../scope-filter.js';
import { shiftEnd, shiftStart } from '../shift-times.js';
import {
  HOLDING_STATUSES, LIVE_STATUSES, type AssignmentStatus, type DB, type LiveStatus, type NotificationType, type ResponseChannel, type ResponseKind,
} from '../schema.js';

export interface NewAssignmentRow {
  occurrenceId: number;
  positionId: number;
  personId: number;
  requirementId: number | null;
  status: LiveStatus;
  source: 'coordinator' | 'self_signup' | 'substitute';
  at: string;
  assignedBy: number | null;
}

/** Assignments with position and person names and the person's check-in at the occurrence's event. */
const withNamesIn = (db: Executor) =>
  db
    .selectFrom('assignments')
    .innerJoin('positions', 'positions.id', 'assignments.position_id')
    .innerJoin('persons', 'persons.id', 'assignments.person_id')
    .innerJoin('occurrences', 'occurrences.id', 'assignments.occurrence_id')
    .leftJoin('event_attend', (join) =>
      join.onRef('event_attend.event_id', '=', 'occurrences.event_id').onRef('event_attend.person_id', '=', 'assignments.person_id'))
    .selectAll('assignments')
    .select(['positions.name as position_name', 'persons.first_name', 'persons.last_name', 'event_attend.checkin_at', 'event_attend.checkout_at',
      'event_attend.mark as attendance_mark']);

// The statements of the staffing view and of E14, the routes coordinators use most, are compiled once.
const onOccurrence = precompiled((db: Executor, occurrenceId: number) =>
  withNamesIn(db).where('assignments.occurrence_id', '=', occurrenceId).orderBy('assignments.id'));

const lockedOccurrenceQuery = (db: Executor, occurrenceId: number) =>
  db
    .selectFrom('occurrences')
    .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
    .innerJoin('events', 'events.id', 'occurrences.event_id')
    .select(['occurrences.id', 'occurrences.status', 'occurrences.occurrence_date', 'schedules.ministry_id', shiftStart.as('start_at'), shiftEnd.as('end_at')])
    .where('occurrences.id', '=', occurrenceId)
    .forUpdate('occurrences');

const lockedOccurrence = precompiled(lockedOccurrenceQuery);

/** The position and the person (null when not found), whether they are qualified and in the pool, and their check-in at the event. */
const candidateQuery = (db: Executor, positionId: number, personId: number, ministryId: number, eventId: number) => {
  const attendance = (eb: ExpressionBuilder<DB, never>) =>
    eb.selectFrom('event_attend').where('event_attend.event_id', '=', eventId).where('event_attend.person_id', '=', personId).limit(1);
  return db.selectNoFrom((eb) => [
    jsonObjectFrom(eb.selectFrom('positions').select(['positions.id', 'positions.ministry_id', 'positions.name']).where('positions.id', '=', positionId)).as('position'),
    jsonObjectFrom(eb.selectFrom('persons').select(['persons.id', 'persons.first_name', 'persons.last_name']).where('persons.id', '=', personId)).as('person'),
    eb.exists(eb.selectFrom('qualifications').select('qualifications.id')
      .where('qualifications.person_id', '=', personId).where('qualifications.position_id', '=', positionId).where('qualifications.active', '=', true)).as('qualified'),
    eb.exists(eb.selectFrom('groups').innerJoin('group_members', 'group_members.group_id', 'groups.id').select('groups.id')
      .where('groups.ministry_id', '=', ministryId).where('group_members.person_id', '=', personId)).as('in_pool'),
    attendance(eb).select('event_attend.checkin_at').as('checkin_at'),
    attendance(eb).select('event_attend.checkout_at').as('checkout_at'),
  ]);
};

type Candidate = InferResult<ReturnType<typeof candidateQuery>>[number];
type RequirementRow = InferResult<ReturnType<typeof requirementRowsQuery>>[number];

/** Everything E14's rules read, with the occurrence's lock: `locked_*` are null when the occurrence is gone. */
export type PlacingFacts = Candidate & Omit<PlacementFactRow, 'person_id'> & {
  locked_status: 'scheduled' | 'cancelled' | null;
  locked_end_at: string | null;
  requirements: RequirementRow[];
};

/**
 * E14's one read, in one statement: it locks the occurrence (as `lockOccurrence`) and reads, in the same round
 * trip, the candidate, the occurrence's requirement rows and the placement facts of the person over `from`–`to`.
 */
const placingFactsOf = precompiled((
  db: Executor, occurrenceId: number, occurrenceIds: readonly number[], positionId: number, personId: number,
  ministryId: number, ministryIds: readonly number[], eventId: number, from: string, to: string,
) => compilable(db, sql<PlacingFacts>`
  with locked as (${lockedOccurrenceQuery(db, occurrenceId)})
  select locked.status as locked_status, locked.end_at as locked_end_at, candidate.*,
    coalesce((select json_agg(r) from (${requirementRowsQuery(db, occurrenceIds)}) r), '[]') as requirements,
    ${placementFactColumns(ministryIds, from, to)}
  from (select ${personId}::int4 as person_id) p
  left join locked on true
  cross join lateral (${candidateQuery(db, positionId, personId, ministryId, eventId)}) candidate`));

/** Stands for the new assignment's id in its request's dedupe key, which is built before the id exists. */
const NEW_ID = '{new assignment id}';

/** `place` and the request mail of the row placed, in one statement: nothing is queued when nobody was placed. */
const placingWithRequest = precompiled((
  db: Executor, occurrenceId: number, positionId: number, personId: number, requirementId: number | null,
  status: LiveStatus, source: NewAssignmentRow['source'], at: string, assignedBy: number | null, respondedAt: string | null,
  type: NotificationType, keyTemplate: string,
) => {
  const placed = { status, source, assigned_at: at, assigned_by_person_id: assignedBy, requirement_id: requirementId, responded_at: respondedAt };
  return db
    .with('placed', (q) => q
      .insertInto('assignments')
      .values({ occurrence_id: occurrenceId, position_id: positionId, person_id: personId, ...placed })
      .onConflict((conflict) => conflict.constraint('assignments_one_per_person').doUpdateSet(placed).where('assignments.status', 'not in', HOLDING_STATUSES))
      .returningAll())
    .with('requested', (q) => q
      .insertInto('notifications')
      .columns(['type', 'person_id', 'dedupe_key', 'scheduled_for', 'created_at', 'assignment_id', 'occurrence_id'])
      .expression((eb) => eb.selectFrom('placed').select([
        sql<NotificationType>`${type}::text`.as('type'), 'placed.person_id', sql<string>`replace(${keyTemplate}::text, ${NEW_ID}, placed.id::text)`.as('dedupe_key'),
        sql<string>`${at}::timestamp`.as('scheduled_for'), sql<string>`${at}::timestamp`.as('created_at'), 'placed.id', 'placed.occurrence_id',
      ]))
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing()))
    .selectFrom('placed')
    .selectAll();
});

const placing = precompiled((
  db: Executor, occurrenceId: number, positionId: number, personId: number, requirementId: number | null,
  status: LiveStatus, source: NewAssignmentRow['source'], at: string, assignedBy: number | null, respondedAt: string | null,
) => {
  const placed = { status, source, assigned_at: at, assigned_by_person_id: assignedBy, requirement_id: requirementId, responded_at: respondedAt };
  return db
    .insertInto('assignments')
    .values({ occurrence_id: occurrenceId, position_id: positionId, person_id: personId, ...placed })
    .onConflict((conflict) => conflict.constraint('assignments_one_per_person').doUpdateSet(placed).where('assignments.status', 'not in', HOLDING_STATUSES))
    .returningAll();
});

export function assignmentsRepository(db: Executor) {
  const withNames = () => withNamesIn(db);

  return {
    /** Live assignments of a person on the ministry's occurrences that are not over at `now`. */
    async liveUpcomingInMinistry(personId: number, ministryId: number, now: string): Promise<number[]> {
      const rows = await assignmentShifts(db)
        .select('assignments.id')
        .where('assignments.person_id', '=', personId)
        .where('schedules.ministry_id', '=', ministryId)
        .where('assignments.status', 'in', LIVE_STATUSES)
        .where(shiftEnd, '>=', sql<string>`${now}::timestamp`)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Inserts new assignments in one statement; answers their ids in the given order. */
    async insertMany(rows: readonly NewAssignmentRow[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const inserted = await db
        .insertInto('assignments')
        .columns(['occurrence_id', 'position_id', 'person_id', 'requirement_id', 'status', 'source', 'assigned_at', 'assigned_by_person_id', 'responded_at'])
        .expression(unnestRows(rows, [
          ['int4', (r) => r.occurrenceId], ['int4', (r) => r.positionId], ['int4', (r) => r.personId], ['int4', (r) => r.requirementId],
          ['text', (r) => r.status], ['text', (r) => r.source], ['timestamp', (r) => r.at], ['int4', (r) => r.assignedBy],
          ['timestamp', (r) => (r.status === 'accepted' ? r.at : null)],
        ]))
        .returning(['id', 'occurrence_id', 'position_id', 'person_id'])
        .execute();
      const key = (o: number, p: number, person: number) => `${o}:${p}:${person}`;
      const ids = new Map(inserted.map((row) => [key(row.occurrence_id, row.position_id, row.person_id), row.id]));
      return rows.map((r) => ids.get(key(r.occurrenceId, r.positionId, r.personId))!);
    },

    /** Live assignments whose occurrence (not cancelled) has ended become `completed`; answers their ids. */
    async completeEnded(now: string): Promise<number[]> {
      const rows = await db
        .updateTable('assignments')
        .set({ status: 'completed' })
        .where('status', 'in', LIVE_STATUSES)
        .where('occurrence_id', 'in', (q) =>
          q.selectFrom('occurrences')
            .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
            .innerJoin('events', 'events.id', 'occurrences.event_id')
            .select('occurrences.id')
            .where('occurrences.status', '=', 'scheduled')
            .where(shiftEnd, '<', sql<string>`${now}::timestamp`),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every assignment of an occurrence with names and attendance (from the event's check-ins), by id. */
    async listForOccurrence(occurrenceId: number) {
      return onOccurrence(db, occurrenceId);
    },

    /**
     * Locks the occurrence row for the rest of the transaction, so that capacity checks and the
     * one-row-per-person rule of parallel requests on one occurrence run one after another.
     */
    async lockOccurrence(occurrenceId: number) {
      const [row] = await lockedOccurrence(db, occurrenceId);
      return row;
    },

    /**
     * The assignment's status and when it was assigned, its row locked for the rest of the transaction, so that
     * answers to one assignment arriving together are decided one after another on what the one before recorded.
     */
    async lockForAnswer(id: number) {
      return db.selectFrom('assignments').select(['status', 'assigned_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async find(occurrenceId: number, positionId: number, personId: number) {
      return db.selectFrom('assignments').selectAll()
        .where('occurrence_id', '=', occurrenceId).where('position_id', '=', positionId).where('person_id', '=', personId)
        .executeTakeFirst();
    },

    /** E14's facts and the occurrence's lock in one statement (`placingFactsOf`); dates as `factRange` gives them. */
    async placingFacts(input: { occurrenceId: number; positionId: number; personId: number; ministryId: number; eventId: number; from: string; to: string }) {
      const [row] = await placingFactsOf(db, input.occurrenceId, [input.occurrenceId], input.positionId, input.personId,
        input.ministryId, [input.ministryId], input.eventId, input.from, input.to);
      return row;
    },

    /**
     * Gives the person the position on the occurrence: a new row, or their earlier declined or cancelled row
     * re-used (one row per person, position and occurrence). Answers the row, or undefined when the person holds
     * the position already. Callers hold the occurrence's lock, so no other request places anyone there meanwhile.
     */
    async place(row: NewAssignmentRow) {
      const respondedAt = row.status === 'accepted' ? row.at : null;
      const [placed] = await placing(db, row.occurrenceId, row.positionId, row.personId, row.requirementId, row.status, row.source, row.at, row.assignedBy, respondedAt);
      return placed;
    },

    /**
     * `place`, and when a row was placed, its request mail of `type` due at once, keyed by `keyParts` of the new
     * row's id, in one statement. Answers the row, or undefined when the person holds the position already.
     */
    async placeWithRequest(row: NewAssignmentRow, request: { type: NotificationType; keyParts: (assignmentId: string) => ReadonlyArray<string | number> }) {
      const respondedAt = row.status === 'accepted' ? row.at : null;
      const keyTemplate = dedupeKeyOf({ type: request.type, keyParts: request.keyParts(NEW_ID) });
      const [placed] = await placingWithRequest(db, row.occurrenceId, row.positionId, row.personId, row.requirementId, row.status, row.source,
        row.at, row.assignedBy, respondedAt, request.type, keyTemplate);
      return placed;
    },

    /** An assignment with its occurrence's state, schedule team and ministry, for scope and state checks. */
    async findInContext(id: number) {
      return assignmentShifts(db)
        .selectAll('assignments')
        .select([
          'occurrences.status as occurrence_status',
          'occurrences.event_id',
          'schedules.team_id',
          'schedules.ministry_id',
          'occurrences.occurrence_date',
          shiftStart.as('start_at'),
          shiftEnd.as('end_at'),
        ])
        .where('assignments.id', '=', id)
        .executeTakeFirst();
    },

    async responses(assignmentId: number) {
      return db
        .selectFrom('responses')
        .innerJoin('persons', 'persons.id', 'responses.person_id')
        .selectAll('responses')
        .select(['persons.first_name', 'persons.last_name'])
        .where('responses.assignment_id', '=', assignmentId)
        .orderBy('responses.response_at')
        .orderBy('responses.id')
        .execute();
    },

    async notifications(assignmentId: number) {
      return db.selectFrom('notifications').selectAll().where('assignment_id', '=', assignmentId).orderBy('id', 'desc').execute();
    },

    async update(id: number, changes: { status?: AssignmentStatus; respondedAt?: string; source?: 'substitute'; replaces?: number; assignedBy?: number; at?: string }): Promise<void> {
      await db.updateTable('assignments').set({
        ...(changes.status !== undefined && { status: changes.status }),
        ...(changes.respondedAt !== undefined && { responded_at: changes.respondedAt }),
        ...(changes.source !== undefined && { source: changes.source }),
        ...(changes.replaces !== undefined && { replaces_assignment_id: changes.replaces }),
        ...(changes.assignedBy !== undefined && { assigned_by_person_id: changes.assignedBy }),
        ...(changes.at !== undefined && { assigned_at: changes.at }),
      }).where('id', '=', id).execute();
    },

    async hardDelete(id: number): Promise<void> {
      await db.deleteFrom('assignments').where('id', '=', id).execute();
    },

    async findDetailed(id: number) {
      return withNames().where('assignments.id', '=', id).executeTakeFirst();
    },

    /**
     * Pending assignments on the scope's occurrences of a window whose ministry is active (the dashboard's panel), in
     * the order of their shifts: a day's 9:00 service before its 11:00 one, whenever each was asked.
     */
    async pendingInWindow(window: ScopeIds & { from: string; to: string }, limit: number) {
      if (reachesNothing(window)) return [];
      let query = withNames()
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .innerJoin('events', 'events.id', 'occurrences.event_id')
        .where('occurrences.occurrence_date', '>=', window.from)
        .where('occurrences.occurrence_date', '<=', window.to)
        .where('ministries.active', '=', true)
        // A literal, so that the generic plan of the prepared statement can use the pending rows' own index.
        .where('assignments.status', '=', sql.lit('pending'));
      const inScope = schedulesInScope(window);
      if (inScope) query = query.where(inScope);
      return query
        .orderBy('occurrences.occurrence_date')
        .orderBy(shiftStart)
        .orderBy('assignments.id')
        .limit(limit)
        .execute();
    },

    /**
     * Terminally failed messages in scope: those tied to an occurrence or assignment of the scope, plus failed
     * help offers for a ministry of the scope (the ministry named in the dedupe key). Account mails never count.
     */
    async failedCount(scope: { all: boolean; ministryIds: readonly number[]; teamIds: readonly number[] }): Promise<number> {
      const ministryIds = [...scope.ministryIds];
      const teamIds = [...scope.teamIds];
      if (!scope.all && ministryIds.length === 0 && teamIds.length === 0) return 0;
      const row = await db
        .selectFrom('notifications')
        .leftJoin('assignments', 'assignments.id', 'notifications.assignment_id')
        .leftJoin('occurrences', (join) => join.on((eb) => eb('occurrences.id', '=', eb.fn.coalesce('notifications.occurrence_id', 'assignments.occurrence_id'))))
        .leftJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('notifications.status', '=', 'failed')
        .where((eb) => {
          // The cast only ever sees help-offer keys (`help_offer:{ministryId}:…`); SQL may evaluate it on any row.
          const helpOfferMinistry = sql<number>`case when notifications.type = 'help_offer' then split_part(notifications.dedupe_key, ':', 2)::int end`;
          const inScope = scope.all
            ? [eb('schedules.id', 'is not', null), eb('notifications.type', '=', 'help_offer')]
            : [
                ...(ministryIds.length > 0 ? [eb('schedules.ministry_id', 'in', ministryIds), eb.and([eb('notifications.type', '=', 'help_offer'), eb(helpOfferMinistry, 'in', ministryIds)])] : []),
                ...(teamIds.length > 0 ? [eb('schedules.team_id', 'in', teamIds)] : []),
              ];
          return eb.or(inScope);
        })
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async setStatus(ids: readonly number[], status: 'cancelled'): Promise<void> {
      if (ids.length > 0) await db.updateTable('assignments').set({ status }).where('id', 'in', [...ids]).execute();
    },

    async appendResponses(rows: Array<{ assignmentId: number; personId: number; response: ResponseKind; at: string; channel: ResponseChannel; comment?: string | null }>): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('responses')
        .columns(['assignment_id', 'person_id', 'response', 'response_at', 'channel', 'comment'])
        .expression(unnestRows(rows, [
          ['int4', (r) => r.assignmentId], ['int4', (r) => r.personId], ['text', (r) => r.response], ['timestamp', (r) => r.at],
          ['text', (r) => r.channel], ['text', (r) => r.comment ?? null],
        ]))
        .execute();
    },

    /** The responses appended to the assignment after the one with id `afterId` (0: all), oldest first. */
    async responsesAfter(assignmentId: number, afterId: number) {
      return db.selectFrom('responses').select(['id', 'person_id', 'response', 'channel'])
        .where('assignment_id', '=', assignmentId).where('id', '>', afterId)
        .orderBy('id')
        .execute();
    },

    /** Of the assignments, those whose request mail (type `assignment`) has gone out. */
    async withSentRequest(assignmentIds: readonly number[]): Promise<number[]> {
      if (assignmentIds.length === 0) return [];
      const rows = await db.selectFrom('notifications').select('assignment_id').distinct()
        .where('assignment_id', '=', anyId(assignmentIds)).where('type', '=', 'assignment').where('status', '=', 'sent').execute();
      return rows.map((row) => row.assignment_id!);
    },

    async cancelPendingNotifications(assignmentIds: readonly number[]): Promise<void> {
      if (assignmentIds.length === 0) return;
      await db.updateTable('notifications').set({ status: 'cancelled' }).where('assignment_id', '=', anyId(assignmentIds)).where('status', '=', 'pending').execute();
    },

    /** Deletes every saved schedule default of the ministry naming the person; answers how many. */
    async deleteDefaultsInMinistry(personId: number, ministryId: number): Promise<number> {
      const result = await db
        .deleteFrom('requirement_defaults')
        .where('person_id', '=', personId)
        .where('requirement_id', 'in', (q) =>
          q.selectFrom('requirements').innerJoin('schedules', 'schedules.id', 'requirements.schedule_id').select('requirements.id').where('schedules.ministry_id', '=', ministryId),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
