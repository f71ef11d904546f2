import type { Recurrence } from './recurrence.js';

/** Calendar events as the edge hands them over: ids, wall-clock times and booleans already read (contract §15.4). */

export interface NewEventsCommand {
  title: string;
  typeId: number;
  description?: string | null;
  text?: string | null;
  /** One event per slot; wall-clock `YYYY-MM-DD HH:MM:SS`. */
  slots: Array<{ start: string; end: string }>;
  calendarIds: number[];
  linkedGroupIds: number[];
  inactive?: boolean;
  /** The owning ministry (`event_ministry_id`). */
  ministryId?: number | null;
}

/** A change of an event; a field left out stays. */
export interface EventChangesCommand {
  title?: string;
  typeId?: number;
  description?: string | null;
  text?: string | null;
  start?: string;
  end?: string;
  calendarIds?: number[];
  linkedGroupIds?: number[];
  inactive?: boolean;
  /** null clears the owning ministry. */
  ministryId?: number | null;
}

export interface NewSeriesCommand extends Omit<NewEventsCommand, 'slots'> {
  recurrence: Recurrence;
  rangeStart: string;
  rangeEnd: string;
  /** `HH:MM:SS` */
  startTime: string;
  endTime: string;
  skipExisting?: boolean;
}

export interface NewEventTypeCommand {
  name: string;
  /** `HH:MM:SS`, or null for none. */
  defStartTime?: string | null;
  /** True when left out. */
  active?: boolean;
}

/** A change of an event type; a field left out stays. */
export interface EventTypeChangesCommand {
  name?: string;
  defStartTime?: string | null;
  active?: boolean;
}
