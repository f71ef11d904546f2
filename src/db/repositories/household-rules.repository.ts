import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import type { HouseholdRule } from '../schema.js';

/** Family members who serve together or apart (issue 17), one rule per pair, stored with the lower id first. */
export function householdRulesRepository(db: Executor) {
  const named = () => db.selectFrom('household_rules')
    .innerJoin('persons as first', 'first.id', 'household_rules.person_id')
    .innerJoin('persons as second', 'second.id', 'household_rules.other_person_id')
    .selectAll('household_rules')
    .select(['first.first_name as first_first_name', 'first.last_name as first_last_name', 'second.first_name as second_first_name', 'second.last_name as second_last_name']);

  return {
    async findById(id: number) {
      return named().where('household_rules.id', '=', id).executeTakeFirst();
    },

    /** Every rule that names one of the people. */
    async forPeople(personIds: readonly number[]) {
      if (personIds.length === 0) return [];
      return named()
        .where((eb) => eb.or([eb('household_rules.person_id', '=', anyId(personIds)), eb('household_rules.other_person_id', '=', anyId(personIds))]))
        .orderBy('household_rules.id')
        .execute();
    },

    /** Sets the pair's rule, replacing the one there was; answers its id. */
    async upsert(pair: readonly [number, number], rule: HouseholdRule, createdBy: number, at: string) {
      const [low, high] = pair[0] < pair[1] ? pair : [pair[1], pair[0]];
      const row = await db.insertInto('household_rules')
        .values({ person_id: low, other_person_id: high, rule, created_by_person_id: createdBy, created_at: at })
        .onConflict((oc) => oc.columns(['person_id', 'other_person_id']).doUpdateSet({ rule, created_by_person_id: createdBy, created_at: at }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async delete(id: number) {
      await db.deleteFrom('household_rules').where('id', '=', id).execute();
    },
  };
}
