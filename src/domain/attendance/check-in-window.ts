import { addMinutes } from '../dates.js';
import { conflict } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';

/** Minutes before and after a shift's start during which a volunteer checks in. */
export interface CheckInWindow {
  before: number;
  after: number;
}

/** The church's window (settings iCheckInOpensMinutesBefore, iCheckInClosesMinutesAfter). */
export const checkInWindowOf = async (settings: SettingsService): Promise<CheckInWindow> => ({
  before: await settings.get('iCheckInOpensMinutesBefore'),
  after: await settings.get('iCheckInClosesMinutesAfter'),
});

/**
 * The check-in window (issue 36 #3), one rule for the phone and the kiosk: a person checks in from `before` minutes
 * before a shift's start to `after` minutes after it, so a kiosk set up days ahead checks nobody in early. At the kiosk
 * a person may hold several shifts of the event, and any one of them open will do. Otherwise 409, naming the next
 * opening, else the last closing (`opensAt` or `closedAt` beside the message, for the kiosk page's own words);
 * `starts` is never empty, as the callers pass the shifts of someone placed at the event.
 */
export function assertCheckInWindowOpen(now: string, starts: readonly string[], window: CheckInWindow): void {
  const spans = starts.map((start) => ({ opens: addMinutes(start, -window.before), closes: addMinutes(start, window.after) }));
  if (spans.some(({ opens, closes }) => opens <= now && now <= closes)) return;
  const next = spans.filter(({ opens }) => now < opens).sort((a, b) => a.opens.localeCompare(b.opens))[0];
  if (next) throw conflict(`Check-in opens at ${next.opens.slice(0, 16)}, ${window.before} minutes before the start.`, { opensAt: next.opens });
  const closedAt = spans.map(({ closes }) => closes).sort().at(-1) ?? now;
  throw conflict(`Check-in closed at ${closedAt.slice(0, 16)}, ${window.after} minutes after the start.`, { closedAt });
}
