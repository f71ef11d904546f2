import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The source of "now" and of waiting; tests inject a fixed or movable one so no test depends on today's date
 * or on how fast the machine is.
 */
export interface Clock {
  now(): Date;
  /** Milliseconds on a clock that only moves forward, for measuring how long the service has been at a task. */
  elapsedMs(): number;
  sleep(milliseconds: number): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date(), elapsedMs: () => performance.now(), sleep: (milliseconds) => sleep(milliseconds) };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// The last answer per zone: every request asks for "now" (ChurchTime), and formatToParts took 2 % of the service's
// time under load (issue 39 #4). The text names whole seconds, so an instant in the same second has the same answer.
const lastWallClock = new Map<string, { second: number; text: string }>();

/** `YYYY-MM-DD HH:MM:SS` wall-clock time of `instant` in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastWallClock.get(timeZone);
  if (last && last.second === second) return last.text;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  lastWallClock.set(timeZone, { second, text });
  return text;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes the zone is ahead of UTC at `instant` (−240 for New York in summer). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const wall = Date.parse(`${wallClock(instant, timeZone).replace(' ', 'T')}Z`);
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time (`YYYY-MM-DD HH:MM:SS`) names in `timeZone`; in a gap the later offset wins. */
export function instantOf(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  const first = zoneOffsetMinutes(new Date(asUtc), timeZone);
  const candidate = asUtc - first * 60_000;
  const second = zoneOffsetMinutes(new Date(candidate), timeZone);
  return new Date(first === second ? candidate : asUtc - second * 60_000);
}

/** ISO 8601 with the zone's offset, for example `2026-03-10T09:00:00-04:00`. */
export function isoWithOffset(wall: string, timeZone: string): string {
  const offset = zoneOffsetMinutes(instantOf(wall, timeZone), timeZone);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${wall.replace(' ', 'T')}${sign}${hours}:${minutes}`;
}
