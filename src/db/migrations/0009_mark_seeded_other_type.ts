import { sql, type Kysely } from 'kysely';

/**
 * Marks the `Other` event type the service seeds (contract §1.9), so that a church that renames it is not given
 * a second `Other` on the next switch to v2 (issue 14 item 6): the mark stays with the row under its new name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event_types add column seeded_fallback boolean not null default false`.execute(db);
  await sql`update event_types set seeded_fallback = true where lower(name) = 'other'`.execute(db);
  await sql`create unique index event_types_one_seeded_fallback on event_types (seeded_fallback) where seeded_fallback`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event_types drop column seeded_fallback`.execute(db);
}
