import { forbidden } from '../errors.js';
import { coordinatedMinistryIds, hasMinistryAuthority, hasTeamAuthority, isManager, type VolunteerActor } from './volunteer-access.js';

/** Who may read and change the staffing of schedules, occurrences, assignments and substitutions (contract §5–§9). */

/** The ministries and teams a caller's staffing lists cover; none named means every one (a manager). */
export interface StaffingReach {
  ministryIds?: number[];
  teamIds?: number[];
}

/** Managers see every ministry's staffing; the others what they coordinate or lead. */
export const seesAllStaffing = (actor: VolunteerActor) => isManager(actor);

/** The ministries a caller coordinates; empty for a manager, who needs no grant. */
export const coordinatedBy = (actor: VolunteerActor) => coordinatedMinistryIds(actor);

export const staffingReach = (actor: VolunteerActor): StaffingReach =>
  seesAllStaffing(actor) ? {} : { ministryIds: coordinatedBy(actor), teamIds: [...actor.ledTeamIds] };

/** Help offers reach the coordinators of the ministry and managers (undefined: every ministry). */
export const helpOfferReach = (actor: VolunteerActor) => (seesAllStaffing(actor) ? undefined : coordinatedBy(actor));

/** A decline's reason is for the ministry's coordinators and managers; a team leader learns the decline alone (issue 34). */
export const readsDeclineReason = (actor: VolunteerActor, ministryId: number) => hasMinistryAuthority(actor, ministryId);

/** Whether the dashboard offers a ministry's own pages, beyond the teams the caller leads in it. */
export const managesMinistry = (actor: VolunteerActor, ministryId: number) => hasMinistryAuthority(actor, ministryId);

/** Staffing a team's schedules and occurrences takes authority over the team. */
export const staffsTeam = (actor: VolunteerActor, team: { id: number; ministry_id: number }) => hasTeamAuthority(actor, team);

export function assertStaffsTeam(actor: VolunteerActor, team: { id: number; ministry_id: number }, noun: string): void {
  if (!staffsTeam(actor, team)) throw forbidden(`Not authorized for this ${noun}`);
}

/**
 * The roster (issue 35 #1, issue 39 #2): a whole ministry's for its coordinators and managers, a team's also for the
 * team's leaders.
 */
export const readsRoster = (actor: VolunteerActor, ministryId: number, team?: { id: number; ministry_id: number }) =>
  team ? staffsTeam(actor, team) : managesMinistry(actor, ministryId);

export function assertReadsRoster(actor: VolunteerActor, ministryId: number, team?: { id: number; ministry_id: number }): void {
  if (!readsRoster(actor, ministryId, team)) throw forbidden(`Not authorized for this ${team ? 'team' : 'ministry'}`);
}

/** Sending a volunteer's request again takes authority over the team their assignment is on (issue 34 #2). */
export const asksAgain = (actor: VolunteerActor, assignment: { team_id: number; ministry_id: number }) =>
  staffsTeam(actor, { id: assignment.team_id, ministry_id: assignment.ministry_id });

export function assertAsksAgain(actor: VolunteerActor, assignment: { team_id: number; ministry_id: number }): void {
  if (!asksAgain(actor, assignment)) throw forbidden('Not authorized for this assignment');
}

/** A volunteer answers, and finds substitutes for, their own assignments only (§1.6). */
export const ownsAssignment = (personId: number, assignment: { person_id: number }) => assignment.person_id === personId;

export function assertOwnsAssignment(personId: number, assignment: { person_id: number }): void {
  if (!ownsAssignment(personId, assignment)) throw forbidden('That assignment belongs to someone else');
}

/** Only whoever proposed a substitute withdraws the proposal. */
export const proposedSwap = (personId: number, swap: { proposed_by_person_id: number }) => swap.proposed_by_person_id === personId;

export function assertProposedSwap(personId: number, swap: { proposed_by_person_id: number }): void {
  if (!proposedSwap(personId, swap)) throw forbidden('Only the person who proposed the substitute may withdraw it');
}
