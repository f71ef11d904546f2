import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../database.js';
import { translateConstraintError } from '../errors.js';
import type { MinistriesTable, MinistryRow } from '../schema.js';

export function ministriesRepository(db: Executor) {
  const withCounts = () =>
    db
      .selectFrom('ministries')
      .selectAll('ministries')
      .select((eb) => [
        eb.selectFrom('teams').select(sql<number>`count(*)::int`.as('n')).whereRef('teams.ministry_id', '=', 'ministries.id').as('team_count'),
        eb.selectFrom('positions').select(sql<number>`count(*)::int`.as('n')).whereRef('positions.ministry_id', '=', 'ministries.id').as('position_count'),
      ]);

  return {
    async findById(id: number): Promise<MinistryRow | undefined> {
      return db.selectFrom('ministries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findWithCounts(id: number) {
      return withCounts().where('ministries.id', '=', id).executeTakeFirst();
    },

    /** Ministries with counts, by name; `ids` limits the list, `active` filters it. */
    async listWithCounts(filter: { ids?: readonly number[]; active?: boolean }) {
      let query = withCounts();
      if (filter.ids) {
        if (filter.ids.length === 0) return [];
        query = query.where('ministries.id', 'in', [...filter.ids]);
      }
      if (filter.active !== undefined) query = query.where('ministries.active', '=', filter.active);
      return query.orderBy(sql`lower(ministries.name)`).orderBy('ministries.id').execute();
    },

    async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('ministries').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Throws UniqueViolationError when another ministry already holds the name (ignoring case). */
    async insert(ministry: Insertable<MinistriesTable>): Promise<MinistryRow> {
      return db.insertInto('ministries').values(ministry).returningAll().executeTakeFirstOrThrow().catch(translateConstraintError);
    },

    /** Throws UniqueViolationError when another ministry already holds the new name (ignoring case). */
    async update(id: number, changes: Updateable<MinistriesTable>): Promise<void> {
      if (Object.keys(changes).length > 0) await db.updateTable('ministries').set(changes).where('id', '=', id).execute().catch(translateConstraintError);
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('ministries').where('id', '=', id).execute();
    },

    async poolGroup(ministryId: number) {
      return db.selectFrom('groups').selectAll().where('ministry_id', '=', ministryId).executeTakeFirst();
    },

    async ownCalendar(ministryId: number) {
      return db.selectFrom('calendars').selectAll().where('ministry_id', '=', ministryId).executeTakeFirst();
    },

    /** All-time, unscoped counts that feed the delete confirmation. */
    async historyCounts(ministryId: number) {
      return db
        .selectNoFrom((eb) => [
          eb.selectFrom('occurrences').innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
            .select(sql<number>`count(*)::int`.as('n')).where('schedules.ministry_id', '=', ministryId).as('occurrence_count'),
          eb.selectFrom('assignments').innerJoin('positions', 'positions.id', 'assignments.position_id')
            .select(sql<number>`count(*)::int`.as('n')).where('positions.ministry_id', '=', ministryId).as('assignment_count'),
        ])
        .executeTakeFirstOrThrow();
    },

    /** Deletes every assignment on the ministry's positions (they restrict position deletes). */
    async deleteAssignments(ministryId: number): Promise<void> {
      await db.deleteFrom('assignments').where('position_id', 'in', (q) => q.selectFrom('positions').select('id').where('ministry_id', '=', ministryId)).execute();
    },

    async ministriesOpenedTo(calendarId: number) {
      return db
        .selectFrom('calendar_ministry_grants')
        .innerJoin('ministries', 'ministries.id', 'calendar_ministry_grants.ministry_id')
        .select(['ministries.id', 'ministries.name', 'ministries.active'])
        .where('calendar_ministry_grants.calendar_id', '=', calendarId)
        .orderBy(sql`lower(ministries.name)`)
        .execute();
    },

    async replaceCalendarGrants(calendarId: number, ministryIds: readonly number[]): Promise<void> {
      await db.deleteFrom('calendar_ministry_grants').where('calendar_id', '=', calendarId).execute();
      if (ministryIds.length > 0) {
        await db.insertInto('calendar_ministry_grants').values(ministryIds.map((ministryId) => ({ calendar_id: calendarId, ministry_id: ministryId }))).execute();
      }
    },

    /** The ministry's own calendar and the church calendars opened to it. */
    async pinnableCalendarIds(ministryId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('calendars')
        .select('id')
        .where((eb) => eb.or([
          eb('ministry_id', '=', ministryId),
          eb('id', 'in', eb.selectFrom('calendar_ministry_grants').select('calendar_id').where('ministry_id', '=', ministryId)),
        ]))
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async existingIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      return (await db.selectFrom('ministries').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id);
    },
  };
}
