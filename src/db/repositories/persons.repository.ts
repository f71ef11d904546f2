import { sql } from 'kysely';
import type { Executor } from '../database.js';
import type { NewPerson, PersonRow, PersonsTable } from '../schema.js';
import type { Updateable } from 'kysely';

export function personsRepository(db: Executor) {
  return {
    async findById(id: number): Promise<PersonRow | undefined> {
      return db.selectFrom('persons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The family's members, by first name. */
    async listByFamily(familyId: number): Promise<PersonRow[]> {
      return db.selectFrom('persons').selectAll().where('family_id', '=', familyId).orderBy(sql`lower(first_name)`).orderBy('id').execute();
    },

    async insert(person: NewPerson): Promise<PersonRow> {
      return db.insertInto('persons').values(person).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: Updateable<PersonsTable>): Promise<PersonRow | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(id);
      return db.updateTable('persons').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Self-registered people still awaiting review, newest first. */
    async awaitingReview(limit: number) {
      return db.selectFrom('persons').selectAll().where('needs_review', '=', true).where('entered_by', '=', -1)
        .orderBy('date_entered', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async countAwaitingReview(): Promise<number> {
      const row = await db.selectFrom('persons').select(sql<number>`count(*)::int`.as('n'))
        .where('needs_review', '=', true).where('entered_by', '=', -1).executeTakeFirstOrThrow();
      return row.n;
    },

    /** Clears the review flag of self-registered people among `ids`; answers how many were cleared. */
    async approve(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.updateTable('persons').set({ needs_review: false })
        .where('id', 'in', [...ids]).where('needs_review', '=', true).where('entered_by', '=', -1).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('persons').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Which of `ids` name existing people. */
    async existingIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('persons').select('id').where('id', 'in', [...ids]).execute();
      return rows.map((row) => row.id);
    },

    async idsInFamily(familyId: number): Promise<number[]> {
      const rows = await db.selectFrom('persons').select('id').where('family_id', '=', familyId).orderBy('id').execute();
      return rows.map((row) => row.id);
    },

    /** First name, last name, full name or e-mail containing `text`, ignoring case; at most `limit`. */
    async search(text: string, limit: number) {
      const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .selectFrom('persons')
        .select(['id', 'first_name', 'last_name'])
        .where((eb) =>
          eb.or([
            eb(sql`lower(first_name)`, 'like', pattern),
            eb(sql`lower(last_name)`, 'like', pattern),
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
            eb(sql`lower(coalesce(email, ''))`, 'like', pattern),
          ]),
        )
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
