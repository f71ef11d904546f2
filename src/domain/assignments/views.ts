import type { AssignmentRow } from '../../db/schema.js';
import { displayName } from '../ministries/views.js';

type AssignmentWithNames = AssignmentRow & {
  position_name: string;
  first_name: string;
  last_name: string;
  checkin_at: string | null;
  checkout_at: string | null;
};

/** The assignment shape of contract §11.3; attendance is read from the event's check-ins. */
export function assignmentView(row: AssignmentWithNames) {
  return {
    id: row.id,
    occurrenceId: row.occurrence_id,
    positionId: row.position_id,
    positionName: row.position_name,
    personId: row.person_id,
    displayName: displayName(row),
    requirementId: row.requirement_id,
    status: row.status,
    source: row.source,
    assignedDate: row.assigned_at,
    assignedByPersonId: row.assigned_by_person_id,
    respondedDate: row.responded_at,
    replacesAssignmentId: row.replaces_assignment_id,
    notes: row.notes,
    attendance: (row.checkout_at !== null ? 'checked_out' : row.checkin_at !== null ? 'checked_in' : 'not_checked_in') as 'checked_out' | 'checked_in' | 'not_checked_in',
  };
}

export const isLive = (status: string) => status === 'pending' || status === 'accepted';
