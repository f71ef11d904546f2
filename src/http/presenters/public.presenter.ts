import type { EventRow } from '../../db/schema.js';
import type { PortalCalendarRef } from '../../domain/calendars/calendars.service.js';
import { isoWithOffset } from '../../domain/clock.js';
import { htmlToSafeText } from '../../domain/public/calendar-feeds.service.js';
import type { CalendarFeedView, FullCalendarEventView, PublicEventView } from '../schemas/public.schemas.js';

type FeedEvent = EventRow & { type_name: string | null };

export function presentPublicEvent(event: FeedEvent): PublicEventView {
  return {
    Id: event.id, Title: event.title, Desc: event.description, Text: event.text, Start: event.start_at, End: event.end_at,
    Type: event.type_id, TypeName: event.type_name, MinistryId: event.event_ministry_id,
  };
}

/** FullCalendar objects: ISO 8601 with the zone offset for timed events. */
export function presentFullCalendar({ events, timeZone }: { events: FeedEvent[]; timeZone: string }): FullCalendarEventView[] {
  return events.map((event) => ({
    id: event.id,
    title: event.title,
    start: isoWithOffset(event.start_at, timeZone),
    end: isoWithOffset(event.end_at, timeZone),
    allDay: false,
    extendedProps: { description: htmlToSafeText(event.description ?? event.text), eventTypeId: event.type_id, eventTypeName: event.type_name },
  }));
}

/** The member's feed settings, with the feed's path once it has a token. */
export function presentCalendarFeed({ selection, token }: { selection: PortalCalendarRef[]; token: string | null }): CalendarFeedView {
  return {
    calendarIds: selection.filter((r) => r.type === 'calendar').map((r) => r.id),
    systemCalendarIds: selection.filter((r) => r.type === 'system').map((r) => r.id),
    token,
    path: token === null ? null : `/api/public/portal-calendar/${token}/calendar.ics`,
  };
}
