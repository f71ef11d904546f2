import { isLive, type AssignmentRow, type AssignmentSource, type AssignmentStatus, type OccurrenceRow } from '../../db/schema.js';
import { displayName } from '../ministries/views.js';
import { isOver } from '../occurrences/timing.js';

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
    // Ours (issue 18), only on the rows an auto-fill created: the reference clients never see it on theirs.
    ...(row.auto_fill_run_id !== null && { autoFilled: true as const }),
  };
}

/** What a volunteer's view of one of their assignments is made of: the row, its occurrence's shift, a pending swap. */
export interface MeAssignmentFacts {
  id: number;
  occurrence_id: number;
  person_id: number;
  position_id: number;
  position_name: string;
  ministry_name: string;
  team_name: string;
  start_at: string;
  end_at: string;
  occurrence_date: string;
  occurrence_status: OccurrenceRow['status'];
  status: AssignmentStatus;
  source: AssignmentSource;
  responded_at: string | null;
  pending_swap_id: number | null;
  substitute_first_name: string | null;
  substitute_last_name: string | null;
}

/** The member's assignment shape of contract §8: it may be answered while live on a scheduled occurrence not over. */
export function meAssignmentView(row: MeAssignmentFacts, now: string) {
  const isAnswerable = isLive(row.status) && row.occurrence_status === 'scheduled' && !isOver(row.end_at, now);
  return {
    id: row.id,
    occurrenceId: row.occurrence_id,
    personId: row.person_id,
    positionId: row.position_id,
    positionName: row.position_name,
    ministryName: row.ministry_name,
    teamName: row.team_name,
    start: row.start_at,
    end: row.end_at,
    occurrenceDate: row.occurrence_date,
    occurrenceStatus: row.occurrence_status,
    status: row.status,
    source: row.source,
    respondedDate: row.responded_at,
    canRespond: isAnswerable,
    canProposeSubstitute: isAnswerable && row.pending_swap_id === null,
    pendingSwapId: row.pending_swap_id,
    pendingSwapPersonName: row.substitute_first_name === null ? null : displayName({ first_name: row.substitute_first_name, last_name: row.substitute_last_name ?? '' }),
  };
}
