import { useQuery } from '@tanstack/react-query';
import { api, isApiError, ok } from './api/client';
import type { Permissions } from './api/types';

export const PERMISSIONS = ['me', 'permissions'] as const;

const NONE: Permissions = { isAdmin: false, isGlobalManager: false, isCoordinator: false, isTeamLeader: false, managedMinistryIds: [], managedTeamIds: [] };

/** The caller's tiers and grants in the volunteer area; none while the church has it switched off. */
export function usePermissions() {
  return useQuery({
    queryKey: PERMISSIONS,
    queryFn: async () => {
      try {
        return await ok(api.GET('/api/me/permissions'));
      } catch (error) {
        if (isApiError(error, 403)) return NONE;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Whether the caller runs any part of the rota (and so sees the coordinator's workspace). */
export const managesAnything = (permissions: Permissions) =>
  permissions.isAdmin || permissions.isGlobalManager || permissions.isCoordinator || permissions.isTeamLeader;
