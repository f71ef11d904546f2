import type { UnitOfWork } from '../domain-events.js';
import { conflict } from '../errors.js';
import { joinGroup, leaveGroup } from '../groups/memberships.js';
import { TEACHER_ROLE_ID } from './teams.service.js';

/**
 * A qualification on a position of a team linked to a class gives the class's Teacher role; refused with
 * 409 when the person is in the class under another role (for example Student).
 */
export async function startTeaching(uow: UnitOfWork, teamId: number, personId: number): Promise<void> {
  const team = await uow.repos.teams.findById(teamId);
  if (!team || team.class_group_id === null) return;
  const membership = await uow.repos.groups.membership(team.class_group_id, personId);
  if (membership && membership.role_id !== TEACHER_ROLE_ID) {
    throw conflict('This person is already in the class under another role; change that role first');
  }
  await joinGroup(uow, team.class_group_id, personId, TEACHER_ROLE_ID);
}

/** People left with no active qualification in a class-linked team leave the class's Teacher role. */
export async function endTeachingWhereUnqualified(uow: UnitOfWork, teamId: number, personIds: readonly number[]): Promise<void> {
  const team = await uow.repos.teams.findById(teamId);
  if (!team || team.class_group_id === null || personIds.length === 0) return;
  const stillQualified = new Set(await uow.repos.qualifications.activelyQualifiedInTeam(teamId, personIds));
  for (const personId of personIds) {
    if (stillQualified.has(personId)) continue;
    const membership = await uow.repos.groups.membership(team.class_group_id, personId);
    if (membership?.role_id === TEACHER_ROLE_ID) await leaveGroup(uow, team.class_group_id, personId);
  }
}
