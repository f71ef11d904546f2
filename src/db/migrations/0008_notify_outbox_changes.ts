import { sql, type Kysely } from 'kysely';

/**
 * A message queued (or queued again) signals the delivery workers of every instance on the channel
 * `outbox_due`. PostgreSQL delivers a NOTIFY only when its transaction commits, and once per transaction, so a
 * worker never wakes for a row it cannot see yet, and a request that queues many rows wakes it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_outbox_due() returns trigger language plpgsql as $$
    begin
      perform pg_notify('outbox_due', '');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger notifications_notify_due after insert or update of scheduled_for on notifications
    for each statement execute function notify_outbox_due()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger notifications_notify_due on notifications`.execute(db);
  await sql`drop function notify_outbox_due()`.execute(db);
}
