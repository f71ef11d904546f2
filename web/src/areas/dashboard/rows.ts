import type { GapRow } from './api';

/**
 * A panel's rows in the order of their shifts: the contract lists gaps by date, then position (§18 #29), which put a
 * day's 11:00 service before its 9:00 one. The sort is stable, so rows of one shift keep the service's order.
 */
export function inShiftOrder<T extends Pick<GapRow, 'occurrenceDate' | 'start'>>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.occurrenceDate.localeCompare(b.occurrenceDate) || Date.parse(a.start) - Date.parse(b.start));
}
