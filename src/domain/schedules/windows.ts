import { addDays } from '../dates.js';

export interface WindowInput {
  /** Church-local today, `YYYY-MM-DD`. */
  today: string;
  windowStart: string;
  /** null: open end. */
  windowEnd: string | null;
  horizonWeeks: number;
  /** A Staff-this-event schedule is not capped by the horizon. */
  oneOff: boolean;
  /** The run's own `through`, capped like the default. */
  through?: string;
}

/**
 * The dates a generation run covers (contract §5.3, §13.2):
 * [max(today, windowStart) .. min(through, today + horizon, windowEnd)]; a one-off schedule has no horizon cap.
 * `from > through` means the run covers nothing.
 */
export function generationWindow(input: WindowInput): { from: string; through: string } {
  const from = input.today > input.windowStart ? input.today : input.windowStart;
  const caps = [input.through, input.oneOff ? undefined : addDays(input.today, input.horizonWeeks * 7), input.windowEnd ?? undefined]
    .filter((date): date is string => date !== undefined);
  const through = caps.length === 0 ? addDays(input.today, input.horizonWeeks * 7) : caps.reduce((a, b) => (a < b ? a : b));
  return { from, through };
}

/**
 * The last day a schedule generates through as things stand (contract §11.2): its event's day for a one-off,
 * else the horizon, or the window's end when that comes first.
 */
export function generatesThrough(schedule: { one_off: boolean; event_start: string | null; window_start: string; window_end: string | null }, today: string, horizonWeeks: number) {
  const horizonEnd = addDays(today, horizonWeeks * 7);
  if (schedule.one_off) return schedule.event_start?.slice(0, 10) ?? schedule.window_start;
  return schedule.window_end !== null && schedule.window_end < horizonEnd ? schedule.window_end : horizonEnd;
}
