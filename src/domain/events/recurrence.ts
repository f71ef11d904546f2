import rrulePackage from 'rrule';
import { invalid } from '../errors.js';
import { daysInMonth } from '../dates.js';

// rrule's named ESM exports are broken; its CommonJS default carries them.
const { RRule } = rrulePackage;

/** Events in one series (E2 and `POST /api/events/repeat`). */
export const MAX_SERIES_EVENTS = 366;

export type Recurrence =
  | { type: 'weekly'; weekday: number /* 0 = Sunday … 6 = Saturday */ }
  | { type: 'monthly'; dayOfMonth: number /* 1..31; a shorter month uses its last day */ }
  | { type: 'yearly'; month: number; day: number /* a day missing that year (29 Feb) uses the month's last day */ };

const RRULE_WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

/** `MM-DD` → month and day when it names a day that exists in some year (02-29 included). */
export function parseMonthDay(value: string): { month: number; day: number } | undefined {
  const match = /^(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [month, day] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(2024, month)) return undefined;
  return { month, day };
}

/** Days min(day, 28)..day: with BYSETPOS −1 the rule picks the largest that exists, i.e. the month's last day. */
function clampedDays(day: number): number[] {
  const first = Math.min(day, 28);
  return Array.from({ length: day - first + 1 }, (_, i) => first + i);
}

/**
 * The dates (`YYYY-MM-DD`) of a series between `rangeStart` and `rangeEnd` inclusive, soonest first.
 * Throws 400 when the series would pass MAX_SERIES_EVENTS.
 */
export function expandRecurrence(recurrence: Recurrence, rangeStart: string, rangeEnd: string): string[] {
  const base = { dtstart: new Date(`${rangeStart}T00:00:00Z`), until: new Date(`${rangeEnd}T00:00:00Z`) };
  const rule =
    recurrence.type === 'weekly'
      ? new RRule({ ...base, freq: RRule.WEEKLY, byweekday: [RRULE_WEEKDAYS[recurrence.weekday]] })
      : recurrence.type === 'monthly'
        ? new RRule({ ...base, freq: RRule.MONTHLY, bymonthday: clampedDays(recurrence.dayOfMonth), bysetpos: [-1] })
        : new RRule({ ...base, freq: RRule.YEARLY, bymonth: [recurrence.month], bymonthday: clampedDays(recurrence.day), bysetpos: [-1] });
  const dates = rule.all((_, index) => index <= MAX_SERIES_EVENTS);
  if (dates.length > MAX_SERIES_EVENTS) {
    throw invalid(`A series may hold at most ${MAX_SERIES_EVENTS} events; shorten the range`);
  }
  return dates.map((date) => date.toISOString().slice(0, 10));
}
