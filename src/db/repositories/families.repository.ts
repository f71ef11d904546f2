import type { Insertable } from 'kysely';
import type { Executor } from '../database.js';
import type { FamiliesTable, FamilyRow } from '../schema.js';

export function familiesRepository(db: Executor) {
  return {
    async findById(id: number): Promise<FamilyRow | undefined> {
      return db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Self-registered families awaiting review with their members' first names and e-mails, newest first. */
    async awaitingReview(limit: number) {
      const families = await db.selectFrom('families').selectAll().where('needs_review', '=', true).where('entered_by', '=', -1)
        .orderBy('date_entered', 'desc').orderBy('id', 'desc').limit(limit).execute();
      const members = families.length === 0 ? [] : await db.selectFrom('persons').select(['family_id', 'first_name', 'email'])
        .where('family_id', 'in', families.map((f) => f.id)).orderBy('id').execute();
      return families.map((family) => ({ family, members: members.filter((m) => m.family_id === family.id) }));
    },

    /** Clears the review flag of self-registered families among `ids` and of their members; answers the families cleared. */
    async approve(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const cleared = await db.updateTable('families').set({ needs_review: false })
        .where('id', 'in', [...ids]).where('needs_review', '=', true).where('entered_by', '=', -1).returning('id').execute();
      if (cleared.length > 0) {
        await db.updateTable('persons').set({ needs_review: false }).where('family_id', 'in', cleared.map((f) => f.id)).where('entered_by', '=', -1).execute();
      }
      return cleared.length;
    },

    async insert(family: Insertable<FamiliesTable>): Promise<FamilyRow> {
      return db.insertInto('families').values(family).returningAll().executeTakeFirstOrThrow();
    },
  };
}
