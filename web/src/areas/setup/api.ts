import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ok } from '../../api/client';
import type { ApiResponse } from '../../api/types';
import { MINISTRIES } from '../../components/workspace';
import { usePermissions } from '../../permissions';

export type Summary = ApiResponse<'/api/ministries/ministries/{ministryId}/summary'>['summary'];
export type Team = ApiResponse<'/api/ministries/ministries/{ministryId}/teams'>['teams'][number];
export type Position = ApiResponse<'/api/ministries/ministries/{ministryId}/positions'>['positions'][number];
export type Pool = ApiResponse<'/api/ministries/ministries/{ministryId}/pool'>;
export type Matrix = ApiResponse<'/api/ministries/ministries/{ministryId}/qualification-matrix'>;
export type PoolPerson = Matrix['people'][number];
export type Scope = ApiResponse<'/api/ministries/scopes'>['scopes'][number];

export type Part = 'summary' | 'teams' | 'positions' | 'pool' | 'matrix';

export const setupKeys = {
  /** Every query of one ministry's setup starts with this key, so one invalidation reaches them all. */
  ministry: (ministryId: number) => ['setup', 'ministry', ministryId] as const,
  part: (ministryId: number, part: Part) => [...setupKeys.ministry(ministryId), part] as const,
  scopes: () => ['setup', 'scopes'] as const,
};

type MinistryPath = { params: { path: { ministryId: string } } };

function usePart<T>(ministryId: number, part: Part, read: (path: MinistryPath) => Promise<T>) {
  return useQuery({ queryKey: setupKeys.part(ministryId, part), queryFn: () => read({ params: { path: { ministryId: String(ministryId) } } }) });
}

export const useSummary = (ministryId: number) =>
  usePart(ministryId, 'summary', async (path) => (await ok(api.GET('/api/ministries/ministries/{ministryId}/summary', path))).summary);
export const useTeams = (ministryId: number) =>
  usePart(ministryId, 'teams', async (path) => (await ok(api.GET('/api/ministries/ministries/{ministryId}/teams', path))).teams);
export const usePositions = (ministryId: number) =>
  usePart(ministryId, 'positions', async (path) => (await ok(api.GET('/api/ministries/ministries/{ministryId}/positions', path))).positions);
export const usePool = (ministryId: number) =>
  usePart(ministryId, 'pool', async (path) => (await ok(api.GET('/api/ministries/ministries/{ministryId}/pool', path))).members);
export const useMatrix = (ministryId: number) =>
  usePart(ministryId, 'matrix', (path) => ok(api.GET('/api/ministries/ministries/{ministryId}/qualification-matrix', path)));

/** Every scope grant; the page picks the ones on this ministry and its teams. Managers only (the API refuses others). */
export function useScopes() {
  return useQuery({
    queryKey: setupKeys.scopes(),
    queryFn: async () => (await ok(api.GET('/api/ministries/scopes'))).scopes,
  });
}

/** Creating ministries and granting scopes are for administrators and global volunteer managers. */
export function useIsManager() {
  const permissions = usePermissions();
  return Boolean(permissions.data && (permissions.data.isAdmin || permissions.data.isGlobalManager));
}

export function refreshParts(queryClient: QueryClient, ministryId: number, parts: Part[]) {
  return Promise.all(parts.map((part) => queryClient.invalidateQueries({ queryKey: setupKeys.part(ministryId, part) })));
}

/**
 * After a change to teams or positions: everything on the ministry's page may show it, and so may the
 * ministries list (its team and position counts).
 */
export function useRefreshMinistry(ministryId: number) {
  const queryClient = useQueryClient();
  return useCallback(() => Promise.all([
    queryClient.invalidateQueries({ queryKey: setupKeys.ministry(ministryId) }),
    queryClient.invalidateQueries({ queryKey: MINISTRIES }),
  ]), [queryClient, ministryId]);
}
