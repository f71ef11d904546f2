import { addDays, addDaysUpToLast, dateRange } from '../dates.js';

/** A report's range: 8 weeks back to 8 weeks ahead unless given, at most 53 weeks (issue 35 #4). */
export const REPORT_WEEKS_BACK = 8;
export const REPORT_WEEKS_AHEAD = 8;
export const MAX_REPORT_DAYS = 371;

/** The weeks a report covers when no end is asked for: its first and the 16 after it. */
const REPORT_DEFAULT_WEEKS = REPORT_WEEKS_BACK + 1 + REPORT_WEEKS_AHEAD;

/**
 * A report's range: from defaults to the Monday 8 weeks back, to to the Sunday 16 weeks after from's week (so 8 weeks
 * ahead when neither is asked for), and never past the calendar's last day.
 */
export function reportRange(query: { from?: string; to?: string }, today: string) {
  return dateRange(query, {
    defaultFrom: addDays(weekOf(today), -7 * REPORT_WEEKS_BACK),
    defaultTo: (from) => addDaysUpToLast(weekOf(from), 7 * REPORT_DEFAULT_WEEKS - 1),
    maxDays: MAX_REPORT_DAYS,
    tooLongMessage: 'A report covers at most 53 weeks; choose a shorter range',
  });
}

/** The Monday of a date's week (ISO weeks), the key a report's weekly figures are summed by. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** Every week's Monday from the week of `from` to the week of `to`. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  // A week past the calendar's last day has a six-digit year, which sorts before `to`: the loop stops there too.
  for (let week = weekOf(from); week <= to && !week.startsWith('+'); week = addDays(week, 7)) weeks.push(week);
  return weeks;
}
