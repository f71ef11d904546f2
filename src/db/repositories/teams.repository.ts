import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../database.js';
import type { TeamRow, TeamsTable } from '../schema.js';

export function teamsRepository(db: Executor) {
  const withDetails = () =>
    db
      .selectFrom('teams')
      .leftJoin('groups', 'groups.id', 'teams.class_group_id')
      .selectAll('teams')
      .select('groups.name as class_group_name')
      .select((eb) =>
        eb.selectFrom('positions').select(sql<number>`count(*)::int`.as('n')).whereRef('positions.team_id', '=', 'teams.id').as('position_count'),
      );

  return {
    async findById(id: number): Promise<TeamRow | undefined> {
      return db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findWithDetails(id: number) {
      return withDetails().where('teams.id', '=', id).executeTakeFirst();
    },

    async listWithDetails(filter: { ministryId?: number; ids?: readonly number[]; active?: boolean }) {
      let query = withDetails();
      if (filter.ministryId !== undefined) query = query.where('teams.ministry_id', '=', filter.ministryId);
      if (filter.ids) {
        if (filter.ids.length === 0) return [];
        query = query.where('teams.id', 'in', [...filter.ids]);
      }
      if (filter.active !== undefined) query = query.where('teams.active', '=', filter.active);
      return query.orderBy(sql`lower(teams.name)`).orderBy('teams.id').execute();
    },

    /** Teams named in `teamIds` or belonging to a ministry in `ministryIds`, in one query. */
    async listInScope(scope: { teamIds: readonly number[]; ministryIds: readonly number[] }) {
      if (scope.teamIds.length === 0 && scope.ministryIds.length === 0) return [];
      return withDetails()
        .where((eb) => eb.or([
          ...(scope.teamIds.length > 0 ? [eb('teams.id', 'in', [...scope.teamIds])] : []),
          ...(scope.ministryIds.length > 0 ? [eb('teams.ministry_id', 'in', [...scope.ministryIds])] : []),
        ]))
        .orderBy(sql`lower(teams.name)`).orderBy('teams.id').execute();
    },

    async countInMinistry(ministryId: number): Promise<number> {
      const row = await db.selectFrom('teams').select(sql<number>`count(*)::int`.as('n')).where('ministry_id', '=', ministryId).executeTakeFirstOrThrow();
      return row.n;
    },

    async isNameTaken(ministryId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('teams').select('id').where('ministry_id', '=', ministryId).where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async findByClass(groupId: number): Promise<TeamRow | undefined> {
      return db.selectFrom('teams').selectAll().where('class_group_id', '=', groupId).executeTakeFirst();
    },

    async classLinkedTeams(ministryId: number) {
      return db.selectFrom('teams').select(['id', 'name', 'class_group_id']).where('ministry_id', '=', ministryId).where('class_group_id', 'is not', null).execute();
    },

    async insert(team: Insertable<TeamsTable>): Promise<TeamRow> {
      return db.insertInto('teams').values(team).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: Updateable<TeamsTable>): Promise<void> {
      if (Object.keys(changes).length > 0) await db.updateTable('teams').set(changes).where('id', '=', id).execute();
    },

    /** Deletes the team's assignments (they restrict the position delete), then the team with everything that cascades. */
    async deleteWithHistory(id: number): Promise<void> {
      await db.deleteFrom('assignments').where('position_id', 'in', (q) => q.selectFrom('positions').select('id').where('team_id', '=', id)).execute();
      await db.deleteFrom('teams').where('id', '=', id).execute();
    },

    async leaders(teamIds: readonly number[]) {
      if (teamIds.length === 0) return [];
      return db
        .selectFrom('scopes')
        .innerJoin('persons', 'persons.id', 'scopes.person_id')
        .select(['scopes.id as scope_id', 'scopes.team_id', 'scopes.person_id', 'persons.first_name', 'persons.last_name'])
        .where('scopes.team_id', 'in', [...teamIds])
        .orderBy('persons.last_name')
        .orderBy('persons.first_name')
        .execute();
    },
  };
}
