import { sql } from 'kysely';
import { lockKey, type Executor } from '../database.js';

export function locksRepository(db: Executor) {
  return {
    /** Holds a named advisory lock until the surrounding transaction ends (serialises work across instances). */
    async exclusive(name: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(${lockKey(name)})`.execute(db);
    },
  };
}
