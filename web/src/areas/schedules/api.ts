import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { ApiResponse } from '../../api/types';

export type Schedule = ApiResponse<'/api/ministries/schedules/{scheduleId}'>['schedule'];
export type Requirement = ApiResponse<'/api/ministries/schedules/{scheduleId}/requirements'>['requirements'][number];
export type Team = ApiResponse<'/api/ministries/ministries/{ministryId}/teams'>['teams'][number];
export type Position = ApiResponse<'/api/ministries/ministries/{ministryId}/positions'>['positions'][number];
export type Occurrence = ApiResponse<'/api/ministries/occurrences'>['occurrences'][number];
export type GenerateResult = ApiResponse<'/api/ministries/schedules/{scheduleId}/generate', 'post'>;

/** The schedule pages' query keys; events and auto-fill refresh `all` after changes that schedules follow. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  ofMinistry: (ministryId: number | undefined) => [...scheduleKeys.all, 'ministry', ministryId] as const,
  one: (scheduleId: number) => [...scheduleKeys.all, 'one', scheduleId] as const,
  requirements: (scheduleId: number | undefined) => [...scheduleKeys.all, 'requirements', scheduleId] as const,
  teams: (ministryId: number | undefined) => [...scheduleKeys.all, 'teams', ministryId] as const,
  positions: (ministryId: number | undefined, teamId: number | undefined) => [...scheduleKeys.all, 'positions', ministryId, teamId] as const,
  eventTypes: () => [...scheduleKeys.all, 'event-types'] as const,
  classes: () => [...scheduleKeys.all, 'classes'] as const,
  series: (filter?: object) => (filter ? [...scheduleKeys.all, 'series', filter] as const : [...scheduleKeys.all, 'series'] as const),
  occurrences: (scheduleId: number, from: string, to: string) => [...scheduleKeys.all, 'occurrences', scheduleId, from, to] as const,
  eligible: (scheduleId: number, positionId: string) => [...scheduleKeys.all, 'eligible', scheduleId, positionId] as const,
};
const path = (ministryId: number) => ({ params: { path: { ministryId: String(ministryId) } } });

export function useSchedules(ministryId: number | undefined) {
  return useQuery({
    queryKey: scheduleKeys.ofMinistry(ministryId),
    queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/schedules', path(ministryId!)))).schedules,
    enabled: ministryId !== undefined,
  });
}

export function useSchedule(scheduleId: number) {
  return useQuery({
    queryKey: scheduleKeys.one(scheduleId),
    queryFn: async () => (await ok(api.GET('/api/ministries/schedules/{scheduleId}', { params: { path: { scheduleId: String(scheduleId) } } }))).schedule,
  });
}

export function useRequirements(scheduleId: number | undefined) {
  return useQuery({
    queryKey: scheduleKeys.requirements(scheduleId),
    queryFn: async () => (await ok(api.GET('/api/ministries/schedules/{scheduleId}/requirements', { params: { path: { scheduleId: String(scheduleId) } } }))).requirements,
    enabled: scheduleId !== undefined,
  });
}

export function useTeams(ministryId: number | undefined) {
  return useQuery({
    queryKey: scheduleKeys.teams(ministryId),
    queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/teams', {
      params: { path: { ministryId: String(ministryId) } },
    }))).teams,
    enabled: ministryId !== undefined,
  });
}

export function usePositions(ministryId: number | undefined, teamId: number | undefined) {
  return useQuery({
    queryKey: scheduleKeys.positions(ministryId, teamId),
    queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/positions', {
      params: { path: { ministryId: String(ministryId) }, query: { teamId, active: '1' } },
    }))).positions,
    enabled: ministryId !== undefined && teamId !== undefined,
  });
}

export function useEventTypes() {
  return useQuery({
    queryKey: scheduleKeys.eventTypes(),
    queryFn: async () => ok(api.GET('/api/ministries/event-types')),
    staleTime: 5 * 60_000,
  });
}

export function useClasses() {
  return useQuery({
    queryKey: scheduleKeys.classes(),
    queryFn: async () => (await ok(api.GET('/api/ministries/classes'))).classes,
  });
}

/** Upcoming event titles of a type or of a ministry: what a schedule in those modes can follow. */
export function useSeries(filter: { eventTypeId?: number; ministryId?: number }) {
  return useQuery({
    queryKey: scheduleKeys.series(filter),
    queryFn: async () => (await ok(api.GET('/api/ministries/event-series', { params: { query: filter } }))).series,
    enabled: filter.eventTypeId !== undefined || filter.ministryId !== undefined,
  });
}

/** The occurrences a schedule has attached, from today up to where it generates. */
export function useScheduleOccurrences(schedule: Schedule, today: string) {
  const to = schedule.windowEnd && schedule.windowEnd < schedule.generateThrough ? schedule.windowEnd : schedule.generateThrough;
  return useQuery({
    queryKey: scheduleKeys.occurrences(schedule.id, today, to),
    queryFn: async () => ok(api.GET('/api/ministries/occurrences', { params: { query: { scheduleId: String(schedule.id), from: today, to } } })),
    enabled: to >= today,
  });
}

/** Who may be a need's default volunteer: the people qualified for the position, in rotation order. */
export function useDefaultCandidates(scheduleId: number, positionId: string) {
  return useQuery({
    queryKey: scheduleKeys.eligible(scheduleId, positionId),
    queryFn: async () => (await ok(api.GET('/api/ministries/schedules/{scheduleId}/eligible', {
      params: { path: { scheduleId: String(scheduleId) }, query: { positionId } },
    }))).people,
    enabled: positionId !== '',
  });
}
