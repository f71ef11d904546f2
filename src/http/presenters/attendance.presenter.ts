import type { AttendanceMark } from '../../db/schema.js';
import { displayName } from '../../domain/people/display-name.js';
import type { CheckInCardView, CheckInView } from '../schemas/attendance.schemas.js';

/** What a check-in reads as on an assignment (contract §11.3): out, in, or not (an absent mark has no time). */
export const attendanceOf = (row: { checkin_at: string | null; checkout_at: string | null }) =>
  row.checkout_at !== null ? 'checked_out' as const : row.checkin_at !== null ? 'checked_in' as const : 'not_checked_in' as const;

type CheckInRow = {
  event_id: number; person_id: number; first_name: string; last_name: string;
  checkin_at: string | null; checkout_at: string | null; mark: AttendanceMark | null;
};

export function presentCheckIn(row: CheckInRow): CheckInView {
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

export const presentCheckInCard = (card: { checkIn: CheckInRow | null; qr: string; selfCheckIn: 'phone' | 'kiosk'; venueCodeAsked: boolean }): CheckInCardView => ({
  checkIn: card.checkIn && presentCheckIn(card.checkIn), qr: card.qr, selfCheckIn: card.selfCheckIn, venueCodeAsked: card.venueCodeAsked,
});
