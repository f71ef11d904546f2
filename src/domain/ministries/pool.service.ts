import type { Kysely } from 'kysely';
import { teamOfMinistry } from './team-filter.js';
import type { Repositories } from '../../db/repositories/index.js';
import type { Authorized } from '../access/authorized.js';
import type { DB, TeamRow } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { cancelAssignments } from '../assignments/cancel.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { invalid, notFound } from '../errors.js';
import { joinPool, leavePool } from './pool.js';
import { endTeachingWhereUnqualified } from './class-roles.js';
import { DatabaseService } from '../database-service.js';

/** The volunteer pool (contract §4.4): the ministry's pool Group, its views, E18 and E19. */
export class PoolService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  private async requirePool(repos: Repositories, ministryId: number) {
    const pool = await repos.ministries.poolGroup(ministryId);
    if (!pool) throw notFound('This ministry has no volunteer pool Group');
    return pool;
  }

  /** Pool members only, alphabetical, with their active qualifications on the ministry's active positions. */
  async members(ministry: Authorized<'ministry'>) {
    const repos = this.repos;
    const pool = await this.requirePool(repos, ministry.id);
    const positions = await repos.positions.list({ ministryId: ministry.id, active: true });
    const people = await repos.volunteerRoster.poolAndQualified(pool.id, [], false);
    const qualifications = await repos.volunteerRoster.activeQualifications(people.map((p) => p.id), positions.map((p) => p.id));
    return { groupId: pool.id, groupName: pool.name, members: { people, qualifications, poolGroupId: pool.id } };
  }

  /**
   * The pool united with everyone actively qualified for an active position in view: the ministry, or one of its
   * teams (`teamId`, which must be a team of the ministry).
   */
  async membersInView(ministry: Authorized<'ministry'>, teamId?: number) {
    const team = teamId === undefined ? undefined : await teamOfMinistry(this.repos, ministry.id, teamId);
    return this.membersInScope(ministry.id, team);
  }

  /** The same for one team. */
  async teamMembers(team: Authorized<'team'>) {
    return this.membersInScope(team.ministry_id, team);
  }

  private async membersInScope(ministryId: number, team?: TeamRow) {
    const repos = this.repos;
    const pool = await repos.ministries.poolGroup(ministryId);
    const positions = await repos.positions.list({ ministryId, teamIds: team ? [team.id] : undefined, active: true });
    const positionIds = positions.map((p) => p.id);
    const people = await repos.volunteerRoster.poolAndQualified(pool?.id ?? null, positionIds, true);
    const qualifications = await repos.volunteerRoster.activeQualifications(people.map((p) => p.id), positionIds);
    return { positions, people: { people, qualifications, poolGroupId: pool?.id ?? null } };
  }

  /** Who is qualified for which active position of the ministry, or of one of its teams (`teamId`). */
  async matrix(ministry: Authorized<'ministry'>, teamId?: number) {
    const team = teamId === undefined ? undefined : await teamOfMinistry(this.repos, ministry.id, teamId);
    return this.matrixOf(ministry.id, team);
  }

  async teamMatrix(team: Authorized<'team'>) {
    return this.matrixOf(team.ministry_id, team);
  }

  private async matrixOf(ministryId: number, team?: TeamRow) {
    const { positions, people } = await this.membersInScope(ministryId, team);
    return { ministryId, teamId: team?.id ?? null, positions, people };
  }

  async add(ministry: Authorized<'ministry'>, personId: number): Promise<{ personId: number; added: boolean }> {
    const repos = this.repos;
    await this.requirePool(repos, ministry.id);
    if (!(await repos.persons.findById(personId))) throw notFound('Person not found');
    const added = await inTransaction(this.db, this.publisher, (uow) => joinPool(uow, ministry.id, personId));
    return { personId, added };
  }

  /** Leaving the pool never revokes qualifications. */
  async remove(ministry: Authorized<'ministry'>, personId: number): Promise<void> {
    await this.requirePool(this.repos, ministry.id);
    const removed = await inTransaction(this.db, this.publisher, (uow) => leavePool(uow, ministry.id, personId));
    if (!removed) throw notFound('That person is not in this volunteer pool');
  }

  /** E18: everyone in the caller's cart joins the pool; existing members are counted, the cart stays as it is. */
  async addFromCart(actor: VolunteerActor, ministry: Authorized<'ministry'>) {
    const repos = this.repos;
    await this.requirePool(repos, ministry.id);
    const personIds = await repos.carts.personIds(actor.caller.userId);
    if (personIds.length === 0) throw invalid('Add people to the cart before adding them as volunteers');
    return inTransaction(this.db, this.publisher, async (uow) => {
      let added = 0;
      for (const personId of personIds) if (await joinPool(uow, ministry.id, personId)) added++;
      return { added, alreadyMembers: personIds.length - added };
    });
  }

  /**
   * E19, one transaction: revoke the person's active qualifications in the ministry, cancel their live
   * assignments on still-to-come occurrences through the ordinary cancel path, take them out of the pool,
   * and clear every schedule default of the ministry naming them. Past assignments stay as history.
   */
  async removeVolunteer(actor: VolunteerActor, ministry: Authorized<'ministry'>, personId: number) {
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    const now = await this.time.now();
    return inTransaction(this.db, this.publisher, async (uow) => {
      const { repos } = uow;
      const teams = await repos.teams.listWithDetails({ ministryId: ministry.id });
      const qualifications = await repos.qualifications.revokeInMinistry(personId, ministry.id);
      const assignmentIds = await repos.assignments.liveUpcomingInMinistry(personId, ministry.id, now);
      await cancelAssignments(repos, assignmentIds, actor.caller.personId, now);
      const removedFromPool = await leavePool(uow, ministry.id, personId);
      const defaults = await repos.assignments.deleteDefaultsInMinistry(personId, ministry.id);
      for (const team of teams) await endTeachingWhereUnqualified(uow, team.id, [personId]);
      return { personId, qualifications, assignments: assignmentIds.length, removedFromPool, defaults };
    });
  }
}
