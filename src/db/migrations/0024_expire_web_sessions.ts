import { sql, type Kysely } from 'kysely';

/**
 * Security review (issue 31). The web app's sign-ins are marked, so that they end after the idle and absolute
 * lifetimes of the settings while E20's API keys keep working until revoked; a key minted before this cannot be
 * told apart and stays an API key. The outbox can tell an owner that two-factor sign-in was turned on or off; the
 * type check lists every type as of this migration, written out so it never changes later.
 */
const TYPES = [
  'assignment', 'reminder', 'signup_confirm', 'decline_alert', 'gap_alert', 'swap_proposed', 'swap_resolved', 'help_offer',
  'password_reset', 'account_locked', 'account_unlocked', 'email_changed', 'assignment_withdrawn',
];

async function allow(db: Kysely<unknown>, types: string[]): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${types.map((t) => `'${t}'`).join(', ')}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('is_web_session', 'boolean', (column) => column.notNull().defaultTo(false)).execute();
  await allow(db, [...TYPES, 'two_factor_enabled', 'two_factor_disabled']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await allow(db, TYPES);
  await db.schema.alterTable('api_keys').dropColumn('is_web_session').execute();
}
