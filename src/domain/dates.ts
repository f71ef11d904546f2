/** Calendar arithmetic on wall-clock strings (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`); no time zones involved. */

import { invalid } from './errors.js';

/** The contract's generic 400 for a malformed date (§1.8). */
export const DATE_FORMAT_MESSAGE = 'Dates must be in YYYY-MM-DD form';

/** The 400 for a malformed date in a field that names itself. */
export const dateFieldMessage = (field: string) => `${field} must be a date in YYYY-MM-DD form`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for a real calendar day in `YYYY-MM-DD` form (`2026-02-30` and `2026-13-01` are not). */
export function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // There is no year 0 (PostgreSQL refuses it).
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** An optional date filter: blank means none; anything else must be a real day (400 DATE_FORMAT_MESSAGE). */
export function optionalDate(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isValidDate(value)) throw invalid(DATE_FORMAT_MESSAGE);
  return value;
}

export function daysInMonth(year: number, month: number): number {
  // setUTCFullYear, because Date.UTC reads the years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/** `HH:MM` or `HH:MM:SS` (24 h) → `HH:MM:SS`, or undefined when it is not a time of day (`25:00`). */
export function parseTimeOfDay(value: string): string | undefined {
  const match = TIME.exec(value.trim());
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return `${match[1]}:${match[2]}:${String(seconds).padStart(2, '0')}`;
}

/** `YYYY-MM-DD HH:MM[:SS]` (a `T` is taken as a space) → `YYYY-MM-DD HH:MM:SS`, or undefined when invalid. */
export function parseDateTime(value: string): string | undefined {
  const match = DATE_TIME.exec(value.trim());
  if (!match || !isValidDate(match[1])) return undefined;
  const time = parseTimeOfDay(`${match[2]}:${match[3]}:${match[4] ?? '00'}`);
  return time ? `${match[1]} ${time}` : undefined;
}

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  const next = toUtc(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The last day a range may reach: past it `addDays` writes a six-digit year ("+010000-…"), which sorts before every date. */
export const LAST_DATE = '9999-12-31';

/** `addDays` forward that stops at LAST_DATE. */
export function addDaysUpToLast(date: string, days: number): string {
  const later = addDays(date, days);
  return later.startsWith('+') ? LAST_DATE : later;
}

/** How a query's range is read: its defaults, and its longest span with the 400 that says so. */
export interface DateRangeRule {
  defaultFrom: string;
  /** The last day when none is asked for, from the first (asked for or default). */
  defaultTo: (from: string) => string;
  maxDays: number;
  tooLongMessage: string;
}

/** A range of real dates, to on or after from, at most `rule.maxDays` long (the roster's and the reports'). */
export function dateRange(query: { from?: string; to?: string }, rule: DateRangeRule): { from: string; to: string } {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isValidDate(value)) throw invalid(dateFieldMessage(field));
  }
  const from = query.from ?? rule.defaultFrom;
  const to = query.to ?? rule.defaultTo(from);
  if (to < from) throw invalid('to must be on or after from');
  if (addDaysUpToLast(from, rule.maxDays - 1) < to) throw invalid(rule.tooLongMessage);
  return { from, to };
}

export function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const target = year + years;
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, daysInMonth(target, month))).padStart(2, '0')}`;
}

/** Minutes between two wall-clock date-times (b − a). */
export function minutesBetween(a: string, b: string): number {
  return (Date.parse(`${b.replace(' ', 'T')}Z`) - Date.parse(`${a.replace(' ', 'T')}Z`)) / 60_000;
}

export function addMinutes(dateTime: string, minutes: number): string {
  const moved = new Date(Date.parse(`${dateTime.replace(' ', 'T')}Z`) + minutes * 60_000);
  return moved.toISOString().slice(0, 19).replace('T', ' ');
}
