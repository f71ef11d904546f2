import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, ApiError, ok } from '../../api/client';
import type { paths } from '../../api/schema';
import { useMinistries } from '../../components/workspace';

type Answer<P extends keyof paths> = paths[P]['get'] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

export type Schedule = Answer<'/api/ministries/schedules/{scheduleId}'>['schedule'];
export type Requirement = Answer<'/api/ministries/schedules/{scheduleId}/requirements'>['requirements'][number];
export type Team = Answer<'/api/ministries/ministries/{ministryId}/teams'>['teams'][number];
export type Position = Answer<'/api/ministries/ministries/{ministryId}/positions'>['positions'][number];
export type Occurrence = Answer<'/api/ministries/occurrences'>['occurrences'][number];
export type GenerateResult = NonNullable<paths['/api/ministries/schedules/{scheduleId}/generate']['post']['responses'][200]['content']['application/json']>;

export const SCHEDULES = ['schedules'] as const;
const path = (ministryId: number) => ({ params: { path: { ministryId: String(ministryId) } } });

/**
 * The ministry the page works on, kept in the address (`?ministryId=`) so a reload or a shared link keeps it;
 * without one, the reader's first ministry.
 */
export function useMinistryParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const ministries = useMinistries();
  const asked = Number(params.get('ministryId'));
  const chosen = asked > 0 ? asked : ministries.data?.[0]?.id;
  return [chosen, (id) => setParams(id ? { ministryId: String(id) } : {}, { replace: true })];
}

export function useSchedules(ministryId: number | undefined) {
  return useQuery({
    queryKey: [...SCHEDULES, 'ministry', ministryId],
    queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/schedules', path(ministryId!)))).schedules,
    enabled: ministryId !== undefined,
  });
}

export function useSchedule(scheduleId: number) {
  return useQuery({
    queryKey: [...SCHEDULES, 'one', scheduleId],
    queryFn: async () => (await ok(api.GET('/api/ministries/schedules/{scheduleId}', { params: { path: { scheduleId: String(scheduleId) } } }))).schedule,
  });
}

export function useRequirements(scheduleId: number | undefined) {
  return useQuery({
    queryKey: [...SCHEDULES, 'requirements', scheduleId],
    queryFn: async () => (await ok(api.GET('/api/ministries/schedules/{scheduleId}/requirements', { params: { path: { scheduleId: String(scheduleId) } } }))).requirements,
    enabled: scheduleId !== undefined,
  });
}

export function useTeams(ministryId: number | undefined) {
  return useQuery({
    queryKey: [...SCHEDULES, 'teams', ministryId],
    queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/teams', {
      params: { path: { ministryId: String(ministryId) } },
    }))).teams,
    enabled: ministryId !== undefined,
  });
}

export function usePositions(ministryId: number | undefined, teamId: number | undefined) {
  return useQuery({
    queryKey: [...SCHEDULES, 'positions', ministryId, teamId],
    queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/positions', {
      params: { path: { ministryId: String(ministryId) }, query: { teamId, active: '1' } },
    }))).positions,
    enabled: ministryId !== undefined && teamId !== undefined,
  });
}

export function useEventTypes() {
  return useQuery({
    queryKey: [...SCHEDULES, 'event-types'],
    queryFn: async () => ok(api.GET('/api/ministries/event-types')),
    staleTime: 5 * 60_000,
  });
}

export function useClasses() {
  return useQuery({
    queryKey: [...SCHEDULES, 'classes'],
    queryFn: async () => (await ok(api.GET('/api/ministries/classes'))).classes,
  });
}

/** Upcoming event titles of a type or of a ministry: what a schedule in those modes can follow. */
export function useSeries(filter: { eventTypeId?: number; ministryId?: number }) {
  return useQuery({
    queryKey: [...SCHEDULES, 'series', filter],
    queryFn: async () => (await ok(api.GET('/api/ministries/event-series', { params: { query: filter } }))).series,
    enabled: filter.eventTypeId !== undefined || filter.ministryId !== undefined,
  });
}

/** The occurrences a schedule has attached, from today up to where it generates. */
export function useScheduleOccurrences(schedule: Schedule, today: string) {
  const to = schedule.windowEnd && schedule.windowEnd < schedule.generateThrough ? schedule.windowEnd : schedule.generateThrough;
  return useQuery({
    queryKey: [...SCHEDULES, 'occurrences', schedule.id, today, to],
    queryFn: async () => ok(api.GET('/api/ministries/occurrences', { params: { query: { scheduleId: String(schedule.id), from: today, to } } })),
    enabled: to >= today,
  });
}

/** Today's date as `YYYY-MM-DD` on the reader's clock. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Which field a refusal is about, from the service's message; `undefined` when it names none. */
export function fieldOf<F extends string>(error: unknown, rules: ReadonlyArray<readonly [RegExp, F]>): F | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return rules.find(([pattern]) => pattern.test(error.message))?.[1];
}
