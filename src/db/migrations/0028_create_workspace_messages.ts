import { sql, type Kysely } from 'kysely';

/**
 * Messages from the workspace (issue 34 #1) and notices of mail that failed for good (issue 34 #3). A message is one
 * row, written by a coordinator or team leader to one audience of one ministry; each recipient gets one outbox row
 * (`message`), kept beside the recipient in `message_recipients`, so the ministry's log shows each one's delivery
 * state. A volunteer's mail that fails for good queues a `delivery_failed` notice to whoever `repliesReach` names.
 * The type check lists every type as of this migration, written out so it never changes later.
 */
const TYPES = [
  'assignment', 'reminder', 'signup_confirm', 'decline_alert', 'gap_alert', 'swap_proposed', 'swap_resolved', 'help_offer',
  'password_reset', 'account_locked', 'account_unlocked', 'email_changed', 'assignment_withdrawn', 'two_factor_enabled', 'two_factor_disabled',
  'invitation', 'registration_rejected',
];

async function allow(db: Kysely<unknown>, types: string[]): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${types.map((t) => `'${t}'`).join(', ')}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ministry_id', 'integer', (c) => c.notNull().references('ministries.id').onDelete('cascade'))
    .addColumn('sender_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('sender_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // The audience as chosen: its kind and what names it, kept as words too (a team renamed later keeps its log).
    .addColumn('audience_kind', 'varchar(20)', (c) => c.notNull().check(sql`audience_kind in ('team', 'pool', 'serving', 'pending')`))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('created_at', sql`timestamp(0)`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_ministry').on('messages').columns(['ministry_id', 'created_at']).execute();
  await db.schema.createIndex('messages_sender').on('messages').columns(['sender_person_id', 'created_at']).execute();
  await db.schema
    .createTable('message_recipients')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
    .addPrimaryKeyConstraint('message_recipients_pkey', ['message_id', 'person_id'])
    .execute();
  await allow(db, [...TYPES, 'message', 'delivery_failed']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in ('message', 'delivery_failed')`.execute(db);
  await allow(db, TYPES);
  await db.schema.dropTable('message_recipients').execute();
  await db.schema.dropTable('messages').execute();
}
