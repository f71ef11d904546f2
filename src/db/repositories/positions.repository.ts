import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../database.js';
import type { PositionRow, PositionsTable } from '../schema.js';

export function positionsRepository(db: Executor) {
  const withTeam = () => db.selectFrom('positions').innerJoin('teams', 'teams.id', 'positions.team_id').selectAll('positions').select('teams.name as team_name');

  return {
    async findById(id: number): Promise<PositionRow | undefined> {
      return db.selectFrom('positions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The position with whether the person is actively qualified for it, in one statement (a sign-up checks both). */
    async findWithQualification(id: number, personId: number) {
      return db.selectFrom('positions').selectAll('positions')
        .select((eb) => eb.exists(eb.selectFrom('qualifications').select('qualifications.id')
          .whereRef('qualifications.position_id', '=', 'positions.id')
          .where('qualifications.person_id', '=', personId)
          .where('qualifications.active', '=', true)).as('is_qualified'))
        .where('positions.id', '=', id)
        .executeTakeFirst();
    },

    async findWithTeam(id: number) {
      return withTeam().where('positions.id', '=', id).executeTakeFirst();
    },

    /** Positions by team name, then their own order, then name. */
    async list(filter: { ministryId?: number; teamIds?: readonly number[]; active?: boolean }) {
      let query = withTeam();
      if (filter.ministryId !== undefined) query = query.where('positions.ministry_id', '=', filter.ministryId);
      if (filter.teamIds) {
        if (filter.teamIds.length === 0) return [];
        query = query.where('positions.team_id', 'in', [...filter.teamIds]);
      }
      if (filter.active !== undefined) query = query.where('positions.active', '=', filter.active);
      return query.orderBy(sql`lower(teams.name)`).orderBy('positions.sort_order').orderBy(sql`lower(positions.name)`).orderBy('positions.id').execute();
    },

    async isNameTaken(teamId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('positions').select('id').where('team_id', '=', teamId).where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(position: Insertable<PositionsTable>): Promise<PositionRow> {
      return db.insertInto('positions').values(position).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: Updateable<PositionsTable>): Promise<void> {
      if (Object.keys(changes).length > 0) await db.updateTable('positions').set(changes).where('id', '=', id).execute();
    },

    /** Removes the position's assignments (history included) first: they restrict the delete. */
    async deleteWithHistory(id: number): Promise<void> {
      await db.deleteFrom('assignments').where('position_id', '=', id).execute();
      await db.deleteFrom('positions').where('id', '=', id).execute();
    },
  };
}
