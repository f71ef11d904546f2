import { sql, type Kysely } from 'kysely';

const NOTIFICATION_TYPES = [
  'assignment', 'reminder', 'decline_alert', 'gap_alert', 'signup_confirm', 'swap_proposed',
  'swap_resolved', 'help_offer', 'password_reset', 'account_locked', 'account_unlocked', 'email_changed',
];

/**
 * Account hardening (issue 13): the mail that tells an old address of its replacement, and the last accepted
 * TOTP step, so that a code cannot be used twice within its window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${NOTIFICATION_TYPES.map((t) => `'${t}'`).join(', ')}))`).execute(db);
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('two_factor_last_step').execute();
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${NOTIFICATION_TYPES.slice(0, -1).map((t) => `'${t}'`).join(', ')}))`).execute(db);
}
