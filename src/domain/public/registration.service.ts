import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import type { ChurchTime } from '../church-time.js';
import { forbidden, notFound } from '../errors.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DatabaseService } from '../database-service.js';
import type { DeferredRegistration, FamilyRegistrationCommand, PersonRegistrationCommand } from './registration.commands.js';

/** `entered_by` of a self-registered record (contract §14.4). */
export const SELF_REGISTERED = -1;

/** Self-registration of families and people, and their review by staff (contract §14.4). */
export class RegistrationService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  private async assertOpen(): Promise<void> {
    if (!(await this.settings.get('bEnableSelfRegistration'))) throw forbidden('bEnableSelfRegistration is disabled');
  }

  /** A family with its people, all written or none; every validation failure is reported at once. */
  async registerFamily(read: DeferredRegistration<FamilyRegistrationCommand>) {
    await this.assertOpen();
    const { family, people } = read();
    const now = await this.time.now();
    const review = { entered_by: SELF_REGISTERED, needs_review: true, date_entered: now };
    return withTransaction(this.db, async (repos) => {
      const row = await repos.families.insert({ ...family, ...review });
      for (const person of people) await repos.persons.insert({ ...person, ...review, family_id: row.id });
      return { family: row, memberIds: await repos.persons.idsInFamily(row.id) };
    });
  }

  async registerPerson(read: DeferredRegistration<PersonRegistrationCommand>) {
    await this.assertOpen();
    const person = read();
    return this.repos.persons.insert({ ...person, entered_by: SELF_REGISTERED, needs_review: true, date_entered: await this.time.now() });
  }

  async peopleAwaitingReview() {
    return this.repos.persons.awaitingReview(100);
  }

  async familiesAwaitingReview() {
    return this.repos.families.awaitingReview(100);
  }

  async countAwaitingReview(): Promise<number> {
    return this.repos.persons.countAwaitingReview();
  }

  /** Clears the review flag; a family counts once with its members; ids not self-registered are ignored. */
  async approve(familyIds: number[], personIds: number[]): Promise<number> {
    return withTransaction(this.db, async (repos) => (await repos.families.approve(familyIds)) + (await repos.persons.approve(personIds)));
  }

  /**
   * Turns a self-registered person away (issue 33 #6): their record leaves the review list as inactive, kept so the
   * office can tell who was turned away and why, and the applicant is mailed the reason when one is given.
   */
  async rejectPerson(personId: number, reason: string | undefined): Promise<void> {
    const person = await this.repos.persons.findById(personId);
    if (!person || !person.needs_review || person.entered_by !== SELF_REGISTERED) throw notFound('No registration of this person awaits review');
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      await repos.persons.update(personId, { needs_review: false, inactive: true });
      if (person.email) await enqueueAccountNotice(repos, { type: 'registration_rejected', personId, now, keyParts: [personId], context: { reason: reason ?? null } });
    });
  }

  async approvePerson(personId: number): Promise<void> {
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    await this.repos.persons.update(personId, { needs_review: false });
  }
}
