import { sql, type Kysely } from 'kysely';

/**
 * The outbox can tell a volunteer that a request they received was withdrawn (issue 18: undoing an auto-fill tells
 * the volunteers). The type check lists every type as of this migration, written out so it never changes later.
 */
const TYPES = [
  'assignment', 'reminder', 'signup_confirm', 'decline_alert', 'gap_alert', 'swap_proposed', 'swap_resolved', 'help_offer',
  'password_reset', 'account_locked', 'account_unlocked', 'email_changed',
];

async function allow(db: Kysely<unknown>, types: string[]): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql.raw(`alter table notifications add constraint notifications_type_check check (type in (${types.map((t) => `'${t}'`).join(', ')}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await allow(db, [...TYPES, 'assignment_withdrawn']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await allow(db, TYPES);
}
