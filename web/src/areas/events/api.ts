import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { ApiResponse } from '../../api/types';
import { scheduleKeys } from '../schedules/api';

export type MinistryEvent = ApiResponse<'/api/ministries/ministries/{ministryId}/events'>['events'][number];

export const eventKeys = {
  all: ['events'] as const,
  ofMinistry: (ministryId: number | undefined, past: boolean) => [...eventKeys.all, ministryId, past ? 'past' : 'upcoming'] as const,
};

export function useMinistryEvents(ministryId: number | undefined, past: boolean) {
  return useQuery({
    queryKey: eventKeys.ofMinistry(ministryId, past),
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
    await queryClient.invalidateQueries({ queryKey: eventKeys.all });
    await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
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
