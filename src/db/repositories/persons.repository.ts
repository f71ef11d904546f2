import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../database.js';
import { pageWithTotal } from '../pages.js';
import type { DB, NewPerson, PersonRow, PersonsTable } from '../schema.js';
import type { Updateable } from 'kysely';

export function personsRepository(db: Executor) {
  return {
    async findById(id: number): Promise<PersonRow | undefined> {
      return db.selectFrom('persons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The family's members, by first name. */
    async listByFamily(familyId: number): Promise<PersonRow[]> {
      return db.selectFrom('persons').selectAll().where('family_id', '=', familyId).orderBy(sql`lower(first_name)`).orderBy('id').execute();
    },

    async insert(person: NewPerson): Promise<PersonRow> {
      return db.insertInto('persons').values(person).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: Updateable<PersonsTable>): Promise<PersonRow | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(id);
      return db.updateTable('persons').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Self-registered people still awaiting review, newest first. */
    async awaitingReview(limit: number) {
      return db.selectFrom('persons').selectAll().where('needs_review', '=', true).where('entered_by', '=', -1)
        .orderBy('date_entered', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async countAwaitingReview(): Promise<number> {
      const row = await db.selectFrom('persons').select(sql<number>`count(*)::int`.as('n'))
        .where('needs_review', '=', true).where('entered_by', '=', -1).executeTakeFirstOrThrow();
      return row.n;
    },

    /** Clears the review flag of self-registered people among `ids`; answers how many were cleared. */
    async approve(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.updateTable('persons').set({ needs_review: false })
        .where('id', 'in', [...ids]).where('needs_review', '=', true).where('entered_by', '=', -1).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('persons').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Which of `ids` name existing people. */
    async existingIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('persons').select('id').where('id', 'in', [...ids]).execute();
      return rows.map((row) => row.id);
    },

    async idsInFamily(familyId: number): Promise<number[]> {
      const rows = await db.selectFrom('persons').select('id').where('family_id', '=', familyId).orderBy('id').execute();
      return rows.map((row) => row.id);
    },

    /**
     * The people an import's rows may be: those with one of `emails` or `lastNames` (both lower case), with their
     * family's name. The caller compares names and dates.
     */
    async importCandidates(emails: readonly string[], lastNames: readonly string[]) {
      if (emails.length === 0 && lastNames.length === 0) return [];
      return db.selectFrom('persons').leftJoin('families', 'families.id', 'persons.family_id')
        .select(['persons.id', 'persons.first_name', 'persons.last_name', 'persons.email', 'persons.birth_year', 'persons.birth_month',
          'persons.birth_day', 'persons.family_id', 'families.name as family_name'])
        .where((eb) => eb.or([
          eb(sql`lower(persons.email)`, '=', sql<string>`any(${[...emails]}::text[])`),
          eb(sql`lower(persons.last_name)`, '=', sql<string>`any(${[...lastNames]}::text[])`),
        ]))
        .orderBy('persons.id')
        .execute();
    },

    /** Stores many people in one statement; answers their ids and addresses, in the order given. */
    async insertMany(people: readonly NewPerson[]): Promise<Array<{ id: number; email: string | null }>> {
      if (people.length === 0) return [];
      return db.insertInto('persons').values([...people]).returning(['id', 'email']).execute();
    },

    /** Everyone with their family's name and address, by last name, then first name: the people export. */
    async exportRows() {
      return db.selectFrom('persons').leftJoin('families', 'families.id', 'persons.family_id')
        .select(['persons.id', 'persons.first_name', 'persons.middle_name', 'persons.last_name', 'persons.email', 'persons.cell_phone',
          'persons.home_phone', 'persons.work_phone', 'persons.birth_year', 'persons.birth_month', 'persons.birth_day', 'persons.gender',
          'persons.family_id', 'persons.family_role_id', 'families.name as family_name', 'families.address1', 'families.address2',
          'families.city', 'families.state', 'families.zip', 'families.country'])
        .orderBy(sql`lower(persons.last_name)`)
        .orderBy(sql`lower(persons.first_name)`)
        .orderBy('persons.id')
        .execute();
    },

    /** First name, last name, full name or e-mail containing `text`, ignoring case; at most `limit`. */
    async search(text: string, limit: number) {
      // With what tells namesakes apart (issue 37 #2): the family's name and the e-mail address.
      return db
        .selectFrom('persons')
        .leftJoin('families', 'families.id', 'persons.family_id')
        .select(['persons.id', 'persons.first_name', 'persons.last_name', 'persons.email', 'families.name as family_name'])
        .where(matchesPerson(text))
        .orderBy('persons.last_name')
        .orderBy('persons.first_name')
        .orderBy('persons.id')
        .limit(limit)
        .execute();
    },

    /**
     * One page of people by last name, then first name, ignoring case, with their family's name; `text`, when
     * given, keeps those `search` would match. `total` tells how many match in all.
     */
    async list(page: { text?: string; limit: number; offset: number }) {
      let query = db.selectFrom('persons').leftJoin('families', 'families.id', 'persons.family_id');
      if (page.text) query = query.where(matchesPerson(page.text));
      return pageWithTotal(query, (filtered) => filtered
        .select(['persons.id', 'persons.first_name', 'persons.last_name', 'persons.email', 'persons.family_id', 'families.name as family_name'])
        .orderBy(sql`lower(persons.last_name)`)
        .orderBy(sql`lower(persons.first_name)`)
        .orderBy('persons.id'), page);
    },
  };
}

/** `text` as a case-insensitive LIKE pattern matching itself literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matchesPerson(text: string) {
  const pattern = containsPattern(text);
  const column = (name: 'first_name' | 'last_name' | 'email') => sql.ref(`persons.${name}`);
  return (eb: ExpressionBuilder<DB, 'persons'>) =>
    eb.or([
      eb(sql`lower(${column('first_name')})`, 'like', pattern),
      eb(sql`lower(${column('last_name')})`, 'like', pattern),
      eb(sql`lower(${column('first_name')} || ' ' || ${column('last_name')})`, 'like', pattern),
      eb(sql`lower(coalesce(${column('email')}, ''))`, 'like', pattern),
    ]);
}
