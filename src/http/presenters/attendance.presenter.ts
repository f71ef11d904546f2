import type { AttendanceMark } from '../../db/schema.js';
import { displayName } from '../../domain/people/display-name.js';
import type { CheckInView } from '../schemas/attendance.schemas.js';

/** What a check-in reads as on an assignment (contract §11.3): out, in, or not (an absent mark has no time). */
export const attendanceOf = (row: { checkin_at: string | null; checkout_at: string | null }) =>
  row.checkout_at !== null ? 'checked_out' as const : row.checkin_at !== null ? 'checked_in' as const : 'not_checked_in' as const;

export function presentCheckIn(row: {
  event_id: number; person_id: number; first_name: string; last_name: string;
  checkin_at: string | null; checkout_at: string | null; mark: AttendanceMark | null;
}): CheckInView {
  return {
    eventId: row.event_id,
    personId: row.person_id,
    displayName: displayName(row),
    checkedInAt: row.checkin_at,
    checkedOutAt: row.checkout_at,
    mark: row.mark,
    attendance: attendanceOf(row),
  };
}
