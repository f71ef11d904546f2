/**
 * Which calendar events a schedule follows (contract §5.1). Titles match exactly, ignoring case only
 * (surrounding white space counts); only active events are followed.
 */

export interface MatchableEvent {
  id: number;
  title: string;
  typeId: number;
  inactive: boolean;
  ministryId: number | null;
  linkedGroupIds: readonly number[];
}

export type ScheduleLink =
  | { mode: 'class'; groupId: number }
  | { mode: 'ministry'; ministryId: number; titleFilter: string }
  | { mode: 'event_type'; eventTypeId: number; titleFilter: string }
  | { mode: 'event'; eventId: number };

export function sameTitle(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function followsEvent(link: ScheduleLink, event: MatchableEvent): boolean {
  if (event.inactive) return false;
  switch (link.mode) {
    case 'class':
      return event.linkedGroupIds.includes(link.groupId);
    case 'ministry':
      return event.ministryId === link.ministryId && sameTitle(event.title, link.titleFilter);
    case 'event_type':
      return event.typeId === link.eventTypeId && sameTitle(event.title, link.titleFilter);
    case 'event':
      return event.id === link.eventId;
  }
}

export function followedEvents<E extends MatchableEvent>(link: ScheduleLink, events: readonly E[]): E[] {
  return events.filter((event) => followsEvent(link, event));
}

/** Core events carry no series id: a series is one title (ignoring case), one type and one set of Linked Groups. */
export function isOneSeries(events: readonly MatchableEvent[]): boolean {
  if (events.length === 0) return true;
  const [first] = events;
  const groups = (event: MatchableEvent) => [...new Set(event.linkedGroupIds)].sort((a, b) => a - b).join(',');
  return events.every((event) => sameTitle(event.title, first.title) && event.typeId === first.typeId && groups(event) === groups(first));
}
