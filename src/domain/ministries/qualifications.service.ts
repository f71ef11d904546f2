import type { Kysely } from 'kysely';
import { createRepositories } from '../../db/repositories/index.js';
import type { DB, PositionRow } from '../../db/schema.js';
import { isManager, coordinatedMinistryIds, type VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { notFound } from '../errors.js';
import { endTeachingWhereUnqualified, startTeaching } from './class-roles.js';
import { joinPool } from './pool.js';
import { qualificationView } from './views.js';

/** Qualifications (contract §4.5): one row per person and position; revoking is deactivating. */
export class QualificationsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly time: ChurchTime,
    private readonly publisher: DomainEventPublisher,
  ) {}

  private get repos() {
    return createRepositories(this.db);
  }

  /** `active` as the list filter of §1.7: true active only, false revoked only, undefined both. */
  async listForPosition(position: PositionRow, active: boolean | undefined) {
    return { qualifications: (await this.repos.qualifications.list({ positionId: position.id, active })).map(qualificationView) };
  }

  /** Grants (or reactivates, keeping the row id); the person joins the pool and, on a class-linked team, the class as Teacher. */
  async grant(actor: VolunteerActor, position: PositionRow, personId: number, notes: string | null) {
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    const now = await this.time.now();
    return inTransaction(this.db, this.publisher, async (uow) => {
      await startTeaching(uow, position.team_id, personId);
      const { row, created } = await uow.repos.qualifications.grant(personId, position.id, actor.caller.personId, now, notes);
      await joinPool(uow, position.ministry_id, personId);
      return { created, qualification: qualificationView((await uow.repos.qualifications.findDetailed(row.id))!) };
    });
  }

  /** Revokes (keeps the row, inactive); affects only future eligibility. */
  async revoke(qualificationId: number, teamId: number, personId: number) {
    await inTransaction(this.db, this.publisher, async (uow) => {
      await uow.repos.qualifications.revoke(qualificationId);
      await endTeachingWhereUnqualified(uow, teamId, [personId]);
    });
    return { qualification: qualificationView((await this.repos.qualifications.findDetailed(qualificationId))!) };
  }

  /** A person's qualifications on positions the caller can manage; a global manager sees all. */
  async listForPerson(actor: VolunteerActor, personId: number) {
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    const scope = isManager(actor) ? {} : { ministryIds: coordinatedMinistryIds(actor), teamIds: [...actor.ledTeamIds] };
    return { qualifications: (await this.repos.qualifications.list({ personId, ...scope })).map(qualificationView) };
  }
}
