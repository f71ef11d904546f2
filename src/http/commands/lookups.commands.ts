import { optionalDate } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import type { ClassesQuery, EventSeriesQuery, UpcomingEventsQuery } from '../../domain/ministry-events/lookups.commands.js';

/** The lookups' query strings (contract §5.6); a malformed date answers `Dates must be in YYYY-MM-DD form`. */

export function parseEventSeriesQuery(query: { eventTypeId?: number; ministryId?: number; from?: string }): EventSeriesQuery {
  if (query.eventTypeId === undefined && query.ministryId === undefined) throw invalid('Choose an event type or a ministry');
  return { eventTypeId: query.eventTypeId, ministryId: query.ministryId, from: optionalDate(query.from) };
}

export function parseClassesQuery(query: { from?: string }): ClassesQuery {
  return { from: optionalDate(query.from) };
}

/** The window must not end before it starts; a blank search is none. */
export function parseUpcomingEventsQuery(query: { q?: string; from?: string; to?: string; teamId?: number }): UpcomingEventsQuery {
  const from = optionalDate(query.from);
  const to = optionalDate(query.to);
  if (from && to && to < from) throw invalid('The window ends before it starts');
  return { q: query.q?.trim() || undefined, from, to, teamId: query.teamId };
}
