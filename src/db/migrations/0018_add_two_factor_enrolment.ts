import type { Kysely } from 'kysely';

/**
 * Two-factor enrolment by the user (issue 16): the secret shown in the QR code waits here until the user proves
 * with a code that their app holds it; only then does it become `two_factor_secret`, which sign-in asks for.
 * Numbered after 0012 (blockouts), which another branch adds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('two_factor_pending_secret', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('two_factor_pending_secret').execute();
}
