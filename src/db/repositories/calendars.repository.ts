import type { Insertable } from 'kysely';
import type { Executor } from '../database.js';
import { translateConstraintError } from '../errors.js';
import type { CalendarRow, CalendarsTable } from '../schema.js';

export function calendarsRepository(db: Executor) {
  return {
    async list(): Promise<CalendarRow[]> {
      return db.selectFrom('calendars').selectAll().orderBy('name').orderBy('id').execute();
    },

    async findById(id: number): Promise<CalendarRow | undefined> {
      return db.selectFrom('calendars').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByIds(ids: readonly number[]): Promise<CalendarRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('calendars').selectAll().where('id', 'in', [...ids]).execute();
    },

    async insert(calendar: Insertable<CalendarsTable>): Promise<CalendarRow> {
      return db.insertInto('calendars').values(calendar).returningAll().executeTakeFirstOrThrow();
    },

    /** Throws UniqueViolationError when another calendar already holds the token. */
    async setAccessToken(id: number, token: string | null): Promise<CalendarRow | undefined> {
      try {
        return await db.updateTable('calendars').set({ access_token: token }).where('id', '=', id).returningAll().executeTakeFirst();
      } catch (error) {
        return translateConstraintError(error);
      }
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('calendars').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
