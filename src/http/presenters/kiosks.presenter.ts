import type { Kiosk } from '../../domain/attendance/kiosks.service.js';
import { displayName } from '../../domain/people/display-name.js';
import type { KioskPersonView, KioskView } from '../schemas/kiosks.schemas.js';
import { attendanceOf } from './attendance.presenter.js';

export function presentKiosk(row: Kiosk): KioskView {
  return {
    id: row.id, name: row.name, eventId: row.assigned_event_id, eventTitle: row.event_title ?? null, eventStart: row.event_start ?? null,
    createdAt: row.created_at,
  };
}

export function presentKioskPerson(row: { person_id: number; first_name: string; last_name: string; checkin_at: string | null; checkout_at: string | null }): KioskPersonView {
  return { personId: row.person_id, displayName: displayName(row), attendance: attendanceOf(row) };
}
