import { invalid } from '../../domain/errors.js';
import { parseMonthDay, type Recurrence } from '../../domain/events/recurrence.js';

/** A series' recurrence as the core repeat route and E2 send it, each in its own words (contract §6.2, §15.4). */

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Words and leniency of the API that reads a recurrence; the rule itself is one. */
export interface RecurrenceDialect {
  /** The core repeat route also takes a weekday number (0 = Sunday), a weekday's first three letters and a numeric day-of-month string. */
  isLenient: boolean;
  messages: {
    unknownType: string;
    /** When set, a blank field answers this instead of the field's own message. */
    missing?: (field: 'dayOfWeek' | 'dayOfMonth' | 'dayOfYear') => string;
    dayOfWeek: string;
    dayOfMonth: string;
    dayOfYear: string;
  };
}

/** What a series repeats on, as sent: the type and the one field that type reads. */
interface RecurrenceFields {
  type: unknown;
  dayOfWeek?: unknown;
  dayOfMonth?: unknown;
  dayOfYear?: unknown;
}

/** Reads weekly (a weekday name), monthly (1..31) or yearly (MM-DD); 400 with the dialect's message otherwise. */
export function parseRecurrence(fields: RecurrenceFields, { isLenient, messages }: RecurrenceDialect): Recurrence {
  const present = (field: 'dayOfWeek' | 'dayOfMonth' | 'dayOfYear') => {
    const value = fields[field];
    if (messages.missing && (value === undefined || value === '')) throw invalid(messages.missing(field));
    return value;
  };
  const type = isLenient ? String(fields.type).trim().toLowerCase() : fields.type;
  if (type === 'weekly') {
    const value = present('dayOfWeek');
    const name = String(value ?? '').trim().toLowerCase();
    const weekday = isLenient && typeof value === 'number'
      ? value
      : WEEKDAY_NAMES.findIndex((day) => day === name || (isLenient && day.slice(0, 3) === name));
    if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) throw invalid(messages.dayOfWeek);
    return { type, weekday };
  }
  if (type === 'monthly') {
    const value = present('dayOfMonth');
    const dayOfMonth = isLenient ? Number(value) : value;
    if (typeof dayOfMonth !== 'number' || !Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31) throw invalid(messages.dayOfMonth);
    return { type, dayOfMonth };
  }
  if (type === 'yearly') {
    const value = present('dayOfYear');
    const monthDay = typeof value === 'string' ? parseMonthDay(value) : undefined;
    if (!monthDay) throw invalid(messages.dayOfYear);
    return { type, ...monthDay };
  }
  throw invalid(messages.unknownType);
}
