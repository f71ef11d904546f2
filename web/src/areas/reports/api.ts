import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, REFRESH_ON_FOCUS } from '../../api/client';
import type { ApiRequest, ApiResponse } from '../../api/types';

export type Report = ApiResponse<'/api/ministries/ministries/{ministryId}/report'>;
export type ReportWeek = Report['weeks'][number];
export type ReportPerson = Report['people'][number];
export type Glance = ApiResponse<'/api/ministries/ministries/{ministryId}/availability'>;
export type GlancePerson = Glance['people'][number];
export type Household = ApiResponse<'/api/ministries/people/{personId}/household'>;
export type PreferenceBody = ApiRequest<'/api/ministries/people/{personId}/preferences', 'put'>;

/** What a report covers: a ministry or one of its teams, and a range of dates (blank: 8 weeks back to 8 weeks ahead, as the service says). */
export interface ReportFilters {
  ministryId: number;
  teamId?: number;
  from?: string;
  to?: string;
}

export const reportKeys = {
  all: ['reports'] as const,
  report: (filters: ReportFilters) => [...reportKeys.all, 'report', filters] as const,
  glance: (ministryId: number) => [...reportKeys.all, 'availability', ministryId] as const,
  household: (personId: number) => [...reportKeys.all, 'household', personId] as const,
};

export function useReport(filters: ReportFilters | undefined) {
  return useQuery({
    queryKey: reportKeys.report(filters ?? { ministryId: 0 }),
    queryFn: async () => ok(api.GET('/api/ministries/ministries/{ministryId}/report', {
      params: { path: { ministryId: String(filters!.ministryId) }, query: {
        ...(filters!.teamId && { teamId: filters!.teamId }), ...(filters!.from && { from: filters!.from }), ...(filters!.to && { to: filters!.to }),
      } },
    })),
    enabled: filters !== undefined,
    placeholderData: keepPreviousData,
    ...REFRESH_ON_FOCUS,
  });
}

export function useGlance(ministryId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.glance(ministryId ?? 0),
    queryFn: async () => ok(api.GET('/api/ministries/ministries/{ministryId}/availability', { params: { path: { ministryId: String(ministryId) } } })),
    enabled: ministryId !== undefined,
    ...REFRESH_ON_FOCUS,
  });
}

export function useHousehold(personId: number) {
  return useQuery({
    queryKey: reportKeys.household(personId),
    queryFn: async () => ok(api.GET('/api/ministries/people/{personId}/household', { params: { path: { personId: String(personId) } } })),
  });
}

/** A coordinator records limits, or a household rule, for a person without a login; the glance is read again. */
export function useSetLimits(personId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferenceBody) => ok(api.PUT('/api/ministries/people/{personId}/preferences', { params: { path: { personId: String(personId) } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

export function useSetHouseholdRule(personId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { otherPersonId: number; rule: 'together' | 'apart' }) =>
      ok(api.POST('/api/ministries/people/{personId}/household/rules', { params: { path: { personId: String(personId) } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

/** A coordinator removes a household rule of a person without a login; the glance is read again. */
export function useRemoveHouseholdRule(personId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: number) =>
      ok(api.DELETE('/api/ministries/people/{personId}/household/rules/{ruleId}', { params: { path: { personId: String(personId), ruleId: String(ruleId) } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
