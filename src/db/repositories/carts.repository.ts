import type { Executor } from '../database.js';

export function cartsRepository(db: Executor) {
  return {
    async personIds(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('carts').select('person_id').where('user_id', '=', userId).orderBy('added_at').orderBy('person_id').execute();
      return rows.map((row) => row.person_id);
    },

    /** Adds people not yet in the cart; answers those added. */
    async add(userId: number, personIds: readonly number[], at: string): Promise<number[]> {
      if (personIds.length === 0) return [];
      const rows = await db
        .insertInto('carts')
        .values(personIds.map((personId) => ({ user_id: userId, person_id: personId, added_at: at })))
        .onConflict((oc) => oc.columns(['user_id', 'person_id']).doNothing())
        .returning('person_id')
        .execute();
      return rows.map((row) => row.person_id);
    },

    /** Removes the given people, or everyone when `personIds` is undefined; answers how many were removed. */
    async remove(userId: number, personIds?: readonly number[]): Promise<number> {
      let query = db.deleteFrom('carts').where('user_id', '=', userId);
      if (personIds) {
        if (personIds.length === 0) return 0;
        query = query.where('person_id', 'in', [...personIds]);
      }
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },
  };
}
