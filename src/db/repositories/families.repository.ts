import type { Insertable } from 'kysely';
import type { Executor } from '../database.js';
import type { FamiliesTable, FamilyRow } from '../schema.js';

export function familiesRepository(db: Executor) {
  return {
    async findById(id: number): Promise<FamilyRow | undefined> {
      return db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(family: Insertable<FamiliesTable>): Promise<FamilyRow> {
      return db.insertInto('families').values(family).returningAll().executeTakeFirstOrThrow();
    },
  };
}
