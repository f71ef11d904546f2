/**
 * The service writes times as the church's wall clock (`YYYY-MM-DD HH:MM:SS` in `sTimeZone`, no offset).
 * They are shown as that wall clock, in the reader's language: read as UTC and formatted in UTC, so the
 * reader's own zone never shifts them.
 */
function wallClock(value: string): Date {
  const [date, time = '00:00:00'] = value.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(Date.UTC(year, month - 1, day, hours, minutes));
}

const STYLES = {
  day: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  time: { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' },
  date: { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  shortDate: { month: 'short', day: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per style and language, kept: building one costs far more than formatting with it, and the roster
 * formats a date for each of its cells (the largest share of its drawing time in a CPU profile, bench/roster.ts).
 */
function formatterOf(style: keyof typeof STYLES, locale: string): Intl.DateTimeFormat {
  const key = `${style}|${locale}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, STYLES[style])));
  return format;
}

export function formatDay(value: string, locale: string): string {
  return formatterOf('day', locale).format(wallClock(value));
}

export function formatTimes(start: string, end: string, locale: string): string {
  return formatterOf('time', locale).formatRange(wallClock(start), wallClock(end));
}

/** A wall-clock time of day alone: "9:41 AM", "9:41". */
export function formatTime(value: string, locale: string): string {
  return formatterOf('time', locale).format(wallClock(value));
}

export function formatDate(value: string, locale: string): string {
  return formatterOf('date', locale).format(wallClock(value));
}

/** The Monday that starts the week of a wall-clock moment, as `YYYY-MM-DD`. */
export function weekStart(value: string): string {
  const day = wallClock(value);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** Today's date as `YYYY-MM-DD` on the reader's clock. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A date as a short label for a chart's axis or a week's row: "Mar 2" (the year left out). */
export function formatShortDate(value: string, locale: string): string {
  return formatterOf('shortDate', locale).format(wallClock(value));
}

/** A share from 0 to 1 as a whole percentage in the reader's language: "75 %" or "75%". */
export function formatPercent(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
