import { sql, type Kysely } from 'kysely';

/**
 * Public rate limits count in the database, so that several instances behind a load balancer share one count
 * per client (issue 19) instead of each allowing the whole limit. One fixed window per client and limit;
 * unlogged, because a count lost in a server crash only lets a client start its minute again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table rate_limit_windows (
    key text primary key,
    started_at timestamptz not null,
    hits integer not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_windows`.execute(db);
}
