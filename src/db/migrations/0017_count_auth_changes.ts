import { sql, type Kysely } from 'kysely';

/**
 * A counter of changes to what decides who a key belongs to and what they may do — a key revoked, a user's roles,
 * lockout count or password, a person made inactive or deceased, a scope granted or taken back, a setting such as
 * the lockout threshold or the rollout (issue 21). The change and its count commit together, so an instance that
 * reads the count before reusing a cached authentication never reuses one a committed change made wrong: the next
 * request after a revoke is refused on every instance. Statement-level, so a bulk change counts once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auth_generation (
    id smallint primary key check (id = 1),
    value bigint not null
  )`.execute(db);
  await sql`insert into auth_generation (id, value) values (1, 0)`.execute(db);
  await sql`create function count_auth_change() returns trigger language plpgsql as $$
    begin
      update auth_generation set value = value + 1 where id = 1;
      return null;
    end
  $$`.execute(db);
  for (const [table, events] of TRIGGERS) {
    await sql`create trigger ${sql.id(`${table}_count_auth_change`)} after ${sql.raw(events)} on ${sql.table(table)}
      for each statement execute function count_auth_change()`.execute(db);
  }
}

const TRIGGERS: Array<[string, string]> = [
  ['api_keys', 'update of revoked_at, user_id, key_hash or delete'],
  ['users', 'update of user_name, password_hash, is_admin, add_events, manage_groups, edit_records, delete_records, finance, manage_ministries, manage_my_ministries, failed_logins or delete'],
  ['persons', 'update of inactive, deceased_date or delete'],
  ['scopes', 'insert or update or delete'],
  ['settings', 'insert or update or delete'],
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of TRIGGERS) await sql`drop trigger ${sql.id(`${table}_count_auth_change`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function count_auth_change()`.execute(db);
  await sql`drop table auth_generation`.execute(db);
}
