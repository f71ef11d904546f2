import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { notFound } from '../errors.js';
import { assertOwnsPreference } from '../access/ministries.policies.js';
import { assertRecordsAvailabilityFor } from '../access/availability.policies.js';
import type { Authorized } from '../access/authorized.js';
import { storedWeeks } from './preferences.js';
import { DatabaseService } from '../database-service.js';

type PreferenceInput = { ministryId?: number | null; maxPerMonth?: number | null; preferredWeeks?: number[] };

/** How often I want to serve (issue 17): at most N times a month and preferred weeks, per ministry or for all. */
export class PreferencesService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  async listMine(caller: Caller) {
    return this.repos.preferences.listForPerson(caller.personId);
  }

  /** Sets my preference for a ministry (or, without one, for every ministry), replacing what was there. */
  async setMine(caller: Caller, input: PreferenceInput) {
    return this.setOf(caller.personId, input);
  }

  /** A coordinator sets the preference of a person in their reach who has no login of their own (issue 35 #6). */
  async setFor(person: Authorized<'person'>, input: PreferenceInput) {
    assertRecordsAvailabilityFor(await this.repos.users.findById(person.id));
    return this.setOf(person.id, input);
  }

  private async setOf(personId: number, input: PreferenceInput) {
    const repos = this.repos;
    const ministryId = input.ministryId ?? null;
    if (ministryId !== null && !(await repos.ministries.findById(ministryId))) throw notFound('Ministry not found');
    const id = await repos.preferences.upsert({
      personId, ministryId, maxPerMonth: input.maxPerMonth ?? null, preferredWeeks: storedWeeks(input.preferredWeeks), at: await this.time.now(),
    });
    return (await repos.preferences.findById(id))!;
  }

  async deleteMine(caller: Caller, preferenceId: number) {
    const row = await this.repos.preferences.findById(preferenceId);
    if (!row) throw notFound('Preference not found');
    assertOwnsPreference(caller, row);
    await this.repos.preferences.delete(row.id);
    return { success: true as const };
  }
}
