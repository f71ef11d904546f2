import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { paths } from '../../api/schema';
import { SCHEDULES } from '../schedules/api';

type Listing = paths['/api/ministries/ministries/{ministryId}/events']['get']['responses'][200]['content']['application/json'];
export type MinistryEvent = Listing['events'][number];

export const EVENTS = ['events'] as const;

export function useMinistryEvents(ministryId: number | undefined, past: boolean) {
  return useQuery({
    queryKey: [...EVENTS, ministryId, past ? 'past' : 'upcoming'],
    queryFn: async () => ok(api.GET('/api/ministries/ministries/{ministryId}/events', {
      params: { path: { ministryId: String(ministryId) }, query: past ? { past: '1' } : {} },
    })),
    enabled: ministryId !== undefined,
  });
}

/** After a change to events: their list, and the schedules and occurrences that follow them. */
export function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: EVENTS });
    await queryClient.invalidateQueries({ queryKey: SCHEDULES });
  };
}

/** The wall-clock parts of a `YYYY-MM-DD HH:MM:SS` time. */
export const dateOf = (value: string) => value.slice(0, 10);
export const timeOf = (value: string) => value.slice(11, 16);

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The weekday name (as the API reads a weekly series) of a `YYYY-MM-DD` date; undefined for an incomplete date. */
export function weekdayOf(date: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
}
