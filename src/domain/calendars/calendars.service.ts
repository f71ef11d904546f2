import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { UniqueViolationError } from '../../db/errors.js';
import type { CalendarRow, DB } from '../../db/schema.js';
import { invalid, notFound } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DatabaseService } from '../database-service.js';

/** Calendars the system derives from other records; members may subscribe to them like church calendars. */
export const SYSTEM_CALENDARS = [
  { id: 0, name: 'Birthdays', background: '6A1B9A', foreground: 'FFFFFF' },
  { id: 1, name: 'Unpinned Events', background: '455A64', foreground: 'FFFFFF' },
] as const;

export type PortalCalendarRef = { type: 'calendar' | 'system'; id: number };

/** A calendar to share as sent: its id may be a digit string. */
export type PortalCalendarChoice = { type: 'calendar' | 'system'; id: number | string };

export const UNKNOWN_PORTAL_CALENDAR = 'Each calendar to show must name an existing calendar: {type: "calendar" or "system", id}';

export type PortalCalendar = {
  type: 'calendar' | 'system';
  id: number;
  name: string;
  colors: { background: string; foreground: string };
  ministryId: number | null;
  visible: boolean;
};

const HEX_COLOUR = /^[0-9A-Fa-f]{6}$/;

/** 32 random bytes as 64 hex characters: unguessable, and unique by constraint. */
export function newAccessToken(): string {
  return randomBytes(32).toString('hex');
}

/** Church calendars, their access tokens, and the calendars shared with members (contract §15.3). */
export class CalendarsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly settings: SettingsService) {
    super(db);
  }

  async list(): Promise<CalendarRow[]> {
    return this.repos.calendars.list();
  }

  async get(id: number): Promise<CalendarRow> {
    const calendar = await this.repos.calendars.findById(id);
    if (!calendar) throw notFound('Calendar not found');
    return calendar;
  }

  async create(input: { name: string; foregroundColor?: string; backgroundColor?: string }): Promise<CalendarRow> {
    const name = input.name.trim();
    if (name === '') throw invalid('Name is required');
    for (const colour of [input.foregroundColor, input.backgroundColor]) {
      if (colour !== undefined && !HEX_COLOUR.test(colour.replace(/^#/, ''))) throw invalid('Colours are six hex digits, for example 1565C0');
    }
    return this.repos.calendars.insert({
      name,
      foreground_color: (input.foregroundColor ?? 'FFFFFF').replace(/^#/, '').toUpperCase(),
      background_color: (input.backgroundColor ?? '1565C0').replace(/^#/, '').toUpperCase(),
    });
  }

  /** An id that names no calendar (0 and ids past the integer range included) answers the reference system's 400. */
  async delete(id: number): Promise<void> {
    const isRowId = Number.isSafeInteger(id) && id >= 1 && id <= 2147483647;
    if (!isRowId || !(await this.repos.calendars.delete(id))) throw invalid(`Not Found: Unknown calendar id: ${id}`);
  }

  async newAccessToken(id: number): Promise<CalendarRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        const calendar = await this.repos.calendars.setAccessToken(id, newAccessToken());
        if (!calendar) throw notFound('Calendar not found');
        return calendar;
      } catch (error) {
        // A collision of 256-bit tokens will not happen, but the constraint is the guarantee.
        if (!(error instanceof UniqueViolationError) || attempt >= 3) throw error;
      }
    }
  }

  async clearAccessToken(id: number): Promise<CalendarRow> {
    const calendar = await this.repos.calendars.setAccessToken(id, null);
    if (!calendar) throw notFound('Calendar not found');
    return calendar;
  }

  /** The calendars an administrator may share with members, each with whether it is shared (`aPortalCalendars`). */
  async portalCalendars(): Promise<PortalCalendar[]> {
    const shared = await this.sharedPortalCalendars();
    const isShared = (type: string, id: number) => shared.some((ref) => ref.type === type && ref.id === id);
    const church = (await this.repos.calendars.list()).map((calendar) => ({
      type: 'calendar' as const,
      id: calendar.id,
      name: calendar.name,
      colors: { background: calendar.background_color, foreground: calendar.foreground_color },
      ministryId: calendar.ministry_id ?? null,
      visible: isShared('calendar', calendar.id),
    }));
    const system = SYSTEM_CALENDARS.map((calendar) => ({
      type: 'system' as const,
      id: calendar.id,
      name: calendar.name,
      colors: { background: calendar.background, foreground: calendar.foreground },
      ministryId: null,
      visible: isShared('system', calendar.id),
    }));
    return [...church, ...system];
  }

  async setPortalCalendars(visible: readonly PortalCalendarChoice[]): Promise<PortalCalendar[]> {
    const churchIds = new Set((await this.repos.calendars.list()).map((c) => c.id));
    const refs: PortalCalendarRef[] = [];
    for (const { type, id } of visible) {
      const numericId = Number(id);
      const exists = type === 'calendar' ? churchIds.has(numericId) : SYSTEM_CALENDARS.some((c) => c.id === numericId);
      if (!exists) throw invalid(UNKNOWN_PORTAL_CALENDAR);
      refs.push({ type, id: numericId });
    }
    await this.settings.write('aPortalCalendars', JSON.stringify({ visible: refs }));
    return this.portalCalendars();
  }

  /** The calendars the administrator shares with members. */
  async sharedPortalCalendars(): Promise<PortalCalendarRef[]> {
    const stored = (await this.settings.get('aPortalCalendars')) as { visible?: PortalCalendarRef[] } | null;
    return Array.isArray(stored?.visible) ? stored.visible : [];
  }
}
