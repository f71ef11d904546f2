import type { Kysely } from 'kysely';
import { HOUSEHOLD_RULES, type DB, type HouseholdRule } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { invalid, notFound } from '../errors.js';
import { assertPartyTo } from '../access/ministries.policies.js';
import { displayName } from '../ministries/views.js';
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
    return {
      familyId: me?.family_id ?? null,
      members: members.map((person) => ({ personId: person.id, displayName: displayName(person) })),
      rules: rules.map((row) => {
        const isFirst = row.person_id === caller.personId;
        return {
          id: row.id,
          otherPersonId: isFirst ? row.other_person_id : row.person_id,
          otherName: isFirst ? displayName({ first_name: row.second_first_name, last_name: row.second_last_name }) : displayName({ first_name: row.first_first_name, last_name: row.first_last_name }),
          rule: row.rule,
        };
      }),
    };
  }

  /** Sets the rule between me and a member of my family; answers the household as it now is. */
  async setRule(caller: Caller, input: { otherPersonId: number; rule: string }) {
    if (!(HOUSEHOLD_RULES as readonly string[]).includes(input.rule)) throw invalid('rule must be together or apart');
    if (input.otherPersonId === caller.personId) throw invalid('Choose another member of your family');
    const repos = this.repos;
    const [me, other] = await Promise.all([repos.persons.findById(caller.personId), repos.persons.findById(input.otherPersonId)]);
    if (!other) throw notFound('Person not found');
    if (!me?.family_id || me.family_id !== other.family_id) throw invalid('That person is not in your family');
    await repos.householdRules.upsert([caller.personId, other.id], input.rule as HouseholdRule, caller.personId, await this.time.now());
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
