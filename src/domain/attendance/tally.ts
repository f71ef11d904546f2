import { minutesBetween } from '../dates.js';
import { isOver } from '../occurrences/timing.js';

/** One shift a person served or was to serve, with their check-in at its event (attendance.repository `shifts`). */
export interface ShiftAttendance {
  person_id: number;
  event_id: number;
  occurrence_status: 'scheduled' | 'cancelled';
  start_at: string;
  end_at: string;
  checkin_at: string | null;
  checkout_at: string | null;
}

export interface AttendanceTally {
  /** Shifts the person was checked in at. */
  served: number;
  /** Shifts that ended without a check-in; counted only while the church tracks attendance. */
  noShows: number;
  /** From the check-in to the check-out, or the shift's own hours when the person never checked out; to 2 decimals. */
  hoursServed: number;
}

/**
 * Served, no-shows and hours per person (issue 36 #4). A person holding two positions at one event is counted
 * once for that event (one check-in, one set of hours). A shift that ended not checked in is a no-show only when
 * `tracked` (setting bEnableAttendance), so a church that never checks in is not told everyone was absent.
 */
export function tallyAttendance(shifts: readonly ShiftAttendance[], now: string, tracked: boolean): Map<number, AttendanceTally> {
  const tallies = new Map<number, AttendanceTally>();
  const seen = new Set<string>();
  for (const shift of shifts) {
    if (shift.occurrence_status === 'cancelled') continue;
    const key = `${shift.person_id}:${shift.event_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const tally = tallies.get(shift.person_id) ?? { served: 0, noShows: 0, hoursServed: 0 };
    if (shift.checkin_at !== null) {
      tally.served += 1;
      const minutes = shift.checkout_at !== null ? minutesBetween(shift.checkin_at, shift.checkout_at) : minutesBetween(shift.start_at, shift.end_at);
      tally.hoursServed = Math.round((tally.hoursServed + Math.max(0, minutes) / 60) * 100) / 100;
    } else if (tracked && isOver(shift.end_at, now)) {
      tally.noShows += 1;
    }
    tallies.set(shift.person_id, tally);
  }
  return tallies;
}
