import { sql, type Kysely } from 'kysely';

/**
 * Auto-fill (issue 18): each commit is a run that remembers who committed it, its scope and options, so that it
 * can be undone while its assignments are untouched. An assignment an auto-fill created names its run; the
 * column is what the ours field `autoFilled` is read from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auto_fill_runs (
    id serial primary key,
    ministry_id integer not null references ministries(id) on delete cascade,
    team_id integer references teams(id) on delete cascade,
    scope text not null,
    options text not null,
    committed_by_person_id integer references persons(id) on delete set null,
    committed_at timestamp not null,
    undone_at timestamp,
    undone_by_person_id integer references persons(id) on delete set null
  )`.execute(db);
  await sql`alter table assignments add column auto_fill_run_id integer references auto_fill_runs(id) on delete set null`.execute(db);
  await sql`create index assignments_auto_fill_run on assignments (auto_fill_run_id) where auto_fill_run_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assignments drop column auto_fill_run_id`.execute(db);
  await sql`drop table auto_fill_runs`.execute(db);
}
