import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { ApiResponse } from '../../api/types';

export type MessagePreview = ApiResponse<'/api/ministries/ministries/{ministryId}/messages/preview', 'post'>;
export type LoggedMessage = ApiResponse<'/api/ministries/ministries/{ministryId}/messages'>['messages'][number];
export type Audience = LoggedMessage['audience'];
export type AudienceKind = Audience['kind'];

/** Who a message goes to, as the page's picker holds it. */
export interface AudienceChoice {
  audience: AudienceKind;
  teamId?: number;
  occurrenceId?: number;
  date?: string;
  positionId?: number;
}

export const messagingKeys = {
  all: ['messaging'] as const,
  log: (ministryId: number) => [...messagingKeys.all, 'log', ministryId] as const,
  preview: (ministryId: number, choice: AudienceChoice) => [...messagingKeys.all, 'preview', ministryId, choice] as const,
  teams: (ministryId: number) => [...messagingKeys.all, 'teams', ministryId] as const,
  positions: (ministryId: number) => [...messagingKeys.all, 'positions', ministryId] as const,
};

const path = (ministryId: number) => ({ params: { path: { ministryId: String(ministryId) } } });

/** Whether the choice names what its kind needs: a team, or an occurrence or a date. */
export const isComplete = (choice: AudienceChoice) =>
  choice.audience === 'pool' || (choice.audience === 'team' ? choice.teamId !== undefined : choice.occurrenceId !== undefined || Boolean(choice.date));

export const useMessagePreview = (ministryId: number, choice: AudienceChoice) => useQuery({
  queryKey: messagingKeys.preview(ministryId, choice),
  queryFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/messages/preview', { ...path(ministryId), body: choice })),
  enabled: isComplete(choice),
  retry: false,
});

export const useMessageLog = (ministryId: number) => useQuery({
  queryKey: messagingKeys.log(ministryId),
  queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/messages', path(ministryId)))).messages,
  retry: false,
});

export const useTeams = (ministryId: number) => useQuery({
  queryKey: messagingKeys.teams(ministryId),
  queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/teams', path(ministryId)))).teams,
});

export const usePositions = (ministryId: number) => useQuery({
  queryKey: messagingKeys.positions(ministryId),
  queryFn: async () => (await ok(api.GET('/api/ministries/ministries/{ministryId}/positions', path(ministryId)))).positions,
});

export const sendMessage = (ministryId: number, choice: AudienceChoice, subject: string, body: string) =>
  ok(api.POST('/api/ministries/ministries/{ministryId}/messages', { ...path(ministryId), body: { ...choice, subject, body } }));
