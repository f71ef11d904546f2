import { sql, type Kysely } from 'kysely';

/**
 * Issue 21: the dashboard's pending replies are a few thousand rows among half a million assignments at scale 1,
 * and without an index of their own each dashboard read scanned every assignment (33 ms for the global manager).
 * Queries that use it name the status as a literal, so that a prepared statement's generic plan can use it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index assignments_pending_by_occurrence on assignments (occurrence_id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index assignments_pending_by_occurrence`.execute(db);
}
