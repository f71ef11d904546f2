/** The occurrence list's query (§5.5), read at the edge: a window of real dates, ids and a gap filter. */
export interface OccurrenceListQuery {
  from: string;
  to: string;
  ministryId?: number;
  teamId?: number;
  scheduleId?: number;
  status?: 'scheduled' | 'cancelled';
  text?: string;
  hasGaps: boolean;
}

/** Ids are PostgreSQL integers: a larger one names no row (and must not reach the database). */
export const MAX_ID = 2147483647;

/** Who may fill a position on an occurrence or a schedule: the position by its id, an optional name filter. */
export interface EligibleQuery {
  positionId: number;
  nameFilter?: string;
}
