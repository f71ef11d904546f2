import type { Selectable } from 'kysely';
import type { ServingPreferencesTable } from '../../db/schema.js';
import { daysInMonth } from '../dates.js';
import { invalid } from '../errors.js';

type PreferenceRow = Selectable<ServingPreferencesTable>;

/** What a rule reads of a preference. */
export type PreferenceFacts = Pick<PreferenceRow, 'ministry_id' | 'max_per_month' | 'preferred_weeks'>;

/** The week of the month a date falls in: days 1–7 are the 1st week, 29–31 the 5th ("the 1st and 3rd Sunday"). */
export const weekOfMonth = (date: string) => Math.ceil(Number(date.slice(8, 10)) / 7);

/** The first and last day of the date's month. */
export function monthOf(date: string): { from: string; to: string } {
  const [year, month] = date.split('-').map(Number);
  return { from: `${date.slice(0, 7)}-01`, to: `${date.slice(0, 7)}-${String(daysInMonth(year, month)).padStart(2, '0')}` };
}

/** Preferred weeks as stored (`1,3`), or null for any week; refuses anything but distinct weeks 1–5. */
export function storedWeeks(weeks: readonly number[] | undefined): string | null {
  if (weeks === undefined || weeks.length === 0) return null;
  if (weeks.some((week) => !Number.isInteger(week) || week < 1 || week > 5) || new Set(weeks).size !== weeks.length) {
    throw invalid('preferredWeeks must list distinct weeks of the month from 1 to 5');
  }
  return [...weeks].sort((a, b) => a - b).join(',');
}

export const weeksOf = (row: Pick<PreferenceRow, 'preferred_weeks'>) => (row.preferred_weeks ? row.preferred_weeks.split(',').map(Number) : []);

/**
 * How a person stands against their preferences for one occurrence of a ministry. The ministry's own limit
 * replaces the one for every ministry, which no longer applies there: servings in that ministry count against it;
 * without one, servings in every ministry count against the general limit. Likewise for preferred weeks.
 * `counts` are their servings this month by ministry.
 */
export function preferenceStanding(preferences: readonly PreferenceFacts[], ministryId: number, date: string, counts: ReadonlyMap<number, number>) {
  const own = preferences.find((p) => p.ministry_id === ministryId);
  const general = preferences.find((p) => p.ministry_id === null);
  const ownLimit = own?.max_per_month ?? null;
  const maxPerMonth = ownLimit ?? general?.max_per_month ?? null;
  const servings = ownLimit === null && maxPerMonth !== null ? [...counts.values()].reduce((sum, n) => sum + n, 0) : counts.get(ministryId) ?? 0;
  const weeks = weeksOf(own?.preferred_weeks ? own : general ?? { preferred_weeks: null });
  return {
    servingsThisMonth: servings,
    maxPerMonth,
    overPreference: maxPerMonth !== null && servings >= maxPerMonth,
    outsidePreferredWeeks: weeks.length > 0 && !weeks.includes(weekOfMonth(date)),
  };
}
