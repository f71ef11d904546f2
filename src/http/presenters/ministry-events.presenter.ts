import type { EventsService } from '../../domain/events/events.service.js';
import type { EditedMinistryEventView } from '../schemas/ministry-events.schemas.js';

/** §6.5's answer: the event as edited, with its pins and Linked Groups. */
export function presentEditedMinistryEvent(details: Awaited<ReturnType<EventsService['getEvent']>>): EditedMinistryEventView {
  return {
    event: {
      id: details.event.id,
      title: details.event.title,
      start: details.event.start_at,
      end: details.event.end_at,
      eventTypeId: details.event.type_id,
      inactive: details.event.inactive,
      calendars: details.calendars,
      linkedGroups: details.groups,
    },
  };
}
