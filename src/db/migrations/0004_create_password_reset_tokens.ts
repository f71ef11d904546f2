import { sql, type Kysely } from 'kysely';

/** One-time password-reset tokens for the public reset route; only their SHA-256 is stored. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('expires_at', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('used_at', sql`timestamp(0)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
}
