import type { Repositories } from '../../db/repositories/index.js';

/** "Coordinators" of an occurrence are the ministry's coordinators; when it has none, the global managers (§13.5). */
export async function coordinatorsOf(repos: Repositories, ministryId: number): Promise<number[]> {
  const coordinators = await repos.scopes.coordinatorIds(ministryId);
  return coordinators.length > 0 ? coordinators : repos.scopes.globalManagerIds();
}
