import { ICalCalendarMethod } from 'ical-generator';
import { churchCalendar, churchWallClock } from '../../public/church-calendar.js';
import type { MailFacts, Wording } from './facts.js';

/**
 * The assignment request's calendar invitation: one event at the shift's hours in the church's zone, with the same
 * UID as the person's schedule feed gives it, so a calendar that has both shows it once.
 *
 * METHOD:PUBLISH, not REQUEST: a REQUEST needs an ORGANIZER and makes Gmail, Outlook and iOS Mail show RSVP buttons
 * that mail an iTIP reply to the organizer's address, which records nothing here (the answer is the mail's Accept /
 * Decline link). A PUBLISH is offered as "Add to calendar" by the same clients, with one tap.
 */
export function shiftInvitation(facts: MailFacts, wording: Wording, stamp: Date): string {
  const calendar = churchCalendar(wording.calendar.summary(facts), facts.timeZone, facts.churchName);
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: `assignment-${facts.assignmentId}`,
    stamp,
    start: churchWallClock(facts.start!, facts.timeZone),
    end: churchWallClock(facts.end!, facts.timeZone),
    timezone: facts.timeZone,
    summary: wording.calendar.summary(facts),
    description: wording.calendar.description(facts) || undefined,
    location: facts.churchName,
    url: facts.answerLink ?? (facts.serviceUrl ? `${facts.serviceUrl}/portal/volunteer/schedule` : undefined),
  });
  return calendar.toString();
}
