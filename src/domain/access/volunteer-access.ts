import type { Repositories } from '../../db/repositories/index.js';
import type { BlockoutRow } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import { isGlobalManager, type Caller } from './caller.js';

/** A caller of the volunteer area with the scope grants it holds (contract §1.10). */
export interface VolunteerActor {
  readonly caller: Caller;
  /** Ministries with an explicit `ministry` grant. */
  readonly grantedMinistryIds: ReadonlySet<number>;
  /** Teams with an explicit `team` grant. */
  readonly ledTeamIds: ReadonlySet<number>;
}

export const COORDINATOR_GATE_MESSAGE = 'Manage My Ministries access, with a ministry or team to manage, is required';
export const MANAGER_GATE_MESSAGE = 'Ministry management access is required';
export const CREDENTIAL_KEEPER_MESSAGE = 'This credential is not required by a ministry you manage';

export type ScopeGrants = Awaited<ReturnType<Repositories['scopes']['grantsOf']>>;

export function volunteerActor(caller: Caller, grants: ScopeGrants): VolunteerActor {
  return {
    caller,
    grantedMinistryIds: new Set(grants.filter((g) => g.ministry_id !== null).map((g) => g.ministry_id!)),
    ledTeamIds: new Set(grants.filter((g) => g.team_id !== null).map((g) => g.team_id!)),
  };
}

/** Administrator or global volunteer manager: every ministry. */
export function isManager(actor: VolunteerActor): boolean {
  return isGlobalManager(actor.caller);
}

/** A coordinator needs the `manageMyMinistries` flag and a ministry grant; a grant alone gives nothing (Open point 3). */
export function coordinates(actor: VolunteerActor, ministryId: number): boolean {
  return actor.caller.roles.manageMyMinistries && actor.grantedMinistryIds.has(ministryId);
}

/** Ministries the caller coordinates (empty for managers, who reach every ministry without grants). */
export function coordinatedMinistryIds(actor: VolunteerActor): number[] {
  return actor.caller.roles.manageMyMinistries ? [...actor.grantedMinistryIds] : [];
}

/** Ministry-level authority over M: administrator, global manager, or coordinator of M. */
export function hasMinistryAuthority(actor: VolunteerActor, ministryId: number): boolean {
  return isManager(actor) || coordinates(actor, ministryId);
}

/** Team-level authority over T: ministry-level authority over T's ministry, or a team grant on T. */
export function hasTeamAuthority(actor: VolunteerActor, team: { id: number; ministry_id: number }): boolean {
  return hasMinistryAuthority(actor, team.ministry_id) || actor.ledTeamIds.has(team.id);
}

export function passesCoordinatorGate(actor: VolunteerActor): boolean {
  return isManager(actor) || coordinatedMinistryIds(actor).length > 0 || actor.ledTeamIds.size > 0;
}

export function assertCoordinatorGate(actor: VolunteerActor): void {
  if (!passesCoordinatorGate(actor)) throw forbidden(COORDINATOR_GATE_MESSAGE);
}

export function assertManager(actor: VolunteerActor): void {
  if (!isManager(actor)) throw forbidden(MANAGER_GATE_MESSAGE);
}

export function assertMinistryAuthority(actor: VolunteerActor, ministryId: number, entity = 'ministry'): void {
  if (!hasMinistryAuthority(actor, ministryId)) throw forbidden(`Not authorized for this ${entity}`);
}

export function assertTeamAuthority(actor: VolunteerActor, team: { id: number; ministry_id: number }, entity = 'team'): void {
  if (!hasTeamAuthority(actor, team)) throw forbidden(`Not authorized for this ${entity}`);
}

/**
 * A blockout's reason is private (issue 31): a coordinator reaches anyone they add to their pool, so only the
 * person, whoever recorded the blockout and managers read it; everyone else learns the dates alone.
 */
export function readsBlockoutReason(caller: Caller, blockout: Pick<BlockoutRow, 'person_id' | 'created_by_person_id'>): boolean {
  return caller.personId === blockout.person_id || caller.personId === blockout.created_by_person_id || isGlobalManager(caller);
}

/**
 * Who may record or remove a person's credential (issue 31): managers, or a coordinator of a ministry that
 * requires it — reaching the person through one's own pool does not vouch for another ministry's check.
 */
export function keepsCredential(actor: VolunteerActor, requiringMinistryIds: readonly number[]): boolean {
  return isManager(actor) || requiringMinistryIds.some((ministryId) => coordinates(actor, ministryId));
}

export function assertKeepsCredential(actor: VolunteerActor, requiringMinistryIds: readonly number[]): void {
  if (!keepsCredential(actor, requiringMinistryIds)) throw forbidden(CREDENTIAL_KEEPER_MESSAGE);
}

/** `/me/permissions` (contract §10). */
export function permissionsOf(actor: VolunteerActor, teamsOfCoordinatedMinistries: readonly number[]) {
  return {
    isAdmin: actor.caller.roles.admin,
    isGlobalManager: isManager(actor),
    isCoordinator: coordinatedMinistryIds(actor).length > 0,
    isTeamLeader: actor.ledTeamIds.size > 0,
    managedMinistryIds: [...actor.grantedMinistryIds].sort((a, b) => a - b),
    managedTeamIds: [...new Set([...actor.ledTeamIds, ...teamsOfCoordinatedMinistries])].sort((a, b) => a - b),
  };
}
