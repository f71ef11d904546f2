import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of the rows `filtered` matches, and how many it matches in all, in one round trip: the count rides on
 * every row as `count(*) over ()`. A page past the end has no row to carry it, so only then a second query counts.
 * `shape` selects and orders the rows; `filtered` holds only the tables and conditions.
 */
export async function pageWithTotal<D, TB extends keyof D, O, Row>(
  filtered: SelectQueryBuilder<D, TB, O>,
  shape: (query: SelectQueryBuilder<D, TB, O>) => SelectQueryBuilder<D, TB, Row>,
  page: { limit: number; offset: number },
): Promise<{ rows: Row[]; total: number }> {
  // The builders are generic here, so Kysely cannot name the added column's type: `$castTo` states it.
  const rows = await shape(filtered).select(sql<number>`count(*) over ()::int`.as('total')).$castTo<Row & { total: number }>()
    .limit(page.limit).offset(page.offset).execute();
  if (rows.length > 0 || page.offset === 0) return { rows: rows.map(({ total: _total, ...row }) => row as Row), total: rows[0]?.total ?? 0 };
  const counted = await filtered.select(sql<number>`count(*)::int`.as('total')).$castTo<{ total: number }>().executeTakeFirstOrThrow();
  return { rows: [], total: counted.total };
}
