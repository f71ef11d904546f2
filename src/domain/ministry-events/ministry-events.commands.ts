/** E2's 400s for rows that do not exist: the edge refuses what can name no row, the service what names none. */
export const E2_MESSAGES = {
  unknownType: 'Choose an existing event type',
  unknownCalendar: 'One of the calendars does not exist',
  unknownGroup: 'The class does not exist',
};

/**
 * E2 and the event edit (§6.2, §6.5) as the edge reads them. The contract puts lookups between the fields (the
 * title, then whether the type exists, the times and description, whether the class and calendars exist and the
 * calendar rule's 403, then the dates), so a field is read when the service first asks for it: reading a
 * property throws that field's 400, and no later field can overtake an earlier lookup.
 */
export interface NewMinistryEventCommand {
  readonly title: string;
  /** An id; whether the type exists is the service's lookup. */
  readonly eventTypeId: number;
  /** `HH:MM:SS` each, the end after the start. */
  readonly times: { readonly start: string; readonly end: string };
  readonly description: string | undefined;
  /** null: no Linked Group. */
  readonly linkedGroupId: number | null;
  /** Distinct ids; undefined: the ministry's own calendar. */
  readonly calendarIds: readonly number[] | undefined;
  /** `YYYY-MM-DD`: the one date, or every date of the series. */
  readonly dates: readonly string[];
}

/** §6.5: a field left out (undefined) stays; read in the same order as E2's. */
export interface MinistryEventChangesCommand {
  readonly title: string | undefined;
  /** null clears it. */
  readonly description: string | null | undefined;
  readonly date: string | undefined;
  /** `HH:MM:SS` */
  readonly startTime: string | undefined;
  readonly endTime: string | undefined;
  /** null removes the Linked Group. */
  readonly linkedGroupId: number | null | undefined;
  readonly calendarIds: readonly number[] | undefined;
  readonly active: boolean | undefined;
}

/** E1's window: a year ahead, or with `past` the year before; `from` and `to` are dates (YYYY-MM-DD). */
export interface MinistryEventWindow {
  past: boolean;
  from?: string;
  to?: string;
}
