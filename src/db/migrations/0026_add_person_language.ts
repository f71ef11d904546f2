import { sql, type Kysely } from 'kysely';

/**
 * Each person's language (issue 33 #4): the web app follows it on every browser they sign in on, and every mail
 * they get is written in it. Null until they choose: their mails then follow the church's default language
 * (setting `sDefaultLanguage`), the web app the browser's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').addColumn('language', 'varchar(5)').execute();
  await sql`alter table persons add constraint persons_language_known check (language in ('en', 'es'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').dropColumn('language').execute();
}
