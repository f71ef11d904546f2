import type { Kysely } from 'kysely';
import { createRepositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import type { Caller } from './caller.js';
import { forbidden, notFound } from '../errors.js';
import { assertMinistryAuthority, assertTeamAuthority, hasMinistryAuthority, loadVolunteerActor, type VolunteerActor } from './volunteer-access.js';

/**
 * The entity checks of contract §1.5 step 4: the record named in the path is loaded (404 when missing),
 * then the caller's authority over it is checked (403). 404 always comes before 403.
 */
export class VolunteerAccessService {
  constructor(private readonly db: Kysely<DB>) {}

  private get repos() {
    return createRepositories(this.db);
  }

  async actorOf(caller: Caller): Promise<VolunteerActor> {
    return loadVolunteerActor(this.repos, caller);
  }

  /** A ministry, with ministry-level authority unless `authority` is `none`. */
  async ministry(actor: VolunteerActor, ministryId: number, authority: 'ministry' | 'none' = 'ministry', refusal?: string) {
    const ministry = await this.repos.ministries.findById(ministryId);
    if (!ministry) throw notFound('Ministry not found');
    if (authority === 'ministry') {
      if (refusal && !hasMinistryAuthority(actor, ministry.id)) throw forbidden(refusal);
      assertMinistryAuthority(actor, ministry.id);
    }
    return ministry;
  }

  /**
   * A ministry for routes open to its coordinators and to leaders of one of its teams (schedule create,
   * staffed events): 403 only for a caller with no stake in it; the team in the body is checked later.
   */
  async ministryOrLedTeam(actor: VolunteerActor, ministryId: number) {
    const ministry = await this.ministry(actor, ministryId, 'none');
    if (!hasMinistryAuthority(actor, ministry.id)) {
      const teams = await this.repos.teams.listWithDetails({ ministryId: ministry.id });
      if (!teams.some((team) => actor.ledTeamIds.has(team.id))) throw forbidden('Not authorized for this ministry');
    }
    return ministry;
  }

  /** A team, with team-level authority, or ministry-level authority for edits and deletes (§18 #4). */
  async team(actor: VolunteerActor, teamId: number, authority: 'team' | 'ministry' = 'team') {
    const team = await this.repos.teams.findById(teamId);
    if (!team) throw notFound('Team not found');
    if (authority === 'ministry') assertMinistryAuthority(actor, team.ministry_id, 'team');
    else assertTeamAuthority(actor, team);
    return team;
  }

  /** A position, with authority over its team. */
  async position(actor: VolunteerActor, positionId: number) {
    const position = await this.repos.positions.findById(positionId);
    if (!position) throw notFound('Position not found');
    assertTeamAuthority(actor, { id: position.team_id, ministry_id: position.ministry_id }, 'position');
    return position;
  }

  /** A qualification, with authority over its position's team. */
  async qualification(actor: VolunteerActor, qualificationId: number) {
    const qualification = await this.repos.qualifications.findDetailed(qualificationId);
    if (!qualification) throw notFound('Qualification not found');
    assertTeamAuthority(actor, { id: qualification.team_id, ministry_id: qualification.ministry_id }, 'qualification');
    return qualification;
  }
}
