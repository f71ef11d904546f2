import { sql, type Insertable } from 'kysely';
import type { Executor } from '../database.js';
import { translateConstraintError } from '../errors.js';
import type { EventTypeRow, EventTypesTable } from '../schema.js';

export function eventTypesRepository(db: Executor) {
  return {
    async list(): Promise<EventTypeRow[]> {
      return db.selectFrom('event_types').selectAll().orderBy(sql`lower(name)`).orderBy('id').execute();
    },

    async findById(id: number): Promise<EventTypeRow | undefined> {
      return db.selectFrom('event_types').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Case-insensitive, active or not. */
    async findByName(name: string): Promise<EventTypeRow | undefined> {
      return db.selectFrom('event_types').selectAll().where(sql`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
    },

    /** Throws UniqueViolationError when another type already holds the name (ignoring case). */
    async insert(type: Insertable<EventTypesTable>): Promise<EventTypeRow> {
      try {
        return await db.insertInto('event_types').values(type).returningAll().executeTakeFirstOrThrow();
      } catch (error) {
        return translateConstraintError(error);
      }
    },

    /** Adds an active type named `name` unless one of that name exists, active or not (names are unique ignoring case). */
    async ensureNamed(name: string): Promise<void> {
      await sql`insert into event_types (name, active) select ${name}, true
                where not exists (select 1 from event_types where lower(name) = lower(${name}))`.execute(db);
    },
  };
}
