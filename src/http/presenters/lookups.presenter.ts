import type { EventTypeRow } from '../../db/schema.js';
import type { LookupsService } from '../../domain/ministry-events/lookups.service.js';
import type { ClassLookupView, EventSeriesLookupView, EventTypeLookupView, UpcomingEventLookupView } from '../schemas/ministry-events.schemas.js';

type Answer<M extends keyof LookupsService> = LookupsService[M] extends (...args: never[]) => Promise<infer R> ? R : never;

export function presentEventTypeLookup({ types, defaultType }: { types: EventTypeRow[]; defaultType: EventTypeRow | undefined }): EventTypeLookupView {
  return { eventTypes: types.map((type) => ({ id: type.id, name: type.name })), defaultEventTypeId: defaultType?.id ?? null };
}

export function presentEventSeriesLookup(rows: Answer<'series'>): EventSeriesLookupView {
  return { series: rows.map((row) => ({ title: row.title, nextStart: row.next_start, count: row.count })) };
}

/** A class is a Sunday School class when its group type is 4. */
export function presentClassLookup(rows: Answer<'classes'>): ClassLookupView {
  return { classes: rows.map((row) => ({ groupId: row.id, name: row.name, sundaySchool: row.type === 4, upcomingCount: row.upcoming_count, nextStart: row.next_start })) };
}

export function presentUpcomingEventLookup({ events, staffed }: Answer<'upcomingEvents'>): UpcomingEventLookupView {
  return {
    events: events.map((row) => ({
      id: row.id, title: row.title, start: row.start_at, end: row.end_at, eventTypeId: row.type_id, eventTypeName: row.type_name, staffedByTeam: staffed.has(row.id),
    })),
  };
}
