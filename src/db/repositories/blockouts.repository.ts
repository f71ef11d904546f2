import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { precompiled } from '../precompiled.js';
import type { BlockoutsTable } from '../schema.js';
import type { Insertable } from 'kysely';
import type { ScopeIds } from '../scope-filter.js';

/** The last day a blockout covers: its end, or the end of its last weekly repetition. */
const lastDay = sql<string>`coalesce(blockouts.repeat_until + (blockouts.end_date - blockouts.start_date), blockouts.end_date)`;

// Every placement (E11, E14) and every list of candidates asks this: compiled once.
const overlappingDays = precompiled((db: Executor, personIds: readonly number[], from: string, to: string) =>
  db.selectFrom('blockouts').selectAll()
    .where('person_id', '=', anyId(personIds))
    .where('start_date', '<=', to)
    .where(lastDay, '>=', from)
    .orderBy('start_date').orderBy('id'));

export function blockoutsRepository(db: Executor) {
  return {
    async findById(id: number) {
      return db.selectFrom('blockouts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async create(row: Insertable<BlockoutsTable>) {
      return db.insertInto('blockouts').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      await db.deleteFrom('blockouts').where('id', '=', id).execute();
    },

    /** The person's blockouts that still cover a day on or after `from`, by first day. */
    async listForPerson(personId: number, from: string) {
      return db.selectFrom('blockouts').selectAll()
        .where('person_id', '=', personId)
        .where(lastDay, '>=', from)
        .orderBy('start_date').orderBy('id')
        .execute();
    },

    /** Blockouts of these people that may cover a day between `from` and `to` (both included). */
    async overlapping(personIds: readonly number[], from: string, to: string) {
      if (personIds.length === 0) return [];
      return overlappingDays(db, personIds, from, to);
    },

    /**
     * Whether the person belongs to the reach of a coordinator or team leader: in the pool of one of the
     * ministries, or actively qualified for a position of one of the ministries or teams.
     */
    async isPersonInScope(personId: number, scope: Required<ScopeIds>) {
      const { ministryIds, teamIds } = scope;
      if (ministryIds.length === 0 && teamIds.length === 0) return false;
      const row = await db.selectNoFrom((eb) => eb.or([
        eb.exists(eb.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id').select('group_members.person_id')
          .where('group_members.person_id', '=', personId).where('groups.ministry_id', '=', anyId(ministryIds.length > 0 ? ministryIds : [-1]))),
        eb.exists(eb.selectFrom('qualifications').innerJoin('positions', 'positions.id', 'qualifications.position_id').select('qualifications.person_id')
          .where('qualifications.person_id', '=', personId).where('qualifications.active', '=', true)
          .where((inner) => inner.or([
            inner('positions.ministry_id', '=', anyId(ministryIds.length > 0 ? ministryIds : [-1])),
            inner('positions.team_id', '=', anyId(teamIds.length > 0 ? teamIds : [-1])),
          ]))),
      ]).as('reached')).executeTakeFirstOrThrow();
      return Boolean(row.reached);
    },
  };
}
