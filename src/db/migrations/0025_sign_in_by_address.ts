import { sql, type Kysely } from 'kysely';

/**
 * Moving in (issue 33). Sign-in and the password reset find an account by its person's e-mail address as well as
 * by its user name, ignoring case: an index on the lowered address keeps that one index lookup in a large church.
 * The first administrator is marked while it keeps the password it was created with (`changeme` or the
 * `ADMIN_PASSWORD` of the first start), so the web app and the API can warn until it is changed; an install made
 * before this cannot tell, and is never marked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index persons_email_lower on persons (lower(email))`.execute(db);
  await db.schema.alterTable('users').addColumn('has_initial_password', 'boolean', (column) => column.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('has_initial_password').execute();
  await sql`drop index persons_email_lower`.execute(db);
}
