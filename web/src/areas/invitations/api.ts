import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { ApiResponse } from '../../api/types';

export type Invitation = ApiResponse<'/api/invitations'>['invitations'][number];
export type InviteResult = ApiResponse<'/api/invitations', 'post'>;
/** Whom an invitation names: a selection, a ministry's pool, or a team's members. */
export type InviteTarget = { personIds: number[] } | { ministryId: number } | { teamId: number };

export const invitationKeys = {
  all: ['invitations'] as const,
};

export const useInvitations = () => useQuery({ queryKey: invitationKeys.all, queryFn: async () => (await ok(api.GET('/api/invitations'))).invitations });

export const invite = (target: InviteTarget) => ok(api.POST('/api/invitations', { body: target }));
export const resend = (invitationId: number) => ok(api.POST('/api/invitations/{invitationId}/resend', { params: { path: { invitationId } } }));
export const withdraw = (invitationId: number) => ok(api.DELETE('/api/invitations/{invitationId}', { params: { path: { invitationId } } }));
