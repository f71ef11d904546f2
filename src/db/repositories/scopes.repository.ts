import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../database.js';
import type { DB } from '../schema.js';
import { translateConstraintError } from '../errors.js';

export function scopesRepository(db: Executor) {
  const detailed = () =>
    db
      .selectFrom('scopes')
      .leftJoin('persons', 'persons.id', 'scopes.person_id')
      .leftJoin('ministries', 'ministries.id', 'scopes.ministry_id')
      .leftJoin('teams', 'teams.id', 'scopes.team_id')
      .selectAll('scopes')
      .select(['persons.first_name', 'persons.last_name', 'ministries.name as ministry_name', 'teams.name as team_name']);

  return {
    /** The grants a person holds, for access decisions (one small query per request). */
    async grantsOf(personId: number) {
      return db.selectFrom('scopes').select(['scope_type', 'ministry_id', 'team_id']).where('person_id', '=', personId).execute();
    },

    async findDetailed(id: number) {
      return detailed().where('scopes.id', '=', id).executeTakeFirst();
    },

    async list(filter: { personId?: number; ministryId?: number; teamId?: number }) {
      let query = detailed();
      if (filter.personId !== undefined) query = query.where('scopes.person_id', '=', filter.personId);
      if (filter.ministryId !== undefined) query = query.where('scopes.ministry_id', '=', filter.ministryId);
      if (filter.teamId !== undefined) query = query.where('scopes.team_id', '=', filter.teamId);
      return query.orderBy('scopes.id').execute();
    },

    /** Grants unless the same grant exists; answers its id and whether it was created. */
    async grant(personId: number, target: { ministryId: number } | { teamId: number }, grantedBy: number, at: string) {
      const column = 'ministryId' in target ? 'ministry_id' : 'team_id';
      const targetId = 'ministryId' in target ? target.ministryId : target.teamId;
      const existing = await db.selectFrom('scopes').select('id').where('person_id', '=', personId).where(column, '=', targetId).executeTakeFirst();
      if (existing) return { id: existing.id, created: false };
      const row = await db
        .insertInto('scopes')
        .values({
          person_id: personId,
          scope_type: 'ministryId' in target ? 'ministry' : 'team',
          ministry_id: 'ministryId' in target ? target.ministryId : null,
          team_id: 'teamId' in target ? target.teamId : null,
          granted_at: at,
          granted_by_person_id: grantedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(translateConstraintError);
      return { id: row.id, created: true };
    },

    /**
     * Everyone who may hear of the ministry's replies and whom mail reaches (an address, no do-not-email): its
     * coordinators, the global volunteer managers and the administrators, each marked by what they are; by person id.
     */
    async replyCandidates(ministryId: number) {
      const coordinates = (eb: ExpressionBuilder<DB, 'users' | 'persons'>) => eb.and([
        eb('users.manage_my_ministries', '=', true),
        eb.exists(eb.selectFrom('scopes').select('scopes.id').whereRef('scopes.person_id', '=', 'users.id').where('scopes.ministry_id', '=', ministryId)),
      ]);
      return db
        .selectFrom('users')
        .innerJoin('persons', 'persons.id', 'users.id')
        .select((eb) => [
          'persons.id', 'persons.first_name', 'persons.last_name', 'users.is_admin', 'users.manage_ministries',
          coordinates(eb).as('coordinates'),
        ])
        .where(sql<boolean>`nullif(trim(persons.email), '') is not null`)
        .where('persons.do_not_email', '=', false)
        .where((eb) => eb.or([
          eb('users.is_admin', '=', true),
          eb('users.manage_ministries', '=', true),
          coordinates(eb),
        ]))
        .orderBy('persons.id')
        .execute();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('scopes').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
