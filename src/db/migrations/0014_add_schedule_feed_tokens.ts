import type { Kysely } from 'kysely';

/**
 * The personal schedule feed (issue 17): the SHA-256 of its secret token, so that a copy of the database does
 * not hand out working feed addresses. Unique, because the feed finds its user by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('schedule_feed_token_hash', 'varchar(64)', (c) => c.unique()).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('schedule_feed_token_hash').execute();
}
