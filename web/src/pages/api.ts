import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../api/client';
import type { ApiResponse } from '../api/types';

export type MeAssignment = ApiResponse<'/api/me/assignments'>['assignments'][number];
export type Opportunity = ApiResponse<'/api/me/opportunities'>['opportunities'][number];
export type HelpWantedMinistry = ApiResponse<'/api/me/help-wanted'>['ministries'][number];
export type CheckInCard = ApiResponse<'/api/me/assignments/{assignmentId}/check-in'>;
export type Told = ApiResponse<'/api/me/ministries/{ministryId}/replies-go-to'>;
/** What a reply is about: the reader's assignment, or their help offer to a ministry. */
export type About = { assignmentId: number } | { ministryId: number };

/** The volunteer pages' query keys: all under `me`, the reader's own data. */
export const meKeys = {
  assignments: () => ['me', 'assignments'] as const,
  assignmentsFrom: (includePast: boolean) => [...meKeys.assignments(), includePast ? 'with-past' : 'upcoming'] as const,
  substitutes: (assignmentId: number, q: string) => ['me', 'substitutes', assignmentId, q] as const,
  opportunities: () => ['me', 'opportunities'] as const,
  helpWanted: () => ['me', 'help-wanted'] as const,
  qualifications: () => ['me', 'qualifications'] as const,
  blockouts: () => ['me', 'blockouts'] as const,
  preferences: () => ['me', 'preferences'] as const,
  household: () => ['me', 'household'] as const,
  calendarFeed: () => ['me', 'calendar-feed'] as const,
  calendars: () => ['me', 'calendars'] as const,
  scheduleFeed: () => ['me', 'schedule-feed'] as const,
  twoFactor: () => ['me', 'two-factor'] as const,
  told: (about: About) => ['me', 'replies-go-to', about] as const,
  answerLink: (token: string) => ['answer-link', token] as const,
  invitation: (token: string) => ['invitation', token] as const,
  kiosk: (kioskKey: string) => ['kiosk', kioskKey] as const,
  checkIn: (assignmentId: number) => ['me', 'check-in', assignmentId] as const,
};

/** What today's shift's card shows to check in (issue 36): the check-in made, the kiosk's QR code, the church's way. */
export const useCheckInCard = (assignmentId: number) => useQuery({
  queryKey: meKeys.checkIn(assignmentId),
  queryFn: () => ok(api.GET('/api/me/assignments/{assignmentId}/check-in', { params: { path: { assignmentId: String(assignmentId) } } })),
});

/** The door tablet's screen (issue 36 #2), read with the kiosk's own key; a refused key is not asked again. */
export const useKioskScreen = (kioskKey: string) => useQuery({
  queryKey: meKeys.kiosk(kioskKey),
  queryFn: () => ok(api.GET('/api/public/kiosk', { headers: { 'x-kiosk-key': kioskKey } })),
  retry: false,
});

export function useMyAssignments(includePast = false) {
  return useQuery({
    queryKey: meKeys.assignmentsFrom(includePast),
    queryFn: async () => (await ok(api.GET('/api/me/assignments', { params: { query: includePast ? { includePast: '1' } : {} } }))).assignments,
  });
}

export function useSubstitutes(assignmentId: number, q: string) {
  return useQuery({
    queryKey: meKeys.substitutes(assignmentId, q),
    queryFn: async () => (await ok(api.GET('/api/me/assignments/{assignmentId}/substitutes', { params: { path: { assignmentId: String(assignmentId) }, query: q ? { q } : {} } }))).people,
    enabled: Number.isInteger(assignmentId),
    placeholderData: (previous) => previous,
  });
}

export const useOpportunities = () =>
  useQuery({ queryKey: meKeys.opportunities(), queryFn: async () => (await ok(api.GET('/api/me/opportunities'))).opportunities });
export const useHelpWanted = () =>
  useQuery({ queryKey: meKeys.helpWanted(), queryFn: async () => (await ok(api.GET('/api/me/help-wanted'))).ministries });
export const useQualifications = () =>
  useQuery({ queryKey: meKeys.qualifications(), queryFn: async () => (await ok(api.GET('/api/me/qualifications'))).qualifications });
export const useBlockouts = () =>
  useQuery({ queryKey: meKeys.blockouts(), queryFn: async () => (await ok(api.GET('/api/me/blockouts'))).blockouts });
export const usePreferences = () =>
  useQuery({ queryKey: meKeys.preferences(), queryFn: async () => (await ok(api.GET('/api/me/preferences'))).preferences });
export const useHousehold = () => useQuery({ queryKey: meKeys.household(), queryFn: () => ok(api.GET('/api/me/household')) });
export const useCalendarFeed = () =>
  useQuery({ queryKey: meKeys.calendarFeed(), queryFn: () => ok(api.GET('/api/users/current/calendar-feed')) });
/** The calendars the church shares with members, to choose for my calendar link (issue 37 #9). */
export const useMemberCalendars = () =>
  useQuery({ queryKey: meKeys.calendars(), queryFn: async () => (await ok(api.GET('/api/users/current/calendars'))).calendars });
export const useScheduleFeed = () =>
  useQuery({ queryKey: meKeys.scheduleFeed(), queryFn: () => ok(api.GET('/api/users/current/schedule-feed')), staleTime: Infinity, gcTime: Infinity });
export const useTwoFactor = () => useQuery({ queryKey: meKeys.twoFactor(), queryFn: () => ok(api.GET('/api/users/current/two-factor')) });

/** Who hears of the reader's reply on their assignment, or of their help offer to a ministry. */
export function useTold(about: About) {
  return useQuery({
    queryKey: meKeys.told(about),
    queryFn: () => 'assignmentId' in about
      ? ok(api.GET('/api/me/assignments/{assignmentId}/replies-go-to', { params: { path: { assignmentId: String(about.assignmentId) } } }))
      : ok(api.GET('/api/me/ministries/{ministryId}/replies-go-to', { params: { path: { ministryId: String(about.ministryId) } } })),
  });
}

export const useAnswerLink = (token: string) =>
  useQuery({ queryKey: meKeys.answerLink(token), queryFn: () => ok(api.GET('/api/public/answer/{token}', { params: { path: { token } } })) });

/** What an invitation link's page shows; reading it marks the invitation opened, so it is read once per page. */
export const useInvitationLink = (token: string) => useQuery({
  queryKey: meKeys.invitation(token),
  queryFn: () => ok(api.POST('/api/public/invitations/open', { body: { token } })),
  enabled: token !== '',
  staleTime: Infinity,
});
