import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { HouseholdRuleCommand } from './availability.commands.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { invalid, notFound } from '../errors.js';
import { assertPartyTo } from '../access/ministries.policies.js';
import { DatabaseService } from '../database-service.js';

/** Family members who ask to serve together (same occurrence) or apart (never the same one) (issue 17). */
export class HouseholdService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  /** My family's other members and the rules I am part of. */
  async mine(caller: Caller) {
    const repos = this.repos;
    const me = await repos.persons.findById(caller.personId);
    const members = me?.family_id ? (await repos.persons.listByFamily(me.family_id)).filter((person) => person.id !== caller.personId) : [];
    const rules = await repos.householdRules.forPeople([caller.personId]);
    return { personId: caller.personId, familyId: me?.family_id ?? null, members, rules };
  }

  /** Sets the rule between me and a member of my family; answers the household as it now is. */
  async setRule(caller: Caller, input: HouseholdRuleCommand) {
    if (input.otherPersonId === caller.personId) throw invalid('Choose another member of your family');
    const repos = this.repos;
    const [me, other] = await Promise.all([repos.persons.findById(caller.personId), repos.persons.findById(input.otherPersonId)]);
    if (!other) throw notFound('Person not found');
    if (!me?.family_id || me.family_id !== other.family_id) throw invalid('That person is not in your family');
    await repos.householdRules.upsert([caller.personId, other.id], input.rule, caller.personId, await this.time.now());
    return this.mine(caller);
  }

  async deleteRule(caller: Caller, ruleId: number) {
    const row = await this.repos.householdRules.findById(ruleId);
    if (!row) throw notFound('Household rule not found');
    assertPartyTo(caller, row);
    await this.repos.householdRules.delete(row.id);
    return this.mine(caller);
  }
}
