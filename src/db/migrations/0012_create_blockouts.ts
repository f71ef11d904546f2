import { sql, type Kysely } from 'kysely';

/**
 * Blockout dates (issue 17): periods a person cannot serve, all day or between two times of each day,
 * optionally repeating weekly until a date. A repeating period is at most a week long, so its repetitions never
 * overlap. The reason is shown to coordinators in scope and to the person alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table blockouts (
    id serial primary key,
    person_id integer not null references persons(id) on delete cascade,
    start_date date not null,
    end_date date not null,
    start_time time,
    end_time time,
    repeat_until date,
    reason text,
    created_by_person_id integer references persons(id) on delete set null,
    created_at timestamp not null,
    constraint blockouts_dates_in_order check (end_date >= start_date),
    constraint blockouts_times_together check ((start_time is null) = (end_time is null)),
    constraint blockouts_times_in_order check (start_time is null or end_time > start_time),
    constraint blockouts_repeat_after_start check (repeat_until is null or repeat_until >= start_date),
    constraint blockouts_repeat_within_week check (repeat_until is null or end_date - start_date <= 6)
  )`.execute(db);
  // Lists ask "this person's blockouts still running on or after a date".
  await sql`create index blockouts_person_end on blockouts (person_id, (coalesce(repeat_until + (end_date - start_date), end_date)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table blockouts`.execute(db);
}
