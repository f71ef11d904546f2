import { sql, type Kysely } from 'kysely';

/**
 * A committed change of the settings signals every instance on the channel `settings_changed`, so that each
 * drops its cached values at once (issue 19): a setting changed on one instance holds on the others within a
 * second instead of after the cache's lifetime.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_settings_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('settings_changed', '');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger settings_notify_changed after insert or update or delete on settings
    for each statement execute function notify_settings_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger settings_notify_changed on settings`.execute(db);
  await sql`drop function notify_settings_changed()`.execute(db);
}
