import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';

/** How often people want to serve (issue 17): one row per person and ministry, or for every ministry. */
export function preferencesRepository(db: Executor) {
  const withMinistry = () => db.selectFrom('serving_preferences')
    .leftJoin('ministries', 'ministries.id', 'serving_preferences.ministry_id')
    .selectAll('serving_preferences')
    .select('ministries.name as ministry_name');

  return {
    async findById(id: number) {
      return withMinistry().where('serving_preferences.id', '=', id).executeTakeFirst();
    },

    /** The person's preferences: "every ministry" first, then by ministry name. */
    async listForPerson(personId: number) {
      return withMinistry().where('serving_preferences.person_id', '=', personId)
        .orderBy(sql`serving_preferences.ministry_id is not null`).orderBy(sql`lower(ministries.name)`).orderBy('serving_preferences.id')
        .execute();
    },

    async forPeople(personIds: readonly number[]) {
      if (personIds.length === 0) return [];
      return db.selectFrom('serving_preferences').selectAll().where('person_id', '=', anyId(personIds)).execute();
    },

    /** Sets the person's preference for the ministry (null: every ministry), replacing the one there was. */
    async upsert(row: { personId: number; ministryId: number | null; maxPerMonth: number | null; preferredWeeks: string | null; at: string }) {
      const { rows } = await sql<{ id: number }>`
        insert into serving_preferences (person_id, ministry_id, max_per_month, preferred_weeks, updated_at)
        values (${row.personId}, ${row.ministryId}, ${row.maxPerMonth}, ${row.preferredWeeks}, ${row.at})
        on conflict (person_id, (coalesce(ministry_id, 0)))
        do update set max_per_month = excluded.max_per_month, preferred_weeks = excluded.preferred_weeks, updated_at = excluded.updated_at
        returning id`.execute(db);
      return rows[0].id;
    },

    async delete(id: number) {
      await db.deleteFrom('serving_preferences').where('id', '=', id).execute();
    },
  };
}
