import { sql, type Kysely } from 'kysely';

/** A delivery worker's claim on an outbox row: other workers (other instances too) leave it alone until it expires. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('claimed_until', sql`timestamp(0)`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('claimed_until').execute();
}
