import type { AssignmentRow, AttendanceMark, ResponseChannel } from '../../db/schema.js';
import { isAnswerable, mayProposeSubstitute, type MeAssignmentFacts, type MyAssignment } from '../../domain/assignments/my-assignment.js';
import type { MemberService } from '../../domain/assignments/member.service.js';
import { displayName } from '../../domain/people/display-name.js';
import { attendanceOf } from './attendance.presenter.js';
import type { AnswerLinkAssignmentView } from '../schemas/answer-links.schemas.js';
import type { AssignmentView, HelpWantedView, MeAssignmentView, NotificationView, OpportunitiesView, ResponseView, SwapView } from '../schemas/volunteer.schemas.js';

/** An assignment with the names and the event's check-in times its view shows. */
export type AssignmentWithNames = AssignmentRow & {
  position_name: string;
  first_name: string;
  last_name: string;
  checkin_at: string | null;
  checkout_at: string | null;
  /** A coordinator's mark on the occurrence page (issue 36 #3), where one was made. */
  attendance_mark?: AttendanceMark | null;
};

/** The assignment shape of contract §11.3; attendance is read from the event's check-ins. */
export function presentAssignment(row: AssignmentWithNames): AssignmentView {
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
    attendance: attendanceOf(row),
    // Ours (issue 36 #3): the coordinator's mark, present, late or absent, only where one was made.
    ...(row.attendance_mark && { attendanceMark: row.attendance_mark }),
    // Ours (issue 18), only on the rows an auto-fill created: the reference clients never see it on theirs.
    ...(row.auto_fill_run_id !== null && { autoFilled: true as const }),
  };
}

/** The member's assignment shape of contract §8. */
export function presentMeAssignment(row: MeAssignmentFacts, now: string): MeAssignmentView {
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
    canRespond: isAnswerable(row, now),
    canProposeSubstitute: mayProposeSubstitute(row, now),
    pendingSwapId: row.pending_swap_id,
    pendingSwapPersonName: row.substitute_first_name === null ? null : displayName({ first_name: row.substitute_first_name, last_name: row.substitute_last_name ?? '' }),
  };
}

export const presentMyAssignment = ({ row, now }: MyAssignment) => presentMeAssignment(row, now);

export function presentResponse(row: { id: number; assignment_id: number; person_id: number; first_name: string; last_name: string; response: string; response_at: string; channel: string; comment: string | null }): ResponseView {
  return {
    id: row.id,
    assignmentId: row.assignment_id,
    personId: row.person_id,
    displayName: displayName(row),
    response: row.response,
    responseDate: row.response_at,
    channel: row.channel as ResponseChannel,
    comment: row.comment,
  };
}

export function presentSwap(row: {
  id: number; assignment_id: number; occurrence_id: number; position_id: number; position_name: string; proposed_by_person_id: number;
  proposer_first_name: string; proposer_last_name: string; proposed_person_id: number; proposed_first_name: string; proposed_last_name: string;
  status: string; proposed_at: string; decided_at: string | null; decided_by_person_id: number | null; comment: string | null;
}): SwapView {
  return {
    id: row.id,
    assignmentId: row.assignment_id,
    occurrenceId: row.occurrence_id,
    positionId: row.position_id,
    positionName: row.position_name,
    proposedByPersonId: row.proposed_by_person_id,
    proposedByName: displayName({ first_name: row.proposer_first_name, last_name: row.proposer_last_name }),
    proposedPersonId: row.proposed_person_id,
    proposedPersonName: displayName({ first_name: row.proposed_first_name, last_name: row.proposed_last_name }),
    status: row.status,
    proposedDate: row.proposed_at,
    decidedDate: row.decided_at,
    decidedByPersonId: row.decided_by_person_id,
    comment: row.comment,
  };
}

export function presentNotification(row: {
  id: number; type: string; channel: string; person_id: number; assignment_id: number | null; occurrence_id: number | null; dedupe_key: string;
  status: string; scheduled_for: string | null; sent_at: string | null; attempts: number; last_attempt_at: string | null; last_error: string | null; created_at: string;
}): NotificationView {
  return {
    id: row.id,
    type: row.type,
    channel: row.channel,
    personId: row.person_id,
    assignmentId: row.assignment_id,
    occurrenceId: row.occurrence_id,
    dedupeKey: row.dedupe_key,
    status: row.status,
    scheduledFor: row.scheduled_for ?? row.created_at,
    sentDate: row.sent_at,
    attempts: row.attempts,
    lastAttemptDate: row.last_attempt_at,
    lastError: row.last_error,
  };
}

type SwapRow = Parameters<typeof presentSwap>[0];
type NotificationRow = Parameters<typeof presentNotification>[0];

/** An answer carrying one assignment (E14, a coordinator's status change), with whatever else it says. */
export const presentWithAssignment = <T extends { assignment: AssignmentWithNames }>({ assignment, ...rest }: T) => ({ ...rest, assignment: presentAssignment(assignment) });

/** A coordinator's removal: a fresh row is gone, any other is answered as it now stands. */
export const presentRemoval = ({ deleted, assignment }: { deleted: boolean; assignment: AssignmentWithNames | null }) =>
  ({ deleted, assignment: assignment === null ? null : presentAssignment(assignment) });

/** An assignment with its response trail, substitute proposals and messages. */
export const presentAssignmentDetail = (detail: { assignment: AssignmentWithNames; responses: Parameters<typeof presentResponse>[0][]; swaps: SwapRow[]; notifications: NotificationRow[] }) => ({
  assignment: presentAssignment(detail.assignment),
  responses: detail.responses.map(presentResponse),
  swaps: detail.swaps.map(presentSwap),
  notifications: detail.notifications.map(presentNotification),
});

export const presentNotifications = ({ notifications }: { notifications: NotificationRow[] }) => ({ notifications: notifications.map(presentNotification) });

export const presentQueued = ({ created, notification }: { created: boolean; notification: NotificationRow }) => ({ created, notification: presentNotification(notification) });

export const presentSwaps = ({ swaps }: { swaps: SwapRow[] }) => ({ swaps: swaps.map(presentSwap) });

/** A swap as it now stands, with whatever else the answer says (the rules' warnings on E9). */
export const presentWithSwap = <T extends { swap: SwapRow }>({ swap, ...rest }: T) => ({ ...rest, swap: presentSwap(swap) });

/** An approval: the swap, the original assignment (now substituted) and the substitute's. */
export const presentApproval = <T extends { swap: SwapRow; originalAssignment: AssignmentWithNames; replacementAssignment: AssignmentWithNames }>({ swap, originalAssignment, replacementAssignment, ...rest }: T) =>
  ({ ...rest, swap: presentSwap(swap), originalAssignment: presentAssignment(originalAssignment), replacementAssignment: presentAssignment(replacementAssignment) });

export const presentMyAssignments = ({ assignments, now }: { assignments: MeAssignmentFacts[]; now: string }) => ({ assignments: assignments.map((row) => presentMeAssignment(row, now)) });

/** An answer carrying one of the caller's assignments (E11, E13), with whatever else it says. */
export const presentWithMyAssignment = <T extends { assignment: MyAssignment }>({ assignment, ...rest }: T) => ({ ...rest, assignment: presentMyAssignment(assignment) });

/** A blockout the caller recorded, with their live assignments it covers. */
export const presentCoveredBlockout = <T extends { coveredAssignments: MeAssignmentFacts[]; now: string }>({ coveredAssignments, now, ...rest }: T) =>
  ({ ...rest, coveredAssignments: coveredAssignments.map((row) => presentMeAssignment(row, now)) });

/** What an answer link's page shows of the assignment: its facts and the first name of the person asked, nothing else. */
export const presentAnswerLink = <T extends { assignment: Pick<MeAssignmentFacts, 'position_name' | 'ministry_name' | 'team_name' | 'start_at' | 'end_at' | 'status'>; firstName: string }>(
  { assignment: row, firstName, ...rest }: T,
): Omit<T, 'assignment' | 'firstName'> & { assignment: AnswerLinkAssignmentView } => ({
  ...rest,
  assignment: { firstName, positionName: row.position_name, ministryName: row.ministry_name, teamName: row.team_name, start: row.start_at, end: row.end_at, status: row.status },
});

/** The caller's active qualifications (contract §8). */
export const presentMyQualifications = ({ qualifications }: { qualifications: Array<{ position_id: number; position_name: string; ministry_id: number; ministry_name: string; team_id: number; team_name: string }> }) => ({
  qualifications: qualifications.map((q) => ({
    positionId: q.position_id, positionName: q.position_name, ministryId: q.ministry_id, ministryName: q.ministry_name, teamId: q.team_id, teamName: q.team_name,
  })),
});

/** E12: each advertising ministry with its recruiting positions and whether the caller is in its pool. */
export const presentHelpWanted = ({ ministries, positions }: Awaited<ReturnType<MemberService['helpWanted']>>): HelpWantedView => ({
  ministries: ministries.map((ministry) => ({
    ministryId: ministry.id,
    ministryName: ministry.name,
    helpWantedText: ministry.help_wanted_text ?? '',
    recruitingPositions: positions.filter((p) => p.ministry_id === ministry.id).map((p) => ({ teamName: p.team_name, positionName: p.position_name, description: p.description })),
    inPool: ministry.in_pool === true || (ministry.in_pool as unknown) === 1,
  })),
});

/** E10: the open slots the caller could sign up to, with what E11 would warn about each. */
export const presentOpportunities = ({ opportunities, from, to }: Awaited<ReturnType<MemberService['opportunities']>>): OpportunitiesView => ({
  opportunities: opportunities.map(({ slot, requirement, serving, marks }) => ({
    occurrenceId: slot.occurrence_id, positionId: slot.position_id, positionName: slot.position_name, ministryName: slot.ministry_name,
    teamName: slot.team_name, occurrenceDate: slot.occurrence_date, start: slot.start_at, end: slot.end_at,
    openCount: requirement.openCount, minCount: requirement.minCount, liveCount: requirement.liveCount,
    alreadyServing: serving.length > 0, alreadyServingPositionNames: serving.map((h) => h.position_name),
    marks,
  })),
  from,
  to,
});
