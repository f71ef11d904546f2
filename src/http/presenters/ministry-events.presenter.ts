import type { EventsService } from '../../domain/events/events.service.js';
import type { MinistryEventsService } from '../../domain/ministry-events/ministry-events.service.js';
import type { EventRow } from '../../db/schema.js';
import type { CreatedMinistryEventsView, EditedMinistryEventView, MinistryEventListView, MinistryEventView, StaffedSchedulesView } from '../schemas/ministry-events.schemas.js';
import { presentWithSchedule } from './schedules.presenter.js';

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

type MinistryEventList = Awaited<ReturnType<MinistryEventsService['list']>>;
type TeamStaffing = MinistryEventList['events'][number]['staffing'][number];

/** A team's staffing of an event in one word: no needs yet, a gap, filled only with answers pending, or filled. */
function staffingStatus({ requirementCount, gapCount, liveCount, pendingCount, requiredCount }: TeamStaffing['figures']): MinistryEventView['staffing'][number]['status'] {
  if (requirementCount === 0) return 'unplanned';
  if (gapCount > 0) return 'gap';
  return liveCount - pendingCount < requiredCount ? 'pending' : 'filled';
}

const named = ({ id, name }: { id: number; name: string }) => ({ id, name });

/** E1: the ministry's events with their pins, Linked Groups, headcount and staffing per team. */
export function presentMinistryEventList(list: MinistryEventList): MinistryEventListView {
  return {
    events: list.events.map(({ event, calendars, linkedGroups, headcountTotal, otherStaffing, staffing }) => ({
      id: event.id,
      title: event.title,
      start: event.start_at,
      end: event.end_at,
      eventTypeId: event.type_id,
      eventTypeName: event.type_name,
      inactive: event.inactive,
      calendars: calendars.map(named),
      linkedGroups: linkedGroups.map(named),
      headcount: { recorded: headcountTotal !== undefined, total: headcountTotal ?? 0 },
      otherStaffing: otherStaffing.map((o) => ({ ministryId: o.ministry_id, ministryName: o.ministry_name, assigned: o.assigned })),
      staffing: staffing.map(({ teamId, teamName, occurrenceIds, figures }) => ({
        teamId,
        teamName,
        occurrenceIds,
        needed: figures.requiredCount,
        filled: figures.filledCount,
        pending: figures.pendingCount,
        gap: figures.gapCount,
        openCount: figures.openCount,
        capacity: figures.capacity,
        requirementCount: figures.requirementCount,
        status: staffingStatus(figures),
      })),
    })),
    from: list.from,
    to: list.to,
    past: list.past,
    limit: list.limit,
    capped: list.capped,
  };
}

/** E2's answer: the events made, soonest first. */
export function presentCreatedMinistryEvents(events: EventRow[]): CreatedMinistryEventsView {
  return { events: events.map((e) => ({ id: e.id, title: e.title, start: e.start_at, end: e.end_at })) };
}

/** E3: each schedule that follows the events, whether its window widened, and what its run made. */
export const presentStaffedSchedules = ({ schedules }: Awaited<ReturnType<MinistryEventsService['staff']>>): StaffedSchedulesView => ({ schedules: schedules.map(presentWithSchedule) });
