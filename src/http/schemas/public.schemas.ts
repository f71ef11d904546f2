import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

/** The answers of the public calendar feeds and the member's feed settings (contract §14.5, §14.6, §15.8). */

const I = Type.Integer();
const S = Type.String();

/** An event of a public calendar, with the reference system's names. */
export const PublicEvent = Type.Object({
  Id: I, Title: S, Desc: Nullable(S), Text: Nullable(S), Start: S, End: S, Type: I, TypeName: Nullable(S), MinistryId: Nullable(I),
});
export type PublicEventView = Static<typeof PublicEvent>;

/** A FullCalendar event object: ISO 8601 times with the church zone's offset; the description as plain text. */
export const FullCalendarEvent = Type.Object({
  id: I, title: S, start: S, end: S, allDay: Type.Boolean(),
  extendedProps: Type.Object({ description: S, eventTypeId: I, eventTypeName: Nullable(S) }),
});
export type FullCalendarEventView = Static<typeof FullCalendarEvent>;

export const CalendarFeed = Type.Object({ calendarIds: Type.Array(I), systemCalendarIds: Type.Array(I), token: Nullable(S), path: Nullable(S) });
export type CalendarFeedView = Static<typeof CalendarFeed>;

export const ScheduleFeed = Type.Object({
  url: Nullable(Type.String({ description: 'The feed address; null when the feed exists but its address was shown before (reset for a new one)' })),
  hasFeed: Type.Boolean(),
});
export type ScheduleFeedView = Static<typeof ScheduleFeed>;
