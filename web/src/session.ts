import { useQuery } from '@tanstack/react-query';
import { api, isApiError, ok } from './api/client';
import { chooseLanguage, i18next } from './i18n';

export const CURRENT_USER = ['current-user'] as const;

/** The signed-in user, or null when the browser holds no working sign-in. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER,
    queryFn: async () => {
      try {
        const answer = await api.GET('/api/users/current');
        const { user } = await ok(Promise.resolve(answer));
        // The person's own language follows them to every browser they sign in on (issue 33 #4).
        if (user.language && user.language !== i18next.language) chooseLanguage(user.language);
        // The service warns (HTTP Warning) in every answer to the first administrator until the first start's password is changed.
        return { ...user, hasInitialPassword: answer.response.headers.has('warning') };
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
