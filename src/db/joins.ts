import type { Executor } from './database.js';

/** Occurrences joined to what their shift is made of (`schedules`, `events`), ready for `shiftStart` and `shiftEnd`. */
export const occurrenceShifts = (db: Executor) =>
  db
    .selectFrom('occurrences')
    .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
    .innerJoin('events', 'events.id', 'occurrences.event_id');

/** Assignments joined to their occurrence and its schedule, which says the ministry and team they serve. */
export const assignmentSchedules = (db: Executor) =>
  db
    .selectFrom('assignments')
    .innerJoin('occurrences', 'occurrences.id', 'assignments.occurrence_id')
    .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id');

/** Assignments joined to their occurrence's shift, ready for `shiftStart` and `shiftEnd`. */
export const assignmentShifts = (db: Executor) => assignmentSchedules(db).innerJoin('events', 'events.id', 'occurrences.event_id');
