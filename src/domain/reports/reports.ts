import { addDays, dateFieldMessage, isValidDate } from '../dates.js';
import { invalid } from '../errors.js';

/** A report's range: 8 weeks back to 8 weeks ahead unless given, at most 53 weeks (issue 35 #4). */
export const REPORT_WEEKS_BACK = 8;
export const REPORT_WEEKS_AHEAD = 8;
export const MAX_REPORT_DAYS = 371;

export function reportRange(query: { from?: string; to?: string }, today: string) {
  for (const field of ['from', 'to'] as const) {
    if (query[field] !== undefined && !isValidDate(query[field])) throw invalid(dateFieldMessage(field));
  }
  const from = query.from ?? addDays(weekOf(today), -7 * REPORT_WEEKS_BACK);
  const to = query.to ?? addDays(weekOf(today), 7 * REPORT_WEEKS_AHEAD + 6);
  if (to < from) throw invalid('to must be on or after from');
  if (addDays(from, MAX_REPORT_DAYS - 1) < to) throw invalid('A report covers at most 53 weeks; choose a shorter range');
  return { from, to };
}

/** The Monday of a date's week (ISO weeks), the key a report's weekly figures are summed by. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** Every week's Monday from the week of `from` to the week of `to`. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = weekOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}
