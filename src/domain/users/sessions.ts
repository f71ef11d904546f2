import { minutesBetween } from '../dates.js';
import type { SettingsService } from '../settings/settings.service.js';

const MINUTES_PER_DAY = 24 * 60;

/** How long a web app sign-in lasts, in days: unused (`iSessionIdleDays`) and at most (`iSessionMaxDays`). */
export interface SessionLifetimes {
  idleDays: number;
  maxDays: number;
}

/** When a web app sign-in began and was last used, as wall-clock date-times; a never-used one counts from its start. */
export interface SessionTimes {
  createdAt: string;
  lastUsedAt: string | null;
}

/** Whether a web app sign-in still works at `now`: used within the idle lifetime, and begun within the absolute one. */
export function isSessionLive(session: SessionTimes, now: string, lifetimes: SessionLifetimes): boolean {
  const idleMinutes = minutesBetween(session.lastUsedAt ?? session.createdAt, now);
  return idleMinutes < lifetimes.idleDays * MINUTES_PER_DAY && minutesBetween(session.createdAt, now) < lifetimes.maxDays * MINUTES_PER_DAY;
}

/** The web app sign-in's lifetimes as the settings hold them. */
export async function sessionLifetimesOf(settings: SettingsService): Promise<SessionLifetimes> {
  return { idleDays: await settings.get('iSessionIdleDays'), maxDays: await settings.get('iSessionMaxDays') };
}
