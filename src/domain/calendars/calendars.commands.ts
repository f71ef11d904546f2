/** A calendar shared with members: a church calendar, or one the system derives (birthdays, unpinned events). */
export type PortalCalendarRef = { type: 'calendar' | 'system'; id: number };

/** A new church calendar: the name trimmed, colours as six upper-case hex digits (contract §15.3). */
export interface NewCalendarCommand {
  name: string;
  foregroundColor: string;
  backgroundColor: string;
}

/** The calendars to share with members, ids read as numbers; whether each exists is the service's lookup. */
export type PortalCalendarsCommand = readonly PortalCalendarRef[];
