import type { Language } from '../../../db/schema.js';

/**
 * Dates and hours as a mail words them. A stored time is already the church's wall clock
 * (`YYYY-MM-DD HH:MM:SS`), so nothing is converted: it is only spelled out in the reader's language.
 */

const LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

/** `2026-03-08 …` → `Sunday, March 8, 2026` / `domingo, 8 de marzo de 2026`. */
export function dayOf(wall: string, language: Language): string {
  const date = wall.slice(0, 10);
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(LOCALE[language], { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** `… 10:30:00` → `10:30 AM` / `10:30`. Spelled by hand: ICU puts a narrow no-break space before AM in English. */
export function clockOf(wall: string, language: Language): string {
  const [hours, minutes] = wall.slice(11, 16).split(':').map(Number);
  const mm = String(minutes).padStart(2, '0');
  return language === 'en' ? `${((hours + 11) % 12) + 1}:${mm} ${hours < 12 ? 'AM' : 'PM'}` : `${String(hours).padStart(2, '0')}:${mm}`;
}

/** The day and the hours of a shift: `Sunday, March 8, 2026, 10:30 AM – 12:00 PM` (the end's day too when it differs). */
export function hoursOf(start: string, end: string | null, language: Language): string {
  const from = `${dayOf(start, language)}, ${clockOf(start, language)}`;
  if (!end) return from;
  const sameDay = end.slice(0, 10) === start.slice(0, 10);
  return `${from} – ${sameDay ? '' : `${dayOf(end, language)}, `}${clockOf(end, language)}`;
}
