import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import type { paths } from '../../api/schema';
import { formatDate, formatTimes } from '../../format';
import { DASHBOARD } from '../dashboard/keys';

type Json<P extends keyof paths, M extends 'get' | 'post'> =
  paths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

export type OccurrenceRow = Json<'/api/ministries/occurrences', 'get'>['occurrences'][number];
export type Staffing = Json<'/api/ministries/occurrences/{occurrenceId}/staffing', 'get'>;
export type StaffingRequirement = Staffing['requirements'][number];
export type StaffingAssignment = StaffingRequirement['assignments'][number];
export type EligibleRow = Json<'/api/ministries/occurrences/{occurrenceId}/eligible', 'get'>['people'][number];
export type NeedsEditor = Json<'/api/ministries/occurrences/{occurrenceId}/requirements', 'get'>;
export type Scope = Json<'/api/ministries/dashboard', 'get'>['scope'];

export const OCCURRENCES = ['occurrences'] as const;

/** The address of an occurrence's page, which the dashboard links to as well. */
export const occurrencePath = (occurrenceId: number) => `/ministries/occurrences/${occurrenceId}`;

/**
 * The ministries and teams the reader may navigate to, with their names: the dashboard's scope block is the
 * one answer that names them for a team leader too (the ministry routes are for coordinators).
 */
export function useScope() {
  return useQuery({
    queryKey: [...OCCURRENCES, 'scope'],
    queryFn: async () => (await ok(api.GET('/api/ministries/dashboard', { params: { query: { days: '1' } } }))).scope,
    staleTime: 5 * 60_000,
  });
}

/** "Ministry · Team" for an occurrence, from the scope block; blank until it has loaded. */
export function teamLabel(scope: Scope | undefined, teamId: number): string {
  const team = scope?.teams.find((candidate) => candidate.id === teamId);
  return team ? `${team.ministryName} · ${team.name}` : '';
}

/** An occurrence's date and its times, as the church's wall clock. */
export function When({ start, end }: { start: string; end: string }) {
  const { i18n } = useTranslation();
  return (
    <>
      <span className="nowrap">{formatDate(start, i18n.language)}</span>{' '}
      <span className="nowrap muted">{formatTimes(start, end, i18n.language)}</span>
    </>
  );
}

/** A wall-clock moment (`YYYY-MM-DD HH:MM:SS`) as a date and a time. */
export function Moment({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <span className="nowrap">{formatDate(value, i18n.language)} {formatTimes(value, value, i18n.language)}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`occurrences.status.${status}`, { defaultValue: status })}</span>;
}

/** After a change to who serves: every occurrence figure and the dashboard's panels are read again. */
export function useRefreshStaffing() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: OCCURRENCES }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD }),
  ]);
}
