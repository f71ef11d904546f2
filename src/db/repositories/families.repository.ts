import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../database.js';
import { pageWithTotal } from '../pages.js';
import type { FamiliesTable, FamilyRow } from '../schema.js';
import { containsPattern } from './persons.repository.js';

export function familiesRepository(db: Executor) {
  return {
    async findById(id: number): Promise<FamilyRow | undefined> {
      return db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Self-registered families awaiting review with their members' first names and e-mails, newest first. */
    async awaitingReview(limit: number) {
      const families = await db.selectFrom('families').selectAll().where('needs_review', '=', true).where('entered_by', '=', -1)
        .orderBy('date_entered', 'desc').orderBy('id', 'desc').limit(limit).execute();
      const members = families.length === 0 ? [] : await db.selectFrom('persons').select(['family_id', 'first_name', 'email'])
        .where('family_id', 'in', families.map((f) => f.id)).orderBy('id').execute();
      return families.map((family) => ({ family, members: members.filter((m) => m.family_id === family.id) }));
    },

    /** Clears the review flag of self-registered families among `ids` and of their members; answers the families cleared. */
    async approve(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const cleared = await db.updateTable('families').set({ needs_review: false })
        .where('id', 'in', [...ids]).where('needs_review', '=', true).where('entered_by', '=', -1).returning('id').execute();
      if (cleared.length > 0) {
        await db.updateTable('persons').set({ needs_review: false }).where('family_id', 'in', cleared.map((f) => f.id)).where('entered_by', '=', -1).execute();
      }
      return cleared.length;
    },

    async insert(family: Insertable<FamiliesTable>): Promise<FamilyRow> {
      return db.insertInto('families').values(family).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * Stores many families in one statement; answers their ids in the order given. The ids are drawn from the
     * sequence first, so that each is known to belong to its family whatever order the rows are written in.
     */
    async insertMany(families: ReadonlyArray<Insertable<FamiliesTable>>): Promise<number[]> {
      if (families.length === 0) return [];
      const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('families', 'id'))::int as id
        from generate_series(1, ${families.length})`.execute(db);
      await db.insertInto('families').values(families.map((family, index) => ({ ...family, id: rows[index].id }))).execute();
      return rows.map((row) => row.id);
    },

    async update(id: number, changes: Updateable<FamiliesTable>): Promise<FamilyRow | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(id);
      return db.updateTable('families').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /**
     * One page of families by name, ignoring case, with how many people each has; `text`, when given, keeps those
     * whose name or e-mail contains it. `total` tells how many match in all.
     */
    async list(page: { text?: string; limit: number; offset: number }) {
      let query = db.selectFrom('families');
      if (page.text) {
        const pattern = containsPattern(page.text);
        query = query.where((eb) => eb.or([
          eb(sql`lower(families.name)`, 'like', pattern),
          eb(sql`lower(coalesce(families.email, ''))`, 'like', pattern),
        ]));
      }
      const { rows, total } = await pageWithTotal(query, (filtered) => filtered
        .select(['families.id', 'families.name', 'families.email', 'families.home_phone', 'families.city'])
        .select((eb) => eb.selectFrom('persons').select(sql<number>`count(*)::int`.as('n')).whereRef('persons.family_id', '=', 'families.id').as('member_count'))
        .orderBy(sql`lower(families.name)`)
        .orderBy('families.id'), page);
      return { rows: rows.map(({ member_count, ...row }) => ({ ...row, member_count: member_count ?? 0 })), total };
    },
  };
}
