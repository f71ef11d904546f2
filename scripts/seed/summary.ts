import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

const TABLES = ['persons', 'families', 'ministries', 'teams', 'positions', 'qualifications', 'schedules', 'occurrences', 'assignments'] as const;

/** Row counts of the seeded tables, and assignments by status. */
export async function countRows(db: Kysely<DB>) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  const byStatus = await db.selectFrom('assignments').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').orderBy('status').execute();
  return { counts, byStatus: Object.fromEntries(byStatus.map((row) => [row.status, row.n])) };
}

/** Prints the summary lines. */
export function printSummary(summary: Awaited<ReturnType<typeof countRows>>, seconds: string): void {
  console.log(`seed: done in ${seconds}s`);
  for (const [table, n] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(16)} ${n.toLocaleString('en-US')}`);
  console.log(`  assignments by status: ${Object.entries(summary.byStatus).map(([status, n]) => `${status} ${n.toLocaleString('en-US')}`).join(', ')}`);
}
