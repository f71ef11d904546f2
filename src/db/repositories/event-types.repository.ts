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

    /** Throws UniqueViolationError when another type already holds the new name (ignoring case). */
    async update(id: number, changes: Partial<Pick<EventTypeRow, 'name' | 'def_start_time' | 'active'>>): Promise<EventTypeRow | undefined> {
      try {
        return await db.updateTable('event_types').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
      } catch (error) {
        return translateConstraintError(error);
      }
    },

    /** Deletes the type unless an event uses it; answers whether it was deleted. */
    async deleteUnused(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('event_types')
        .where('id', '=', id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('events').select('events.id').whereRef('events.type_id', '=', 'event_types.id'))))
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Seeds the fallback type `name` (active) unless a type of that name exists, active or not (names are unique
     * ignoring case), or the one seeded before still exists under another name.
     */
    async ensureSeededFallback(name: string): Promise<void> {
      await sql`insert into event_types (name, active, seeded_fallback) select ${name}, true, true
                where not exists (select 1 from event_types where lower(name) = lower(${name}) or seeded_fallback)`.execute(db);
    },
  };
}
