import { sql, type Kysely } from 'kysely';

/**
 * Kiosks (issue 36 #2): a door tablet's own credential, no person behind it. Only its hash is kept, as an API key's
 * is; revoking the kiosk deletes its row, so the credential and the event it held go with it. Kiosk rows written
 * by a church system before this have no credential and cannot sign in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kiosk_devices')
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('created_at', sql`timestamp(0)`)
    .execute();
  await db.schema.createIndex('kiosk_devices_token_hash').on('kiosk_devices').column('token_hash').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('kiosk_devices_token_hash').execute();
  await db.schema.alterTable('kiosk_devices').dropColumn('token_hash').dropColumn('created_at').execute();
}
