import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { assignmentShifts } from '../joins.js';
import { HOLDING_STATUSES, type AssignmentStatus } from '../schema.js';
import { shiftStart, shiftEnd } from '../shift-times.js';
import { precompiled } from '../precompiled.js';

// An assignment with its occurrence, schedule, event, position, team and ministry.
const assignmentsServed = (db: Executor) =>
  assignmentShifts(db)
    .innerJoin('positions', 'positions.id', 'assignments.position_id')
    .innerJoin('teams', 'teams.id', 'schedules.team_id')
    .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id');

const myAssignments = (db: Executor) =>
  assignmentsServed(db)
    .leftJoin('swaps', (join) => join.onRef('swaps.assignment_id', '=', 'assignments.id').on('swaps.status', '=', 'proposed'))
    .leftJoin('persons as substitute', 'substitute.id', 'swaps.proposed_person_id')
    .selectAll('assignments')
    .select([
      'positions.name as position_name',
      'ministries.name as ministry_name',
      'teams.name as team_name',
      'schedules.ministry_id',
      'schedules.team_id',
      'occurrences.occurrence_date',
      'occurrences.status as occurrence_status',
      'occurrences.event_id',
      shiftStart.as('start_at'),
      shiftEnd.as('end_at'),
      'swaps.id as pending_swap_id',
      'substitute.first_name as substitute_first_name',
      'substitute.last_name as substitute_last_name',
    ]);

const assignmentById = precompiled((db: Executor, id: number) => myAssignments(db).where('assignments.id', '=', id));

/** Which of the optional filters of my assignments a statement applies: each combination is its own statement. */
interface MyAssignmentsShape { upcomingOnly: boolean; from: boolean; to: boolean }

const myAssignmentsQuery = (shape: MyAssignmentsShape) => (db: Executor, personId: number, now: string, from: string, to: string) => {
  let query = myAssignments(db).where('assignments.person_id', '=', personId);
  if (shape.upcomingOnly) query = query.where(shiftEnd, '>=', sql<string>`${now}::timestamp`);
  if (shape.from) query = query.where('occurrences.occurrence_date', '>=', from);
  if (shape.to) query = query.where('occurrences.occurrence_date', '<=', to);
  return query.orderBy('start_at').orderBy('assignments.id');
};

// My assignments is the route volunteers call most: building and compiling its query was about 5 % of the
// service's CPU under load (bench/README.md, issue 39), so each of the eight filter combinations is compiled once.
const myAssignmentsByShape = Array.from({ length: 8 }, (_, bits) =>
  precompiled(myAssignmentsQuery({ upcomingOnly: (bits & 1) !== 0, from: (bits & 2) !== 0, to: (bits & 4) !== 0 })));

/** Read models of the member routes (contract §8): my assignments, open slots, ministries asking for help. */
export function memberViewReadModel(db: Executor) {
  return {
    async assignment(id: number) {
      const [row] = await assignmentById(db, id);
      return row;
    },

    /** The person's assignments, soonest first; without `includePast` only occurrences not over at `now`. */
    async assignments(personId: number, filter: { from?: string; to?: string; includePast: boolean; now: string }) {
      const bits = (filter.includePast ? 0 : 1) | (filter.from ? 2 : 0) | (filter.to ? 4 : 0);
      return myAssignmentsByShape[bits]!(db, personId, filter.now, filter.from ?? '', filter.to ?? '');
    },

    /**
     * The person's assignments for the schedule feed: on scheduled occurrences dated in [from, to], in the given
     * statuses, soonest first, at most `limit`.
     */
    async scheduleFeed(personId: number, filter: { from: string; to: string; statuses: readonly AssignmentStatus[]; limit: number }) {
      return assignmentsServed(db)
        .select([
          'assignments.id',
          'assignments.status',
          'events.title as event_title',
          'positions.name as position_name',
          'ministries.name as ministry_name',
          'teams.name as team_name',
          shiftStart.as('start_at'),
          shiftEnd.as('end_at'),
        ])
        .where('assignments.person_id', '=', personId)
        .where('assignments.status', 'in', [...filter.statuses])
        .where('occurrences.status', '=', 'scheduled')
        .where('occurrences.occurrence_date', '>=', filter.from)
        .where('occurrences.occurrence_date', '<=', filter.to)
        .orderBy('start_at')
        .orderBy('assignments.id')
        .limit(filter.limit)
        .execute();
    },

    /** Active qualifications on active positions, by ministry name then position name. */
    async qualifications(personId: number) {
      return db
        .selectFrom('qualifications')
        .innerJoin('positions', 'positions.id', 'qualifications.position_id')
        .innerJoin('teams', 'teams.id', 'positions.team_id')
        .innerJoin('ministries', 'ministries.id', 'positions.ministry_id')
        .select(['positions.id as position_id', 'positions.name as position_name', 'ministries.id as ministry_id', 'ministries.name as ministry_name', 'teams.id as team_id', 'teams.name as team_name'])
        .where('qualifications.person_id', '=', personId)
        .where('qualifications.active', '=', true)
        .where('positions.active', '=', true)
        .orderBy(sql`lower(ministries.name)`)
        .orderBy(sql`lower(positions.name)`)
        .execute();
    },

    /**
     * Candidate open slots: scheduled occurrences not over, in the window, of a schedule whose team has an
     * active self-assignable position the person is actively qualified for. Capacity is derived afterwards.
     */
    async slotCandidates(personId: number, from: string, to: string, now: string) {
      return db
        .selectFrom('occurrences')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .innerJoin('events', 'events.id', 'occurrences.event_id')
        .innerJoin('positions', (join) => join.onRef('positions.team_id', '=', 'schedules.team_id'))
        .innerJoin('qualifications', (join) => join.onRef('qualifications.position_id', '=', 'positions.id'))
        .innerJoin('teams', 'teams.id', 'schedules.team_id')
        .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .select([
          'occurrences.id as occurrence_id',
          'occurrences.occurrence_date',
          'schedules.ministry_id',
          'positions.id as position_id',
          'positions.name as position_name',
          'teams.name as team_name',
          'ministries.name as ministry_name',
          shiftStart.as('start_at'),
          shiftEnd.as('end_at'),
        ])
        .where('qualifications.person_id', '=', personId)
        .where('qualifications.active', '=', true)
        .where('positions.active', '=', true)
        .where('positions.self_assignable', '=', true)
        .where('occurrences.status', '=', 'scheduled')
        .where('occurrences.occurrence_date', '>=', from)
        .where('occurrences.occurrence_date', '<=', to)
        .where(shiftEnd, '>=', sql<string>`${now}::timestamp`)
        .orderBy('start_at')
        // Case-insensitive, so PGlite's C collation and PostgreSQL's locale order names alike.
        .orderBy(sql`lower(positions.name)`)
        .orderBy('positions.name')
        .orderBy('occurrences.id')
        .execute();
    },

    /**
     * The person's assignments on the given occurrences that block a self sign-up for that position: live ones,
     * and the substituted or completed rows E11 cannot re-use (only declined and cancelled rows are re-used).
     */
    async heldOn(personId: number, occurrenceIds: readonly number[]) {
      if (occurrenceIds.length === 0) return [];
      return db
        .selectFrom('assignments')
        .innerJoin('positions', 'positions.id', 'assignments.position_id')
        .select(['assignments.occurrence_id', 'assignments.position_id', 'assignments.status', 'positions.name as position_name'])
        .where('assignments.person_id', '=', personId)
        .where('assignments.status', 'in', HOLDING_STATUSES)
        .where('assignments.occurrence_id', '=', anyId(occurrenceIds))
        .execute();
    },

    /** Active ministries that advertise: the Help wanted switch, or an active recruiting position. */
    async advertising(personId: number) {
      return db
        .selectFrom('ministries')
        .leftJoin('groups as pool', 'pool.ministry_id', 'ministries.id')
        .select((eb) => [
          'ministries.id',
          'ministries.name',
          'ministries.help_wanted',
          'ministries.help_wanted_text',
          eb.exists(eb.selectFrom('group_members').select('group_members.person_id')
            .whereRef('group_members.group_id', '=', 'pool.id').where('group_members.person_id', '=', personId)).as('in_pool'),
        ])
        .where('ministries.active', '=', true)
        .where((eb) => eb.or([
          eb('ministries.help_wanted', '=', true),
          eb.exists(eb.selectFrom('positions').select('positions.id')
            .whereRef('positions.ministry_id', '=', 'ministries.id').where('positions.active', '=', true).where('positions.recruiting', '=', true)),
        ]))
        .orderBy(sql`lower(ministries.name)`)
        .orderBy('ministries.id')
        .execute();
    },

    /** Active recruiting positions of the ministries, by team name, then position order, then name. */
    async recruitingPositions(ministryIds: readonly number[]) {
      if (ministryIds.length === 0) return [];
      return db
        .selectFrom('positions')
        .innerJoin('teams', 'teams.id', 'positions.team_id')
        .select(['positions.ministry_id', 'teams.name as team_name', 'positions.name as position_name', 'positions.description'])
        .where('positions.ministry_id', 'in', [...ministryIds])
        .where('positions.active', '=', true)
        .where('positions.recruiting', '=', true)
        .orderBy(sql`lower(teams.name)`)
        .orderBy('positions.sort_order')
        .orderBy(sql`lower(positions.name)`)
        .execute();
    },
  };
}
