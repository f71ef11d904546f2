import type { Executor } from '../database.js';
import { assignmentSchedules, assignmentShifts } from '../joins.js';
import { shiftEnd, shiftStart } from '../shift-times.js';
import { SERVICE_STATUSES, type AttendanceMark } from '../schema.js';

/** Check-ins at events (issue 36): one row per person and event, with the times and a coordinator's mark. */
export function attendanceRepository(db: Executor) {
  const withNames = () =>
    db
      .selectFrom('event_attend')
      .innerJoin('persons', 'persons.id', 'event_attend.person_id')
      .select(['event_attend.event_id', 'event_attend.person_id', 'event_attend.checkin_at', 'event_attend.checkout_at', 'event_attend.mark',
        'persons.first_name', 'persons.last_name']);

  return {
    async find(eventId: number, personId: number) {
      return withNames().where('event_attend.event_id', '=', eventId).where('event_attend.person_id', '=', personId).executeTakeFirst();
    },

    /** The people checked in to the event (out again or not), by name; absent marks are not attendees. */
    async attendees(eventId: number) {
      return withNames()
        .where('event_attend.event_id', '=', eventId)
        .where('event_attend.checkin_at', 'is not', null)
        .orderBy('persons.last_name').orderBy('persons.first_name').orderBy('event_attend.person_id')
        .execute();
    },

    /**
     * Where people are placed (pending, accepted or completed) on the event's occurrences: the team and ministry
     * each placement serves, for the coordinators and team leaders who may check them in, and the shift's start, for
     * the check-in window. All people unless one is named.
     */
    async placements(eventId: number, personId?: number) {
      let query = assignmentShifts(db)
        .select(['assignments.id as assignment_id', 'assignments.person_id', 'schedules.team_id', 'schedules.ministry_id', shiftStart.as('start_at')])
        .where('occurrences.event_id', '=', eventId)
        .where('assignments.status', 'in', SERVICE_STATUSES);
      if (personId !== undefined) query = query.where('assignments.person_id', '=', personId);
      return query.execute();
    },

    /**
     * The shifts people served or were to serve (pending, accepted or completed) in the ministry (or one team)
     * between the dates, with the occurrence's times and the person's check-in at its event: what hours served
     * and no-shows are counted from.
     */
    async shifts(filter: { ministryId: number; teamId?: number; from: string; to: string }) {
      let query = assignmentShifts(db)
        .leftJoin('event_attend', (join) =>
          join.onRef('event_attend.event_id', '=', 'occurrences.event_id').onRef('event_attend.person_id', '=', 'assignments.person_id'))
        .select(['assignments.id as assignment_id', 'assignments.person_id', 'occurrences.event_id', 'occurrences.status as occurrence_status',
          shiftStart.as('start_at'), shiftEnd.as('end_at'), 'event_attend.checkin_at', 'event_attend.checkout_at'])
        .where('schedules.ministry_id', '=', filter.ministryId)
        .where('occurrences.occurrence_date', '>=', filter.from)
        .where('occurrences.occurrence_date', '<=', filter.to)
        .where('assignments.status', 'in', SERVICE_STATUSES);
      if (filter.teamId !== undefined) query = query.where('schedules.team_id', '=', filter.teamId);
      return query.execute();
    },

    /** The people placed on the event's occurrences, by name, each once, with their check-in: the kiosk's list. */
    async placedPeople(eventId: number) {
      return assignmentSchedules(db)
        .innerJoin('persons', 'persons.id', 'assignments.person_id')
        .leftJoin('event_attend', (join) =>
          join.onRef('event_attend.event_id', '=', 'occurrences.event_id').onRef('event_attend.person_id', '=', 'assignments.person_id'))
        .select(['assignments.person_id', 'persons.first_name', 'persons.last_name', 'event_attend.checkin_at', 'event_attend.checkout_at'])
        .distinct()
        .where('occurrences.event_id', '=', eventId)
        .where('assignments.status', 'in', SERVICE_STATUSES)
        .orderBy('persons.last_name').orderBy('persons.first_name').orderBy('assignments.person_id')
        .execute();
    },

    /** Checks the person in at `at`; false when a row was already there (a person is checked in once per event). */
    async checkIn(eventId: number, personId: number, at: string, mark: AttendanceMark | null = null): Promise<boolean> {
      const inserted = await db
        .insertInto('event_attend')
        .values({ event_id: eventId, person_id: personId, checkin_at: at, checkout_at: null, mark })
        .onConflict((conflict) => conflict.columns(['event_id', 'person_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Checks the person out at `at`; false unless they were checked in and not yet out. */
    async checkOut(eventId: number, personId: number, at: string): Promise<boolean> {
      const updated = await db.updateTable('event_attend').set({ checkout_at: at })
        .where('event_id', '=', eventId).where('person_id', '=', personId)
        .where('checkin_at', 'is not', null).where('checkout_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    /** Sets the row's times and mark as a coordinator's mark leaves them, creating it when there is none. */
    async mark(eventId: number, personId: number, fields: { checkin_at: string | null; checkout_at: string | null; mark: AttendanceMark | null }): Promise<void> {
      await db
        .insertInto('event_attend')
        .values({ event_id: eventId, person_id: personId, ...fields })
        .onConflict((conflict) => conflict.columns(['event_id', 'person_id']).doUpdateSet(fields))
        .execute();
    },

    /** Removes the person's check-in; false when there was none. */
    async remove(eventId: number, personId: number): Promise<boolean> {
      const removed = await db.deleteFrom('event_attend').where('event_id', '=', eventId).where('person_id', '=', personId)
        .where('checkin_at', 'is not', null).returning('id').executeTakeFirst();
      return removed !== undefined;
    },
  };
}
