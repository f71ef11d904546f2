/** The queries of the editors' lookups (contract §5.6), dates read (`YYYY-MM-DD`); a date left out is today. */

/** At least one of the type and the ministry. */
export interface EventSeriesQuery {
  eventTypeId?: number;
  ministryId?: number;
  from?: string;
}

export interface ClassesQuery {
  from?: string;
}

export interface UpcomingEventsQuery {
  q?: string;
  from?: string;
  to?: string;
  teamId?: number;
}
