import { sql, type Kysely } from 'kysely';

/** Issue 18: a schedule may ask that a volunteer's decline be filled again by auto-fill at once. Off by default. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table schedules add column refill_on_decline boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table schedules drop column refill_on_decline`.execute(db);
}
