import type { UnitOfWork } from '../domain-events.js';
import { joinGroup, leaveGroup } from '../groups/memberships.js';

/** Adds a person to the ministry's pool Group (its default role); answers whether this call added them. */
export async function joinPool(uow: UnitOfWork, ministryId: number, personId: number): Promise<boolean> {
  const pool = await uow.repos.ministries.poolGroup(ministryId);
  if (!pool) return false;
  return joinGroup(uow, pool.id, personId, pool.default_role_id);
}

/** Removes a person from the ministry's pool Group; answers whether they were in it. */
export async function leavePool(uow: UnitOfWork, ministryId: number, personId: number): Promise<boolean> {
  const pool = await uow.repos.ministries.poolGroup(ministryId);
  if (!pool) return false;
  return leaveGroup(uow, pool.id, personId);
}
