import type { DashboardQuery, GapsQuery } from '../../domain/dashboard/dashboard.commands.js';
import { invalid } from '../../domain/errors.js';
import { parseWindow } from './occurrences.commands.js';

/** The dashboard's days: a whole number from 1 to 365; left out, four weeks. */
export function parseDashboard(query: { days?: string }): DashboardQuery {
  const days = query.days === undefined ? 28 : Number(query.days);
  if (!/^\d+$/.test(query.days ?? '28') || !Number.isInteger(days) || days < 1 || days > 365) {
    throw invalid('The days parameter must be a whole number between 1 and 365');
  }
  return { days };
}

export function parseGaps(query: { from?: string; to?: string; ministryId?: number }): GapsQuery {
  return { ...parseWindow(query), ministryId: query.ministryId };
}
