/** The commands of the assignment routes (contract §7, §8), read from their bodies and queries at the edge. */

/** E14: who is placed where; a person outside the ministry's pool only when the coordinator says so. */
export interface AssignCommand {
  positionId: number;
  personId: number;
  allowOutsidePool: boolean;
}

/** A volunteer's own answer (E13): a blank comment is none. */
export interface AnswerCommand {
  response: 'accepted' | 'declined';
  comment: string | null;
}

export const SWAP_STATUSES = ['proposed', 'approved', 'rejected', 'withdrawn'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** The filters of the substitution list (§7.4). */
export interface SwapListQuery {
  status?: SwapStatus;
  ministryId?: number;
  occurrenceId?: number;
}

/** The window of a volunteer's own assignments: upcoming ones unless `includePast`. */
export interface MyAssignmentsQuery {
  from?: string;
  to?: string;
  includePast: boolean;
}

/** The window of open slots (E10); left out, it starts today and spans 90 days. */
export interface OpportunitiesQuery {
  from?: string;
  to?: string;
}
