import type { UnitOfWork } from '../domain-events.js';

/**
 * Adds a person to a group unless already a member, emitting `group-member-added` only for a real change.
 * Every write that adds someone to a group (pool, cart, qualification, help offer, scope grant) goes through here.
 */
export async function joinGroup(uow: UnitOfWork, groupId: number, personId: number, roleId: number): Promise<boolean> {
  const added = await uow.repos.groups.addMember(groupId, personId, roleId);
  if (added) uow.emit({ type: 'group-member-added', groupId, personId });
  return added;
}

/** Removes a membership, emitting `group-member-removed` only when there was one. */
export async function leaveGroup(uow: UnitOfWork, groupId: number, personId: number): Promise<boolean> {
  const removed = await uow.repos.groups.removeMember(groupId, personId);
  if (removed) uow.emit({ type: 'group-member-removed', groupId, personId });
  return removed;
}
