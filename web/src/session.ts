import { useQuery } from '@tanstack/react-query';
import { api, isApiError, ok } from './api/client';

export const CURRENT_USER = ['current-user'] as const;

/** The signed-in user, or null when the browser holds no working sign-in. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER,
    queryFn: async () => {
      try {
        return (await ok(api.GET('/api/users/current'))).user;
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
