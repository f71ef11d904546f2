import { sql } from 'kysely';

/**
 * An occurrence's shift: its event's times moved by the schedule's offsets (contract §5.1). Used in queries
 * that join `events` and `schedules` (`occurrenceShifts`, `assignmentShifts` of ./joins.ts); computed on read,
 * never stored.
 */
export const shiftStart = sql<string>`events.start_at + make_interval(mins => schedules.start_offset_minutes)`;
export const shiftEnd = sql<string>`events.end_at + make_interval(mins => schedules.end_offset_minutes)`;
