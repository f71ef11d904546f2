import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { UniqueViolationError } from '../../db/errors.js';
import type { CalendarRow, DB } from '../../db/schema.js';
import { invalid, notFound } from '../errors.js';
import { memberMayReadCalendar } from '../access/calendars.policies.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DatabaseService } from '../database-service.js';
import type { NewCalendarCommand, PortalCalendarRef, PortalCalendarsCommand } from './calendars.commands.js';

/** Calendars the system derives from other records; members may subscribe to them like church calendars. */
export const SYSTEM_CALENDARS = [
  { id: 0, name: 'Birthdays', background: '6A1B9A', foreground: 'FFFFFF' },
  { id: 1, name: 'Unpinned Events', background: '455A64', foreground: 'FFFFFF' },
] as const;

export type { PortalCalendarRef } from './calendars.commands.js';

/** A calendar to share as sent: its id may be a digit string. */
export type PortalCalendarChoice = { type: 'calendar' | 'system'; id: number | string };

export const UNKNOWN_PORTAL_CALENDAR = 'Each calendar to show must name an existing calendar: {type: "calendar" or "system", id}';

export interface PortalCalendars {
  church: CalendarRow[];
  shared: PortalCalendarRef[];
}

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

  async create(command: NewCalendarCommand): Promise<CalendarRow> {
    return this.repos.calendars.insert({ name: command.name, foreground_color: command.foregroundColor, background_color: command.backgroundColor });
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

  /** The church calendars an administrator may share with members (the system ones besides), and those shared (`aPortalCalendars`). */
  async portalCalendars(): Promise<PortalCalendars> {
    return { church: await this.repos.calendars.list(), shared: await this.sharedPortalCalendars() };
  }

  async setPortalCalendars(refs: PortalCalendarsCommand): Promise<PortalCalendars> {
    const churchIds = new Set((await this.repos.calendars.list()).map((c) => c.id));
    for (const { type, id } of refs) {
      const exists = type === 'calendar' ? churchIds.has(id) : SYSTEM_CALENDARS.some((c) => c.id === id);
      if (!exists) throw invalid(UNKNOWN_PORTAL_CALENDAR);
    }
    await this.settings.write('aPortalCalendars', JSON.stringify({ visible: refs }));
    return this.portalCalendars();
  }

  /**
   * The calendars a member may choose for their feed: those the administrator shares (issue 37 #9), in the order of
   * the administrator's list (church calendars by name, then the system ones).
   */
  async memberCalendars() {
    const { church, shared } = await this.portalCalendars();
    return {
      church: church.filter((calendar) => memberMayReadCalendar(shared, { type: 'calendar', id: calendar.id })),
      system: SYSTEM_CALENDARS.filter((calendar) => memberMayReadCalendar(shared, { type: 'system', id: calendar.id })),
    };
  }

  /** The calendars the administrator shares with members. */
  async sharedPortalCalendars(): Promise<PortalCalendarRef[]> {
    const stored = (await this.settings.get('aPortalCalendars')) as { visible?: PortalCalendarRef[] } | null;
    return Array.isArray(stored?.visible) ? stored.visible : [];
  }
}
