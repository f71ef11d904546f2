import type { Kysely } from 'kysely';
import type { Authorized } from '../access/authorized.js';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { assertSeesSomeOfMinistry, authorizePositionTeam, ledAmong, seesWholeMinistry } from '../access/ministries.policies.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { NewPositionCommand, PositionChangesCommand } from './positions.commands.js';
import { endTeachingWhereUnqualified } from './class-roles.js';
import { rotationOrder } from './rotation.js';
import { DatabaseService } from '../database-service.js';

const MAX_ID = 2147483647;

/** Positions (contract §4.3). */
export class PositionsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  /** The team named in a body: 404 when no team has that id. */
  private async teamNamed(id: number) {
    // An id beyond the column's range names no row; asking the database would fail instead.
    const team = id <= MAX_ID ? await this.repos.teams.findById(id) : undefined;
    if (!team) throw notFound('Team not found');
    return team;
  }

  /** A team leader sees only the positions of the teams they lead; others with no stake in the ministry get 403. */
  async list(actor: VolunteerActor, ministry: Authorized<'ministry'>, filter: { teamId?: number; active?: boolean }) {
    let teamIds: number[] | undefined;
    if (!seesWholeMinistry(actor, ministry.id)) {
      teamIds = ledAmong(actor, await this.repos.teams.listWithDetails({ ministryId: ministry.id })).map((t) => t.id);
      assertSeesSomeOfMinistry(teamIds);
    }
    if (filter.teamId !== undefined) teamIds = (teamIds ?? [filter.teamId]).filter((id) => id === filter.teamId);
    return this.repos.positions.list({ ministryId: ministry.id, teamIds, active: filter.active });
  }

  /** Checks in the contract's order: team given, team exists, strict booleans, team of this ministry, authority, name. */
  async create(actor: VolunteerActor, ministry: Authorized<'ministry'>, command: NewPositionCommand) {
    const found = await this.teamNamed(command.teamId);
    const recruiting = command.recruiting ?? false;
    const selfAssignable = command.selfAssignable ?? true;
    const active = command.active ?? true;
    if (found.ministry_id !== ministry.id) throw invalid('That team belongs to another ministry');
    const team = authorizePositionTeam(actor, found);
    const { name } = command;
    if (await this.repos.positions.isNameTaken(team.id, name)) throw conflict('This team already has a position of that name');
    try {
      const position = await this.repos.positions.insert({
        ministry_id: ministry.id,
        team_id: team.id,
        name,
        description: command.description ?? null,
        sort_order: command.order ?? 0,
        recruiting,
        self_assignable: selfAssignable,
        active,
      });
      return { position: await this.get(position) };
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('This team already has a position of that name');
      throw error;
    }
  }

  async get(position: { id: number }) {
    return (await this.repos.positions.findWithTeam(position.id))!;
  }

  async update(actor: VolunteerActor, position: Authorized<'position'>, command: PositionChangesCommand) {
    const repos = this.repos;
    const update: Record<string, unknown> = {};
    const { recruiting, selfAssignable, active } = command;
    if (recruiting !== undefined) update.recruiting = recruiting;
    if (selfAssignable !== undefined) update.self_assignable = selfAssignable;
    if (active !== undefined) update.active = active;
    let teamId = position.team_id;
    if (command.teamId !== undefined) {
      const found = await this.teamNamed(command.teamId);
      if (found.ministry_id !== position.ministry_id) throw invalid('A position moves only between teams of its ministry');
      const team = authorizePositionTeam(actor, found);
      if (team.id !== position.team_id) {
        const from = await repos.teams.findById(position.team_id);
        const hasQualified = (await repos.qualifications.list({ positionId: position.id, active: true })).length > 0;
        if (hasQualified && (from?.class_group_id !== null || team.class_group_id !== null)) {
          throw conflict('A position with qualified volunteers cannot move into or out of a team linked to a class');
        }
      }
      teamId = team.id;
      update.team_id = team.id;
    }
    const { name } = command;
    if (name !== undefined) update.name = name;
    if ((update.name !== undefined || update.team_id !== undefined) && (await repos.positions.isNameTaken(teamId, (update.name as string) ?? position.name, position.id))) {
      throw conflict('This team already has a position of that name');
    }
    const { description } = command;
    if (description !== undefined) update.description = description;
    const { order } = command;
    if (order !== undefined) update.sort_order = order;
    try {
      await repos.positions.update(position.id, update);
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('This team already has a position of that name');
      throw error;
    }
    return this.get(position);
  }

  /** One transaction: qualifications, requirements, defaults and assignments (history included) go; occurrences stay. */
  async delete(position: Authorized<'position'>): Promise<void> {
    await inTransaction(this.db, this.publisher, async (uow) => {
      const holders = await uow.repos.qualifications.holdersOf(position.id);
      await uow.repos.positions.deleteWithHistory(position.id);
      await endTeachingWhereUnqualified(uow, position.team_id, holders);
    });
  }

  /** People actively qualified for the position, in rotation order (§7.2). */
  async eligible(position: Authorized<'position'>, nameFilter?: string) {
    const repos = this.repos;
    const pool = await repos.ministries.poolGroup(position.ministry_id);
    const rows = await repos.volunteerRoster.eligibleForPosition(position.id, pool?.id ?? null, await this.time.today(), nameFilter);
    return { people: rotationOrder(rows).map((row) => ({ ...row, conflictPositionId: null, conflictPositionName: null })) };
  }
}
