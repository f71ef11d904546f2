import { sql, type Kysely } from 'kysely';

/**
 * Check-in and attendance (issue 36): a person is checked in to an event once, and a coordinator's mark on the
 * occurrence page (present, late or absent) is kept beside the times. An absent mark is a row without a check-in
 * time, so it never counts as "checked in" (the event delete's refusal, an assignment's attendance). Rows a
 * church system wrote twice before this rule keep their earliest check-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from event_attend a using event_attend b
    where a.event_id = b.event_id and a.person_id = b.person_id and a.id > b.id`.execute(db);
  await db.schema.createIndex('event_attend_once_per_person').on('event_attend').columns(['event_id', 'person_id']).unique().execute();
  await db.schema.alterTable('event_attend').addColumn('mark', 'varchar(10)').execute();
  await sql`alter table event_attend add constraint event_attend_mark_known check (mark in ('present', 'late', 'absent'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('event_attend').dropColumn('mark').execute();
  await db.schema.dropIndex('event_attend_once_per_person').execute();
}
