import type { PortalCalendarRef } from '../calendars/calendars.commands.js';

/** Who may read which church calendar outside the staff's pages (issue 37 #9). */

/**
 * A member (any login) sees a church or system calendar only when the administrator shares it with members
 * (setting `aPortalCalendars`); the others, a ministry's own calendar among them, stay the staff's.
 */
export const memberMayReadCalendar = (shared: readonly PortalCalendarRef[], calendar: PortalCalendarRef) =>
  shared.some((ref) => ref.type === calendar.type && ref.id === calendar.id);
