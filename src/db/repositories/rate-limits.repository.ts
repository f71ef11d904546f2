import { sql } from 'kysely';
import type { Executor } from '../database.js';

export function rateLimitsRepository(db: Executor) {
  return {
    /**
     * Counts one request of `key` in its current fixed window of `windowMs`, starting a new window when the last
     * one is over; answers the count so far and the milliseconds left. One statement, so concurrent requests on
     * any instance each see their own count. `now` is the caller's clock (the service's injected one).
     */
    async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; msLeft: number }> {
      const window = sql`${windowMs}::float8 * interval '1 millisecond'`;
      const at = sql`${now.toISOString()}::timestamptz`;
      const { rows } = await sql<{ hits: number; ms_left: number }>`
        insert into rate_limit_windows as w (key, started_at, hits) values (${key}, ${at}, 1)
        on conflict (key) do update set
          hits = case when w.started_at + ${window} <= ${at} then 1 else w.hits + 1 end,
          started_at = case when w.started_at + ${window} <= ${at} then ${at} else w.started_at end
        returning hits, ceil(extract(epoch from (started_at + ${window} - ${at})) * 1000)::float8 as ms_left`.execute(db);
      return { hits: rows[0].hits, msLeft: Math.max(0, rows[0].ms_left) };
    },

    /** Removes windows that started more than `olderThanMs` before `now` (clients that stopped calling). */
    async forgetEnded(olderThanMs: number, now: Date): Promise<number> {
      const result = await sql`delete from rate_limit_windows where started_at < ${now.toISOString()}::timestamptz - ${olderThanMs}::float8 * interval '1 millisecond'`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
