import { sql, type Kysely } from 'kysely';

/**
 * Live counts kept, not counted (issue 39 #5): per occurrence and position, its live (pending or accepted) and
 * pending assignments, which E1's staffing by other ministries, the dashboards and every gap derivation read
 * instead of counting the assignments on each request (230,000 of them for a year of a large church's Sundays).
 *
 * Triggers on `assignments` keep them in the transaction that changes an assignment, whichever path does (assign,
 * sign-up, answers, swaps, removals, auto-fill, generation, imports, deletes by cascade), so no service has to
 * remember them. They fire once per statement with its changed rows and apply the net change per (occurrence,
 * position) in that order: a statement changing many occurrences locks their count rows in one order, and a
 * path that locks an occurrence first (E11, E14, auto-fill, swaps) locks its count rows after it, as before. An
 * update that leaves the counts as they were (an answer's comment, a reminder's time) touches no count row.
 * A row whose counts fall to 0 stays: a sum over it adds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table occurrence_live_counts (
    occurrence_id integer not null,
    position_id integer not null,
    live_count integer not null,
    pending_count integer not null,
    primary key (occurrence_id, position_id)
  )`.execute(db);
  const applied = (changes: string) => `insert into occurrence_live_counts as kept (occurrence_id, position_id, live_count, pending_count)
      select occurrence_id, position_id, sum(live), sum(pending) from (${changes}) changed
      group by occurrence_id, position_id having sum(live) <> 0 or sum(pending) <> 0
      order by occurrence_id, position_id
      on conflict (occurrence_id, position_id) do update
        set live_count = kept.live_count + excluded.live_count, pending_count = kept.pending_count + excluded.pending_count`;
  const rows = (table: string, sign: 1 | -1) => `select occurrence_id, position_id, ${sign} as live, case when status = 'pending' then ${sign} else 0 end as pending
      from ${table} where status in ('pending', 'accepted')`;
  await sql`create function keep_live_counts() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(applied(rows('new_rows', 1)))};
      elsif tg_op = 'DELETE' then
        ${sql.raw(applied(rows('old_rows', -1)))};
      else
        ${sql.raw(applied(`${rows('new_rows', 1)} union all ${rows('old_rows', -1)}`))};
      end if;
      return null;
    end $$`.execute(db);
  // A trigger with transition tables fires for one kind of statement only: one each.
  await sql`create trigger assignments_keep_live_counts_insert after insert on assignments
    referencing new table as new_rows for each statement execute function keep_live_counts()`.execute(db);
  await sql`create trigger assignments_keep_live_counts_update after update on assignments
    referencing old table as old_rows new table as new_rows for each statement execute function keep_live_counts()`.execute(db);
  await sql`create trigger assignments_keep_live_counts_delete after delete on assignments
    referencing old table as old_rows for each statement execute function keep_live_counts()`.execute(db);
  await sql`insert into occurrence_live_counts (occurrence_id, position_id, live_count, pending_count)
    select occurrence_id, position_id, count(*), count(*) filter (where status = 'pending')
    from assignments where status in ('pending', 'accepted') group by occurrence_id, position_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const kind of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`assignments_keep_live_counts_${kind}`)} on assignments`.execute(db);
  await sql`drop function keep_live_counts()`.execute(db);
  await db.schema.dropTable('occurrence_live_counts').execute();
}
