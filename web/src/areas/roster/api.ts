import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok, REFRESH_ON_FOCUS } from '../../api/client';
import type { ApiResponse } from '../../api/types';

export type Roster = ApiResponse<'/api/ministries/ministries/{ministryId}/roster'>;
export type RosterCell = Roster['cells'][number];
export type RosterOccurrence = Roster['occurrences'][number];
export type RosterPosition = Roster['positions'][number];
export type RosterAnswer = RosterCell['people'][number]['status'];

/** What the roster shows: a ministry, maybe one of its teams, and a range of dates. */
export interface RosterFilters {
  ministryId: number;
  teamId?: number;
  from: string;
  to: string;
}

/**
 * The roster's query keys live under the occurrence pages' (`['occurrences']`), so whatever changes who serves (an
 * assign from a cell, an auto-fill commit or undo) reads the roster again with them.
 */
export const rosterKeys = {
  all: ['occurrences', 'roster'] as const,
  roster: (filters: RosterFilters) => [...rosterKeys.all, filters] as const,
};

export function useRoster(filters: RosterFilters | undefined) {
  return useQuery({
    queryKey: rosterKeys.roster(filters ?? { ministryId: 0, from: '', to: '' }),
    queryFn: async () => ok(api.GET('/api/ministries/ministries/{ministryId}/roster', {
      params: { path: { ministryId: String(filters!.ministryId) }, query: { from: filters!.from, to: filters!.to, ...(filters!.teamId && { teamId: filters!.teamId }) } },
    })),
    enabled: filters !== undefined,
    placeholderData: keepPreviousData,
    ...REFRESH_ON_FOCUS,
  });
}

/** The address of the roster as CSV or iCalendar, for a download link. */
export function rosterFile(filters: RosterFilters, kind: 'csv' | 'ics'): string {
  const query = new URLSearchParams({ from: filters.from, to: filters.to, ...(filters.teamId && { teamId: String(filters.teamId) }) });
  return `/api/ministries/ministries/${filters.ministryId}/roster.${kind}?${query}`;
}
