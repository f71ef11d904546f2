import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';

/**
 * An empty iCalendar whose times are the church's wall clock with its zone (TZID) and the zone's rules
 * (VTIMEZONE), so that a subscriber anywhere sees a 10:00 service at 10:00 church time, whatever the server's
 * own zone is. Give each event `timezone` and times from `churchWallClock`.
 */
export function churchCalendar(name: string, timeZone: string, churchName: string): ICalCalendar {
  return ical({
    name,
    prodId: { company: churchName || 'Church', product: 'Volunteer Ministry Service' },
    timezone: { name: timeZone, generator: getVtimezoneComponent },
  });
}

/** A stored wall-clock time (`YYYY-MM-DD HH:MM:SS`) as that moment in the church's zone. */
export const churchWallClock = (wall: string, timeZone: string) => DateTime.fromSQL(wall, { zone: timeZone });
