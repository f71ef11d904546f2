import type { Repositories } from '../../db/repositories/index.js';

type ListFilter = Parameters<Repositories['occurrences']['list']>[0];
export type OccurrenceListRow = Awaited<ReturnType<Repositories['occurrences']['list']>>[number];

/** Rows read per page when a derived view (the dashboard's panels, `hasGaps`) walks a window. */
export const WINDOW_PAGE_SIZE = 500;

/**
 * A window's occurrences a page at a time, by date then id: a view derived from them covers the whole window
 * however large the church is, and can stop as soon as it has what it shows.
 */
export async function* windowPages(repos: Repositories, filter: Omit<ListFilter, 'limit' | 'after'>): AsyncGenerator<OccurrenceListRow[]> {
  let after: ListFilter['after'];
  for (;;) {
    const rows = await repos.occurrences.list({ ...filter, limit: WINDOW_PAGE_SIZE, after });
    if (rows.length > 0) yield rows;
    if (rows.length < WINDOW_PAGE_SIZE) return;
    const last = rows[rows.length - 1];
    after = { date: last.occurrence_date, id: last.id };
  }
}
