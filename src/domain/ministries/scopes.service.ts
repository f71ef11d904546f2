import type { Kysely } from 'kysely';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { notFound } from '../errors.js';
import type { ScopeGrantCommand } from './scopes.commands.js';
import { joinPool } from './pool.js';
import { DatabaseService } from '../database-service.js';

/** Scope grants (contract §4.6): who coordinates a ministry or leads a team. Manager-only. */
export class ScopesService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  async list(filter: { personId?: number; ministryId?: number; teamId?: number }) {
    return this.repos.scopes.list(filter);
  }

  /** Grants once (a repeat answers the same row); the holder joins the ministry's pool. */
  async grant(actor: VolunteerActor, input: ScopeGrantCommand) {
    const repos = this.repos;
    if (!(await repos.persons.findById(input.personId))) throw notFound('Person not found');
    let ministryId: number;
    if (input.scopeType === 'ministry') {
      if (!(await repos.ministries.findById(input.scopeId))) throw notFound('Ministry not found');
      ministryId = input.scopeId;
    } else {
      const team = await repos.teams.findById(input.scopeId);
      if (!team) throw notFound('Team not found');
      ministryId = team.ministry_id;
    }
    const target = input.scopeType === 'ministry' ? { ministryId: input.scopeId } : { teamId: input.scopeId };
    const now = await this.time.now();
    const grant = async () =>
      inTransaction(this.db, this.publisher, async (uow) => {
        const result = await uow.repos.scopes.grant(input.personId, target, actor.caller.personId, now);
        await joinPool(uow, ministryId, input.personId);
        return result;
      });
    let result;
    try {
      result = await grant();
    } catch (error) {
      // Two identical grants at once: the unique index lets one through; the other answers that row.
      if (!(error instanceof UniqueViolationError)) throw error;
      result = await grant();
    }
    return { created: result.created, scope: (await repos.scopes.findDetailed(result.id))! };
  }

  async revoke(scopeId: number): Promise<void> {
    if (!(await this.repos.scopes.delete(scopeId))) throw notFound('Scope grant not found');
  }
}
