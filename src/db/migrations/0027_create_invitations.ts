import { sql, type Kysely } from 'kysely';

/**
 * Moving in (issue 33 #1, #6). An invitation asks one person to create their login from a mailed one-time link,
 * valid 7 days: only the token's SHA-256 is stored, and one row per person carries its latest link (a resend or a
 * new invitation replaces the hash). `notification_id` is the outbox row of the latest mail, so a terminal delivery
 * failure shows as bounced. The outbox can carry an invitation and a registration's rejection; the type check lists
 * every type as of this migration, written out so it never changes later. A type's name may be longer than 20
 * characters (`registration_rejected`), and a context longer than 190 (a rejection's reason, an inviter's full name
 * beside the token): both columns grow, which rewrites no row.
 */
const TYPES = [
  'assignment', 'reminder', 'signup_confirm', 'decline_alert', 'gap_alert', 'swap_proposed', 'swap_resolved', 'help_offer',
  'password_reset', 'account_locked', 'account_unlocked', 'email_changed', 'assignment_withdrawn', 'two_factor_enabled', 'two_factor_disabled',
];

async function allow(db: Kysely<unknown>, types: string[]): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${types.map((t) => `'${t}'`).join(', ')}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('person_id', 'integer', (c) => c.notNull().unique().references('persons.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('invited_by_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('sent_at', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('expires_at', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('opened_at', sql`timestamp(0)`)
    .addColumn('accepted_at', sql`timestamp(0)`)
    .addColumn('withdrawn_at', sql`timestamp(0)`)
    .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
    .execute();
  await sql`alter table notifications alter column type type varchar(40), alter column context type text`.execute(db);
  await allow(db, [...TYPES, 'invitation', 'registration_rejected']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in ('invitation', 'registration_rejected')`.execute(db);
  await allow(db, TYPES);
  await sql`alter table notifications alter column type type varchar(20), alter column context type varchar(190)`.execute(db);
  await db.schema.dropTable('invitations').execute();
}
