import { sql } from 'kysely';
import type { Executor } from '../database.js';
import type { QualificationRow } from '../schema.js';

export function qualificationsRepository(db: Executor) {
  const detailed = () =>
    db
      .selectFrom('qualifications')
      .innerJoin('positions', 'positions.id', 'qualifications.position_id')
      .innerJoin('persons', 'persons.id', 'qualifications.person_id')
      .selectAll('qualifications')
      .select(['positions.name as position_name', 'positions.ministry_id', 'positions.team_id', 'persons.first_name', 'persons.last_name']);

  return {
    async findById(id: number): Promise<QualificationRow | undefined> {
      return db.selectFrom('qualifications').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findDetailed(id: number) {
      return detailed().where('qualifications.id', '=', id).executeTakeFirst();
    },

    async find(personId: number, positionId: number): Promise<QualificationRow | undefined> {
      return db.selectFrom('qualifications').selectAll().where('person_id', '=', personId).where('position_id', '=', positionId).executeTakeFirst();
    },

    /** `active` true lists active rows only, false revoked rows only, undefined both. */
    async list(filter: { positionId?: number; personId?: number; active?: boolean; ministryIds?: readonly number[]; teamIds?: readonly number[] }) {
      let query = detailed();
      if (filter.positionId !== undefined) query = query.where('qualifications.position_id', '=', filter.positionId);
      if (filter.personId !== undefined) query = query.where('qualifications.person_id', '=', filter.personId);
      if (filter.active !== undefined) query = query.where('qualifications.active', '=', filter.active);
      if (filter.ministryIds || filter.teamIds) {
        const ministryIds = [...(filter.ministryIds ?? [])];
        const teamIds = [...(filter.teamIds ?? [])];
        if (ministryIds.length === 0 && teamIds.length === 0) return [];
        query = query.where((eb) => eb.or([
          ...(ministryIds.length > 0 ? [eb('positions.ministry_id', 'in', ministryIds)] : []),
          ...(teamIds.length > 0 ? [eb('positions.team_id', 'in', teamIds)] : []),
        ]));
      }
      return query.orderBy('persons.last_name').orderBy('persons.first_name').orderBy('qualifications.id').execute();
    },

    /** Grants, or reactivates a revoked row (same id). Answers the row and whether it was created. */
    async grant(personId: number, positionId: number, grantedBy: number, at: string, notes: string | null) {
      const inserted = await db
        .insertInto('qualifications')
        .values({ person_id: personId, position_id: positionId, granted_by_person_id: grantedBy, granted_at: at, notes })
        .onConflict((oc) => oc.columns(['person_id', 'position_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      const reactivated = await db
        .updateTable('qualifications')
        .set((eb) => ({
          active: true,
          granted_at: sql`case when ${eb.ref('active')} then ${eb.ref('granted_at')} else ${at}::timestamp end`,
          granted_by_person_id: sql`case when ${eb.ref('active')} then ${eb.ref('granted_by_person_id')} else ${grantedBy}::int end`,
          ...(notes !== null && { notes }),
        }))
        .where('person_id', '=', personId)
        .where('position_id', '=', positionId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: reactivated, created: false };
    },

    async revoke(id: number): Promise<void> {
      await db.updateTable('qualifications').set({ active: false }).where('id', '=', id).execute();
    },

    /** Revokes every active qualification of a person on the ministry's positions; answers how many. */
    async revokeInMinistry(personId: number, ministryId: number): Promise<number> {
      const result = await db
        .updateTable('qualifications')
        .set({ active: false })
        .where('person_id', '=', personId)
        .where('active', '=', true)
        .where('position_id', 'in', (q) => q.selectFrom('positions').select('id').where('ministry_id', '=', ministryId))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async isActivelyQualified(personId: number, positionId: number): Promise<boolean> {
      const row = await db.selectFrom('qualifications').select('id').where('person_id', '=', personId).where('position_id', '=', positionId).where('active', '=', true).executeTakeFirst();
      return row !== undefined;
    },

    /** People holding an active qualification on some position of the team. */
    async activelyQualifiedInTeam(teamId: number, personIds?: readonly number[]): Promise<number[]> {
      let query = db
        .selectFrom('qualifications')
        .innerJoin('positions', 'positions.id', 'qualifications.position_id')
        .select('qualifications.person_id')
        .distinct()
        .where('positions.team_id', '=', teamId)
        .where('qualifications.active', '=', true);
      if (personIds) {
        if (personIds.length === 0) return [];
        query = query.where('qualifications.person_id', 'in', [...personIds]);
      }
      return (await query.execute()).map((row) => row.person_id);
    },

    async holdersOf(positionId: number): Promise<number[]> {
      return (await db.selectFrom('qualifications').select('person_id').where('position_id', '=', positionId).execute()).map((r) => r.person_id);
    },
  };
}
