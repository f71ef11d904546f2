import { sql, type Kysely } from 'kysely';

/**
 * How often people want to serve, which family members serve together or apart, and the credentials a ministry
 * or position requires (issue 17). The eligible list marks each against the occurrence; none of them refuses an
 * assignment: the coordinator decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table serving_preferences (
    id serial primary key,
    person_id integer not null references persons(id) on delete cascade,
    ministry_id integer references ministries(id) on delete cascade,
    max_per_month integer check (max_per_month between 1 and 31),
    preferred_weeks text,
    updated_at timestamp not null
  )`.execute(db);
  // One preference per person for each ministry and one for "every ministry" (null).
  await sql`create unique index serving_preferences_person_ministry on serving_preferences (person_id, coalesce(ministry_id, 0))`.execute(db);

  await sql`create table household_rules (
    id serial primary key,
    person_id integer not null references persons(id) on delete cascade,
    other_person_id integer not null references persons(id) on delete cascade,
    rule text not null check (rule in ('together', 'apart')),
    created_by_person_id integer references persons(id) on delete set null,
    created_at timestamp not null,
    constraint household_rules_pair_in_order check (person_id < other_person_id),
    constraint household_rules_one_per_pair unique (person_id, other_person_id)
  )`.execute(db);

  await sql`create table credentials (
    id serial primary key,
    name text not null,
    description text,
    active boolean not null default true,
    created_at timestamp not null
  )`.execute(db);
  await sql`create unique index credentials_name on credentials (lower(name))`.execute(db);

  await sql`create table credential_requirements (
    id serial primary key,
    credential_id integer not null references credentials(id) on delete cascade,
    ministry_id integer not null references ministries(id) on delete cascade,
    position_id integer references positions(id) on delete cascade,
    created_at timestamp not null
  )`.execute(db);
  await sql`create unique index credential_requirements_one on credential_requirements (credential_id, ministry_id, coalesce(position_id, 0))`.execute(db);

  await sql`create table person_credentials (
    id serial primary key,
    person_id integer not null references persons(id) on delete cascade,
    credential_id integer not null references credentials(id) on delete cascade,
    expires_on date,
    recorded_by_person_id integer references persons(id) on delete set null,
    recorded_at timestamp not null,
    constraint person_credentials_one unique (person_id, credential_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['person_credentials', 'credential_requirements', 'credentials', 'household_rules', 'serving_preferences']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
