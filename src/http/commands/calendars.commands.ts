import type { Static } from '@sinclair/typebox';
import type { NewCalendarCommand, PortalCalendarsCommand } from '../../domain/calendars/calendars.commands.js';
import type { PortalCalendarChoice } from '../../domain/calendars/calendars.service.js';
import { invalid } from '../../domain/errors.js';
import type { CalendarBody } from '../schemas/core.schemas.js';

const HEX_COLOUR = /^[0-9A-Fa-f]{6}$/;

/** A colour with or without its `#`; left out, the calendar's default. */
function colour(value: string | undefined, fallback: string): string {
  const digits = (value ?? fallback).replace(/^#/, '');
  if (!HEX_COLOUR.test(digits)) throw invalid('Colours are six hex digits, for example 1565C0');
  return digits.toUpperCase();
}

export function parseNewCalendar(body: Static<typeof CalendarBody>): NewCalendarCommand {
  const name = body.Name.trim();
  if (name === '') throw invalid('Name is required');
  return { name, foregroundColor: colour(body.ForegroundColor, 'FFFFFF'), backgroundColor: colour(body.BackgroundColor, '1565C0') };
}

/** An id may come as a digit string. */
export function parsePortalCalendars(visible: readonly PortalCalendarChoice[]): PortalCalendarsCommand {
  return visible.map(({ type, id }) => ({ type, id: Number(id) }));
}
