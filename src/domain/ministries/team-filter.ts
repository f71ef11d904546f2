import type { Repositories } from '../../db/repositories/index.js';
import type { TeamRow } from '../../db/schema.js';
import { invalid } from '../errors.js';

/** A team named in a query filter: it must belong to the ministry in the path. */
export async function teamOfMinistry(repos: Repositories, ministryId: number, teamId: number): Promise<TeamRow> {
  const team = await repos.teams.findById(teamId);
  if (!team || team.ministry_id !== ministryId) throw invalid('Team not found in this ministry');
  return team;
}
