import type { Kysely } from 'kysely';
import type { Authorized } from '../access/authorized.js';
import type { DB } from '../../db/schema.js';
import { qualificationsInView } from '../access/ministries.policies.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { notFound } from '../errors.js';
import { endTeachingWhereUnqualified, startTeaching } from './class-roles.js';
import { joinPool } from './pool.js';
import { DatabaseService } from '../database-service.js';

/** Qualifications (contract §4.5): one row per person and position; revoking is deactivating. */
export class QualificationsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  /** `active` as the list filter of §1.7: true active only, false revoked only, undefined both. */
  async listForPosition(position: Authorized<'position'>, active: boolean | undefined) {
    return this.repos.qualifications.list({ positionId: position.id, active });
  }

  /** Grants (or reactivates, keeping the row id); the person joins the pool and, on a class-linked team, the class as Teacher. */
  async grant(actor: VolunteerActor, position: Authorized<'position'>, personId: number, notes: string | null) {
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    const now = await this.time.now();
    return inTransaction(this.db, this.publisher, async (uow) => {
      await startTeaching(uow, position.team_id, personId);
      const { row, created } = await uow.repos.qualifications.grant(personId, position.id, actor.caller.personId, now, notes);
      await joinPool(uow, position.ministry_id, personId);
      return { created, qualification: (await uow.repos.qualifications.findDetailed(row.id))! };
    });
  }

  /** Revokes (keeps the row, inactive); affects only future eligibility. */
  async revoke(qualification: Authorized<'qualification'>) {
    await inTransaction(this.db, this.publisher, async (uow) => {
      await uow.repos.qualifications.revoke(qualification.id);
      await endTeachingWhereUnqualified(uow, qualification.team_id, [qualification.person_id]);
    });
    return (await this.repos.qualifications.findDetailed(qualification.id))!;
  }

  /** A person's qualifications on positions the caller can manage; a global manager sees all. */
  async listForPerson(actor: VolunteerActor, personId: number) {
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    return this.repos.qualifications.list({ personId, ...qualificationsInView(actor) });
  }
}
