import { sql, type Kysely } from 'kysely';

/**
 * A NOTIFY reaches every listener of the database, whichever schema sent it. With a church per schema
 * (issue 40) the outbox and settings signals carry the sending schema, so that an instance wakes the church that
 * queued mail or changed a setting and no other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceSignal(db, 'notify_outbox_due', 'outbox_due', sql`current_schema()`);
  await replaceSignal(db, 'notify_settings_changed', 'settings_changed', sql`current_schema()`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceSignal(db, 'notify_outbox_due', 'outbox_due', sql`''`);
  await replaceSignal(db, 'notify_settings_changed', 'settings_changed', sql`''`);
}

async function replaceSignal(db: Kysely<unknown>, fn: string, channel: string, payload: ReturnType<typeof sql>): Promise<void> {
  await sql`create or replace function ${sql.id(fn)}() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(channel)}, ${payload});
      return null;
    end
  $$`.execute(db);
}
