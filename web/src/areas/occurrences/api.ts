import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, REFRESH_ON_FOCUS } from '../../api/client';
import type { ApiResponse } from '../../api/types';
import { dashboardKeys } from '../dashboard/api';

export type OccurrenceRow = ApiResponse<'/api/ministries/occurrences'>['occurrences'][number];
export type Staffing = ApiResponse<'/api/ministries/occurrences/{occurrenceId}/staffing'>;
export type StaffingRequirement = Staffing['requirements'][number];
export type StaffingAssignment = StaffingRequirement['assignments'][number];
export type EligibleRow = ApiResponse<'/api/ministries/occurrences/{occurrenceId}/eligible'>['people'][number];
export type NeedsEditor = ApiResponse<'/api/ministries/occurrences/{occurrenceId}/requirements'>;
export type Scope = ApiResponse<'/api/ministries/dashboard'>['scope'];

/** The occurrence pages' query keys; auto-fill refreshes `all` after a commit or an undo. */
export const occurrenceKeys = {
  all: ['occurrences'] as const,
  scope: () => [...occurrenceKeys.all, 'scope'] as const,
  list: (filters: object) => [...occurrenceKeys.all, 'list', filters] as const,
  teamSchedules: (teamId: string | undefined) => [...occurrenceKeys.all, 'schedules', teamId] as const,
  staffing: (occurrenceId: string) => [...occurrenceKeys.all, 'staffing', occurrenceId] as const,
  eligible: (occurrenceId: string, positionId: string, name: string) => [...occurrenceKeys.all, 'eligible', occurrenceId, positionId, name] as const,
  needs: (occurrenceId: string) => [...occurrenceKeys.all, 'needs', occurrenceId] as const,
  assignment: (assignmentId: number) => [...occurrenceKeys.all, 'assignment', assignmentId] as const,
};

/**
 * The ministries and teams the reader may navigate to, with their names: the dashboard's scope block is the
 * one answer that names them for a team leader too (the ministry routes are for coordinators).
 */
export function useScope() {
  return useQuery({
    queryKey: occurrenceKeys.scope(),
    queryFn: async () => (await ok(api.GET('/api/ministries/dashboard', { params: { query: { days: '1' } } }))).scope,
    staleTime: 5 * 60_000,
  });
}

/** "Ministry · Team" for an occurrence, from the scope block; blank until it has loaded. */
export function teamLabel(scope: Scope | undefined, teamId: number): string {
  const team = scope?.teams.find((candidate) => candidate.id === teamId);
  return team ? `${team.ministryName} · ${team.name}` : '';
}

export function useOccurrences(filters: Record<string, string | undefined>) {
  return useQuery({
    queryKey: occurrenceKeys.list(filters),
    queryFn: async () => ok(api.GET('/api/ministries/occurrences', { params: { query: filters } })),
    ...REFRESH_ON_FOCUS,
  });
}

/** A team's schedules: the team's route is open to its leaders as well as to the ministry's coordinators. */
export function useTeamSchedules(teamId: string | undefined) {
  return useQuery({
    queryKey: occurrenceKeys.teamSchedules(teamId),
    queryFn: async () => (await ok(api.GET('/api/ministries/teams/{teamId}/schedules', { params: { path: { teamId: teamId! } } }))).schedules,
    enabled: Boolean(teamId),
  });
}

export function useStaffing(occurrenceId: string) {
  return useQuery({
    queryKey: occurrenceKeys.staffing(occurrenceId),
    queryFn: async () => ok(api.GET('/api/ministries/occurrences/{occurrenceId}/staffing', { params: { path: { occurrenceId } } })),
    ...REFRESH_ON_FOCUS,
  });
}

export function useEligible(occurrenceId: string, positionId: string, name: string) {
  return useQuery({
    queryKey: occurrenceKeys.eligible(occurrenceId, positionId, name),
    queryFn: async () => (await ok(api.GET('/api/ministries/occurrences/{occurrenceId}/eligible', {
      params: { path: { occurrenceId }, query: { positionId, ...(name && { q: name }) } },
    }))).people,
    ...REFRESH_ON_FOCUS,
  });
}

export function useNeeds(occurrenceId: string) {
  return useQuery({
    queryKey: occurrenceKeys.needs(occurrenceId),
    queryFn: async () => ok(api.GET('/api/ministries/occurrences/{occurrenceId}/requirements', { params: { path: { occurrenceId } } })),
  });
}

export function useAssignment(assignmentId: number) {
  return useQuery({
    queryKey: occurrenceKeys.assignment(assignmentId),
    queryFn: async () => ok(api.GET('/api/ministries/assignments/{assignmentId}', { params: { path: { assignmentId: String(assignmentId) } } })),
  });
}

/** After a change to who serves: every occurrence figure and the dashboard's panels are read again. */
export function useRefreshStaffing() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: occurrenceKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
