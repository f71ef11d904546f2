import { sql, type Kysely } from 'kysely';

/**
 * Secrets of this install (issue 17): the key that signs the answer links of assignment mails, made on first use.
 * Rotating one retires the current row and adds a new one; a retired row is kept so that a link it signed is
 * refused as withdrawn rather than as forged. A volunteer's answer from such a link is recorded with the channel
 * `email`, so the response trail accepts that value too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table install_secrets (
    id serial primary key,
    purpose varchar(40) not null,
    secret text not null,
    created_at timestamp(0) not null,
    retired_at timestamp(0)
  )`.execute(db);
  await sql`create unique index install_secrets_one_current on install_secrets (purpose) where retired_at is null`.execute(db);
  await sql`alter table responses drop constraint responses_channel_check`.execute(db);
  await sql`alter table responses add constraint responses_channel_check check (channel in ('web', 'coordinator', 'email'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table responses drop constraint responses_channel_check`.execute(db);
  await sql`alter table responses add constraint responses_channel_check check (channel in ('web', 'coordinator'))`.execute(db);
  await sql`drop table install_secrets`.execute(db);
}
