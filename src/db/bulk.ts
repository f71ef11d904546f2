import { sql, type RawBuilder } from 'kysely';

type ArrayType = 'int4' | 'text' | 'timestamp' | 'date';

/**
 * `select * from unnest($1::int4[], $2::text[], …)`: many rows sent as one array parameter per column. A bulk
 * insert built on it has a fixed number of parameters whatever its size (PostgreSQL refuses a statement with
 * more than 65,535), and the server parses one short statement instead of tens of thousands of placeholders.
 */
export function unnestRows<Row>(rows: readonly Row[], columns: ReadonlyArray<readonly [ArrayType, (row: Row) => unknown]>): RawBuilder<unknown> {
  return sql`select * from unnest(${sql.join(columns.map(([type, pick]) => sql`${rows.map(pick)}::${sql.raw(type)}[]`))})`;
}

/** `= any($1::int4[])`: membership in a list of ids of any length as one parameter (an `in` list needs one per id). */
export function anyId(ids: readonly number[]): RawBuilder<number> {
  return sql<number>`any(${ids as number[]}::int4[])`;
}
