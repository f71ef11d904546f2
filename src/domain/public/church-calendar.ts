import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';

/**
 * ical-generator escapes an event's text but writes the calendar's name (NAME, X-WR-CALNAME) and PRODID as given, so a
 * line break in a team's or the church's name would start a line of its own: an event or a property in the file.
 */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** A calendar's name as RFC 5545 TEXT (§3.3.11): backslash, semicolon and comma escaped, a line break as `\n`. */
const calendarText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/**
 * An empty iCalendar whose times are the church's wall clock with its zone (TZID) and the zone's rules
 * (VTIMEZONE), so that a subscriber anywhere sees a 10:00 service at 10:00 church time, whatever the server's
 * own zone is. Give each event `timezone` and times from `churchWallClock`.
 *
 * The zone is given to the events, not to the calendar: ical-generator writes every date-time of a calendar with a
 * zone in that zone without a `Z`, DTSTAMP included, which RFC 5545 (§3.8.7.2) requires in UTC. Calendar clients
 * read the calendar's zone from X-WR-TIMEZONE.
 */
export function churchCalendar(name: string, timeZone: string, churchName: string): ICalCalendar {
  const calendar = ical({
    name: calendarText(name),
    prodId: { company: oneLine(churchName) || 'Church', product: 'Volunteer Ministry Service' },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.x('X-WR-TIMEZONE', timeZone);
  return calendar;
}

/** A stored wall-clock time (`YYYY-MM-DD HH:MM:SS`) as that moment in the church's zone. */
export const churchWallClock = (wall: string, timeZone: string) => DateTime.fromSQL(wall, { zone: timeZone });
