import type { Kysely } from 'kysely';
import type { Authorized } from '../access/authorized.js';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { assertTeamAuthority, hasMinistryAuthority, type VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { parsePermissiveBoolean, parseStrictBoolean } from '../values.js';
import { positionView } from './views.js';
import { endTeachingWhereUnqualified } from './class-roles.js';
import { rotationOrder } from './rotation.js';
import { DatabaseService } from '../database-service.js';

export const STRICT_BOOLEAN_MESSAGES = {
  recruiting: 'Recruit Volunteers must be true or false',
  selfAssignable: 'Self-assignable must be true or false',
  active: 'Active must be true or false',
} as const;

function strict(value: unknown, field: keyof typeof STRICT_BOOLEAN_MESSAGES): boolean | undefined {
  if (value === undefined) return undefined;
  const parsed = parseStrictBoolean(value);
  if (parsed === undefined) throw invalid(STRICT_BOOLEAN_MESSAGES[field]);
  return parsed;
}

export interface NewPositionInput {
  name?: unknown;
  teamId?: unknown;
  description?: unknown;
  order?: unknown;
  recruiting?: unknown;
  selfAssignable?: unknown;
  active?: unknown;
}

const MAX_ID = 2147483647;

function positiveId(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number <= 0) return undefined;
  return number;
}

function text(value: unknown, field: string, max: number): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw invalid(`${field} must be text`);
  if (value.length > max) throw invalid(`${field} is too long (${max} characters at most)`);
  return value.trim();
}

function order(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > 1_000_000) throw invalid('order must be a whole number');
  return number;
}

/** Positions (contract §4.3). */
export class PositionsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  /** The team named in a body: 400 when none is named (missing, "", null or no id), 404 when no team has that id. */
  private async teamNamed(value: unknown) {
    const id = positiveId(value);
    if (id === undefined) throw invalid('A position belongs to a team; choose one');
    // An id beyond the column's range names no row; asking the database would fail instead.
    const team = id <= MAX_ID ? await this.repos.teams.findById(id) : undefined;
    if (!team) throw notFound('Team not found');
    return team;
  }

  /** A team leader sees only the positions of the teams they lead; others with no stake in the ministry get 403. */
  async list(actor: VolunteerActor, ministry: Authorized<'ministry'>, filter: { teamId?: number; active?: boolean }) {
    let teamIds: number[] | undefined;
    if (!hasMinistryAuthority(actor, ministry.id)) {
      const led = (await this.repos.teams.listWithDetails({ ministryId: ministry.id })).filter((t) => actor.ledTeamIds.has(t.id)).map((t) => t.id);
      if (led.length === 0) throw forbidden('Not authorized for this ministry');
      teamIds = led;
    }
    if (filter.teamId !== undefined) teamIds = (teamIds ?? [filter.teamId]).filter((id) => id === filter.teamId);
    return (await this.repos.positions.list({ ministryId: ministry.id, teamIds, active: filter.active })).map(positionView);
  }

  /** Checks in the contract's order: team given, team exists, strict booleans, team of this ministry, authority, name. */
  async create(actor: VolunteerActor, ministry: Authorized<'ministry'>, input: NewPositionInput) {
    const team = await this.teamNamed(input.teamId);
    const recruiting = strict(input.recruiting, 'recruiting') ?? false;
    const selfAssignable = strict(input.selfAssignable, 'selfAssignable') ?? true;
    const active = strict(input.active, 'active') ?? true;
    if (team.ministry_id !== ministry.id) throw invalid('That team belongs to another ministry');
    assertTeamAuthority(actor, team);
    const name = text(input.name, 'name', 100);
    if (!name) throw invalid('A position name is required');
    if (await this.repos.positions.isNameTaken(team.id, name)) throw conflict('This team already has a position of that name');
    try {
      const position = await this.repos.positions.insert({
        ministry_id: ministry.id,
        team_id: team.id,
        name,
        description: text(input.description, 'description', 255) || null,
        sort_order: order(input.order) ?? 0,
        recruiting,
        self_assignable: selfAssignable,
        active,
      });
      return { position: positionView((await this.repos.positions.findWithTeam(position.id))!) };
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('This team already has a position of that name');
      throw error;
    }
  }

  async get(position: Authorized<'position'>) {
    return { position: positionView((await this.repos.positions.findWithTeam(position.id))!) };
  }

  async update(actor: VolunteerActor, position: Authorized<'position'>, input: NewPositionInput) {
    const repos = this.repos;
    const update: Record<string, unknown> = {};
    const recruiting = strict(input.recruiting, 'recruiting');
    const selfAssignable = strict(input.selfAssignable, 'selfAssignable');
    if (recruiting !== undefined) update.recruiting = recruiting;
    if (selfAssignable !== undefined) update.self_assignable = selfAssignable;
    if (input.active !== undefined) update.active = parsePermissiveBoolean(input.active);
    let teamId = position.team_id;
    if (input.teamId !== undefined) {
      const team = await this.teamNamed(input.teamId);
      if (team.ministry_id !== position.ministry_id) throw invalid('A position moves only between teams of its ministry');
      assertTeamAuthority(actor, team);
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
    const name = text(input.name, 'name', 100);
    if (name !== undefined) {
      if (!name) throw invalid('A position name is required');
      update.name = name;
    }
    if ((update.name !== undefined || update.team_id !== undefined) && (await repos.positions.isNameTaken(teamId, (update.name as string) ?? position.name, position.id))) {
      throw conflict('This team already has a position of that name');
    }
    const description = text(input.description, 'description', 255);
    if (description !== undefined) update.description = description || null;
    const sortOrder = order(input.order);
    if (sortOrder !== undefined) update.sort_order = sortOrder;
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
