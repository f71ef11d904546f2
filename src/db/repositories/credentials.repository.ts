import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { translateConstraintError } from '../errors.js';
import { precompiled } from '../precompiled.js';

const requirementsNamedIn = (db: Executor) => db.selectFrom('credential_requirements')
  .innerJoin('credentials', 'credentials.id', 'credential_requirements.credential_id')
  .leftJoin('positions', 'positions.id', 'credential_requirements.position_id')
  .selectAll('credential_requirements')
  .select(['credentials.name as credential_name', 'positions.name as position_name']);

// Every placement (E11, E14) asks this: compiled once.
const requiredForPosition = precompiled((db: Executor, ministryId: number, positionId: number) =>
  requirementsNamedIn(db)
    .where('credential_requirements.ministry_id', '=', ministryId)
    .where((eb) => eb.or([eb('credential_requirements.position_id', 'is', null), eb('credential_requirements.position_id', '=', positionId)]))
    .where('credentials.active', '=', true));

/** Credentials that gate serving (issue 17): the kinds, which ministry or position requires one, and who holds one until when. */
export function credentialsRepository(db: Executor) {
  const requirementsNamed = () => requirementsNamedIn(db);

  return {
    async list(filter: { active?: boolean } = {}) {
      let query = db.selectFrom('credentials').selectAll();
      if (filter.active !== undefined) query = query.where('active', '=', filter.active);
      return query.orderBy(sql`lower(name)`).orderBy('id').execute();
    },

    async findById(id: number) {
      return db.selectFrom('credentials').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async create(row: { name: string; description: string | null; at: string }) {
      return db.insertInto('credentials')
        .values({ name: row.name, description: row.description, created_at: row.at })
        .returningAll().executeTakeFirstOrThrow().catch(translateConstraintError);
    },

    async update(id: number, fields: { name?: string; description?: string | null; active?: boolean }) {
      return db.updateTable('credentials').set(fields).where('id', '=', id).returningAll().executeTakeFirstOrThrow().catch(translateConstraintError);
    },

    async findRequirement(id: number) {
      return requirementsNamed().where('credential_requirements.id', '=', id).executeTakeFirst();
    },

    /** The ministry's requirements: ministry-wide first, then by position name. */
    async requirementsOf(ministryId: number) {
      return requirementsNamed().where('credential_requirements.ministry_id', '=', ministryId)
        .orderBy(sql`credential_requirements.position_id is not null`).orderBy(sql`lower(positions.name)`).orderBy(sql`lower(credentials.name)`)
        .execute();
    },

    /** Active credentials required to serve the position: the ministry's own and the position's. */
    async requiredFor(ministryId: number, positionId: number) {
      return requiredForPosition(db, ministryId, positionId);
    },

    /** Every active credential the ministry or one of its positions requires (auto-fill reads them in one go). */
    async requiredInMinistry(ministryId: number) {
      return requirementsNamed().where('credential_requirements.ministry_id', '=', ministryId).where('credentials.active', '=', true).execute();
    },

    /** The ministries that require the credential, for the ministry or for one of its positions. */
    async ministriesRequiring(credentialId: number): Promise<number[]> {
      const rows = await db.selectFrom('credential_requirements').select('ministry_id').distinct().where('credential_id', '=', credentialId).execute();
      return rows.map((row) => row.ministry_id);
    },

    async addRequirement(row: { credentialId: number; ministryId: number; positionId: number | null; at: string }) {
      return db.insertInto('credential_requirements')
        .values({ credential_id: row.credentialId, ministry_id: row.ministryId, position_id: row.positionId, created_at: row.at })
        .returning('id').executeTakeFirstOrThrow().catch(translateConstraintError);
    },

    async deleteRequirement(id: number) {
      await db.deleteFrom('credential_requirements').where('id', '=', id).execute();
    },

    /** What the people hold of the credentials, with names. */
    async heldBy(personIds: readonly number[], credentialIds?: readonly number[]) {
      if (personIds.length === 0 || credentialIds?.length === 0) return [];
      let query = db.selectFrom('person_credentials')
        .innerJoin('credentials', 'credentials.id', 'person_credentials.credential_id')
        .selectAll('person_credentials')
        .select('credentials.name as credential_name')
        .where('person_credentials.person_id', '=', anyId(personIds));
      if (credentialIds) query = query.where('person_credentials.credential_id', '=', anyId(credentialIds));
      return query.orderBy(sql`lower(credentials.name)`).execute();
    },

    async record(row: { personId: number; credentialId: number; expiresOn: string | null; recordedBy: number; at: string }) {
      return db.insertInto('person_credentials')
        .values({ person_id: row.personId, credential_id: row.credentialId, expires_on: row.expiresOn, recorded_by_person_id: row.recordedBy, recorded_at: row.at })
        .onConflict((oc) => oc.columns(['person_id', 'credential_id']).doUpdateSet({ expires_on: row.expiresOn, recorded_by_person_id: row.recordedBy, recorded_at: row.at }))
        .returning('id').executeTakeFirstOrThrow();
    },

    async forget(personId: number, credentialId: number) {
      const result = await db.deleteFrom('person_credentials').where('person_id', '=', personId).where('credential_id', '=', credentialId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Held credentials that a ministry in scope requires and that expire between the dates, for people in that
     * ministry's pool or qualified for its positions; soonest first.
     */
    async expiring(ministryIds: readonly number[] | undefined, from: string, to: string) {
      let query = db.selectFrom('person_credentials')
        .innerJoin('credentials', 'credentials.id', 'person_credentials.credential_id')
        .innerJoin('credential_requirements', 'credential_requirements.credential_id', 'credentials.id')
        .innerJoin('ministries', 'ministries.id', 'credential_requirements.ministry_id')
        .innerJoin('persons', 'persons.id', 'person_credentials.person_id')
        .select([
          'person_credentials.person_id', 'persons.first_name', 'persons.last_name', 'credentials.id as credential_id', 'credentials.name as credential_name',
          'person_credentials.expires_on', 'ministries.id as ministry_id', 'ministries.name as ministry_name',
        ])
        .distinct()
        .where('credentials.active', '=', true)
        .where('person_credentials.expires_on', '>=', from)
        .where('person_credentials.expires_on', '<=', to)
        .where((eb) => eb.or([
          eb.exists(eb.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id').select('group_members.person_id')
            .whereRef('group_members.person_id', '=', 'person_credentials.person_id').whereRef('groups.ministry_id', '=', 'ministries.id')),
          eb.exists(eb.selectFrom('qualifications').innerJoin('positions', 'positions.id', 'qualifications.position_id').select('qualifications.person_id')
            .whereRef('qualifications.person_id', '=', 'person_credentials.person_id').whereRef('positions.ministry_id', '=', 'ministries.id')
            .where('qualifications.active', '=', true)),
        ]));
      if (ministryIds !== undefined) query = query.where('ministries.id', '=', anyId(ministryIds.length > 0 ? ministryIds : [-1]));
      return query.orderBy('person_credentials.expires_on').orderBy('persons.last_name').orderBy('persons.first_name').execute();
    },
  };
}
