import { useQuery } from '@tanstack/react-query';
import { api, isApiError, ok } from './api/client';
import type { Permissions } from './api/types';

export const PERMISSIONS = ['me', 'permissions'] as const;

const NONE: Permissions = { isAdmin: false, isGlobalManager: false, isCoordinator: false, isTeamLeader: false, managedMinistryIds: [], managedTeamIds: [] };

/**
 * The caller's tiers and grants in the volunteer area, or null while the church has the area switched off (the
 * rollout gate answers 403). One call answers both questions below, so a page pays for it once.
 */
async function volunteerArea(): Promise<Permissions | null> {
  try {
    return await ok(api.GET('/api/me/permissions'));
  } catch (error) {
    if (isApiError(error, 403)) return null;
    throw error;
  }
}

/** Whether the church has switched volunteer scheduling on. */
export function useVolunteerAreaEnabled() {
  return useQuery({ queryKey: PERMISSIONS, queryFn: volunteerArea, select: (area) => area !== null, staleTime: 5 * 60_000 });
}

/** The caller's tiers and grants in the volunteer area; none while it is switched off. */
export function usePermissions() {
  return useQuery({ queryKey: PERMISSIONS, queryFn: volunteerArea, select: (area) => area ?? NONE, staleTime: 5 * 60_000 });
}

/** Whether the caller runs any part of the rota (and so sees the coordinator's workspace). */
export const managesAnything = (permissions: Permissions) =>
  permissions.isAdmin || permissions.isGlobalManager || permissions.isCoordinator || permissions.isTeamLeader;
