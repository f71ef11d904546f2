import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { HouseholdRuleCommand } from './availability.commands.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { invalid, notFound } from '../errors.js';
import { assertPartyTo } from '../access/ministries.policies.js';
import { assertHouseholdRuleOf, assertRecordsAvailabilityFor } from '../access/availability.policies.js';
import type { Authorized } from '../access/authorized.js';
import { DatabaseService } from '../database-service.js';

/** Family members who ask to serve together (same occurrence) or apart (never the same one) (issue 17). */
export class HouseholdService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  /** My family's other members and the rules I am part of. */
  async mine(caller: Caller) {
    return this.of(caller.personId);
  }

  /** A person's family's other members and the rules they are part of. */
  async of(personId: number) {
    const repos = this.repos;
    const me = await repos.persons.findById(personId);
    const members = me?.family_id ? (await repos.persons.listByFamily(me.family_id)).filter((person) => person.id !== personId) : [];
    const rules = await repos.householdRules.forPeople([personId]);
    return { personId, familyId: me?.family_id ?? null, members, rules };
  }

  /** Sets the rule between me and a member of my family; answers the household as it now is. */
  async setRule(caller: Caller, input: HouseholdRuleCommand) {
    return this.setRuleOf(caller, caller.personId, input, { self: 'Choose another member of your family', stranger: 'That person is not in your family' });
  }

  /**
   * A coordinator records the rule for a person in their reach who has no login of their own (issue 35 #6); answers
   * that person's household.
   */
  async setRuleFor(caller: Caller, person: Authorized<'person'>, input: HouseholdRuleCommand) {
    assertRecordsAvailabilityFor(await this.repos.users.findById(person.id));
    return this.setRuleOf(caller, person.id, input, { self: 'Choose another member of the family', stranger: 'That person is not in the same family' });
  }

  private async setRuleOf(caller: Caller, personId: number, input: HouseholdRuleCommand, messages: { self: string; stranger: string }) {
    if (input.otherPersonId === personId) throw invalid(messages.self);
    const repos = this.repos;
    const [me, other] = await Promise.all([repos.persons.findById(personId), repos.persons.findById(input.otherPersonId)]);
    if (!other) throw notFound('Person not found');
    if (!me?.family_id || me.family_id !== other.family_id) throw invalid(messages.stranger);
    await repos.householdRules.upsert([personId, other.id], input.rule, caller.personId, await this.time.now());
    return this.of(personId);
  }

  /**
   * A coordinator removes a household rule they recorded, or one that no longer holds, for a person in their reach
   * who has no login (issue 35 #6); answers that person's household.
   */
  async deleteRuleFor(person: Authorized<'person'>, ruleId: number) {
    const repos = this.repos;
    assertRecordsAvailabilityFor(await repos.users.findById(person.id));
    const row = await repos.householdRules.findById(ruleId);
    assertHouseholdRuleOf(person.id, row);
    await repos.householdRules.delete(row.id);
    return this.of(person.id);
  }

  async deleteRule(caller: Caller, ruleId: number) {
    const row = await this.repos.householdRules.findById(ruleId);
    if (!row) throw notFound('Household rule not found');
    assertPartyTo(caller, row);
    await this.repos.householdRules.delete(row.id);
    return this.mine(caller);
  }
}
