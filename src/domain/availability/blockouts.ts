import type { BlockoutRow } from '../../db/schema.js';
import { addDays, dateFieldMessage, isValidDate, minutesBetween, parseTimeOfDay } from '../dates.js';
import { invalid } from '../errors.js';

/** What a blockout says about time: whole days or a time range on each day, repeating weekly until a date. */
export type BlockoutPeriod = Pick<BlockoutRow, 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'repeat_until'>;

/** A blockout as asked for, before it is checked. */
export interface BlockoutRequest {
  startDate: string;
  endDate?: string;
  startTime?: string;
  endTime?: string;
  repeatWeeklyUntil?: string;
  reason?: string;
}

const MAX_DAYS = 366;
const MAX_REPEAT_DAYS = 2 * 366;

const daysBetween = (from: string, to: string) => minutesBetween(`${from} 00:00:00`, `${to} 00:00:00`) / 1440;

/** Checks a requested blockout against its rules and `today` (one already over is refused); answers its period. */
export function parseBlockout(request: BlockoutRequest, today: string): BlockoutPeriod & { reason: string | null } {
  const date = (value: string, field: string) => {
    if (!isValidDate(value)) throw invalid(dateFieldMessage(field));
    return value;
  };
  const startDate = date(request.startDate, 'startDate');
  const endDate = request.endDate === undefined || request.endDate === '' ? startDate : date(request.endDate, 'endDate');
  if (endDate < startDate) throw invalid('endDate must be on or after startDate');
  if (daysBetween(startDate, endDate) >= MAX_DAYS) throw invalid('A blockout lasts at most 366 days; add another for a longer absence');
  const hasStart = Boolean(request.startTime?.trim());
  const hasEnd = Boolean(request.endTime?.trim());
  if (hasStart !== hasEnd) throw invalid('Give both startTime and endTime, or neither for whole days');
  const startTime = hasStart ? parseTimeOfDay(request.startTime!) : null;
  const endTime = hasEnd ? parseTimeOfDay(request.endTime!) : null;
  if (startTime === undefined || endTime === undefined) throw invalid('Times must be in HH:MM form (24 hours)');
  if (startTime !== null && endTime! <= startTime) throw invalid('endTime must be after startTime');
  const repeatUntil = request.repeatWeeklyUntil === undefined || request.repeatWeeklyUntil === '' ? null : date(request.repeatWeeklyUntil, 'repeatWeeklyUntil');
  if (repeatUntil !== null) {
    if (repeatUntil < startDate) throw invalid('repeatWeeklyUntil must be on or after startDate');
    if (daysBetween(startDate, endDate) > 6) throw invalid('A blockout that repeats weekly lasts at most 7 days');
    if (daysBetween(startDate, repeatUntil) > MAX_REPEAT_DAYS) throw invalid('repeatWeeklyUntil must be within two years of startDate');
  }
  const period = { start_date: startDate, end_date: endDate, start_time: startTime, end_time: endTime, repeat_until: repeatUntil };
  if (lastDayOf(period) < today) throw invalid('This blockout is already over');
  const reason = request.reason?.trim() ? request.reason.trim() : null;
  return { ...period, reason };
}

/** The last day the blockout covers: its end, or the end of its last weekly repetition. */
export function lastDayOf(period: BlockoutPeriod): string {
  if (period.repeat_until === null) return period.end_date;
  const repetitions = Math.floor(daysBetween(period.start_date, period.repeat_until) / 7);
  return addDays(period.end_date, repetitions * 7);
}

/**
 * Whether the blockout covers any part of a shift from `start` to `end` (wall-clock `YYYY-MM-DD HH:MM:SS` in the
 * church's time zone): a whole day touches it, or the day's time range overlaps it.
 */
export function covers(period: BlockoutPeriod, start: string, end: string): boolean {
  const startDay = start.slice(0, 10);
  const endDay = end.slice(0, 10);
  const span = daysBetween(period.start_date, period.end_date);
  // Only repetitions that can reach the shift's days are looked at: at most two for any shift under a week.
  const first = period.repeat_until === null ? 0 : Math.max(0, Math.floor((daysBetween(period.start_date, startDay) - span) / 7));
  for (let k = first; ; k++) {
    const from = addDays(period.start_date, 7 * k);
    if (from > endDay || (k > 0 && (period.repeat_until === null || from > period.repeat_until))) return false;
    const to = addDays(period.end_date, 7 * k);
    if (period.start_time === null) {
      if (`${from} 00:00:00` < end && start < `${addDays(to, 1)} 00:00:00`) return true;
      continue;
    }
    for (let day = from > startDay ? from : startDay; day <= to && day <= endDay; day = addDays(day, 1)) {
      if (`${day} ${period.start_time}` < end && start < `${day} ${period.end_time}`) return true;
    }
  }
}

/** The first of `blockouts` that covers the shift, if any. */
export function coveringBlockout<B extends BlockoutPeriod>(blockouts: readonly B[], start: string, end: string): B | undefined {
  return blockouts.find((blockout) => covers(blockout, start, end));
}
