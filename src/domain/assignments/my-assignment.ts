import { isLive, type AssignmentSource, type AssignmentStatus, type OccurrenceRow } from '../../db/schema.js';
import { isOver } from '../occurrences/timing.js';

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

/** One of the caller's assignments with the moment it was read, which decides whether it may still be answered. */
export interface MyAssignment {
  row: MeAssignmentFacts;
  now: string;
}

/** A volunteer may answer an assignment while it is live on a scheduled occurrence that is not over (contract §8). */
export const isAnswerable = (row: Pick<MeAssignmentFacts, 'status' | 'occurrence_status' | 'end_at'>, now: string) =>
  isLive(row.status) && row.occurrence_status === 'scheduled' && !isOver(row.end_at, now);

/** A substitute may be proposed for an answerable assignment that has no proposal pending. */
export const mayProposeSubstitute = (row: MeAssignmentFacts, now: string) => isAnswerable(row, now) && row.pending_swap_id === null;
