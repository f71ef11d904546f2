import type { Executor } from '../database.js';
import type { NewPerson, PersonRow } from '../schema.js';

export function personsRepository(db: Executor) {
  return {
    async findById(id: number): Promise<PersonRow | undefined> {
      return db.selectFrom('persons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(person: NewPerson): Promise<PersonRow> {
      return db.insertInto('persons').values(person).returningAll().executeTakeFirstOrThrow();
    },
  };
}
