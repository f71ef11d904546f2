import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import type { ChurchTime } from '../church-time.js';
import { addDays } from '../dates.js';
import { DatabaseService } from '../database-service.js';

/** How far ahead the glance lists days away. */
export const GLANCE_DAYS_AHEAD = 182;

/**
 * People's availability at a glance, per ministry (issue 35 #6): each person of the pool with their limits, household
 * rules, days away over the coming months and credentials with expiry. Six statements whatever the pool's size.
 */
export class AvailabilityGlanceService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  async ofMinistry(ministry: Authorized<'ministry'>) {
    const repos = this.repos;
    const today = await this.time.today();
    const until = addDays(today, GLANCE_DAYS_AHEAD);
    const [people, required] = await Promise.all([repos.reports.poolPeople(ministry.id), repos.credentials.requirementsOf(ministry.id)]);
    const ids = people.map((person) => person.person_id);
    const [preferences, blockouts, held, rules] = await Promise.all([
      repos.preferences.forPeople(ids), repos.blockouts.overlapping(ids, today, until), repos.credentials.heldBy(ids), repos.householdRules.forPeople(ids),
    ]);
    return { ministryId: ministry.id, ministryName: ministry.name, today, until, people, required, preferences, blockouts, held, rules };
  }
}
