import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { ApiRequest, ApiResponse } from '../../api/types';
import { dashboardKeys } from '../dashboard/api';
import { occurrenceKeys } from '../occurrences/api';
import { scheduleKeys } from '../schedules/api';

export type PreviewRequest = ApiRequest<'/api/ministries/auto-fill/preview'>;
export type Preview = ApiResponse<'/api/ministries/auto-fill/preview', 'post'>;
export type Proposal = Preview['proposals'][number];
export type Unfilled = Preview['unfilled'][number];
export type CommitResult = ApiResponse<'/api/ministries/auto-fill/commit', 'post'>;
export type UndoResult = ApiResponse<'/api/ministries/auto-fill/runs/{runId}/undo', 'post'>;

/** What the auto-fill works on: one occurrence, a schedule over a window, or a ministry or team over the roster's dates. */
export type AutoFillScope = { occurrenceId: number } | { scheduleId: number } | { ministryId: number; from: string; to: string } | { teamId: number; from: string; to: string };

export const autofillKeys = {
  all: ['autofill'] as const,
  preview: (request: PreviewRequest) => [...autofillKeys.all, 'preview', request] as const,
};

/** A proposal's identity, as commit names the kept ones. */
export const proposalKey = (p: { occurrenceId: number; positionId: number; personId: number }) => `${p.occurrenceId}:${p.positionId}:${p.personId}`;

/**
 * The proposals for a request. A preview writes nothing, so it is a read; it is not refetched behind the
 * coordinator's back, so the rows they are ticking stay the rows they see.
 */
export function usePreview(request: PreviewRequest) {
  return useQuery({
    queryKey: autofillKeys.preview(request),
    queryFn: async () => ok(api.POST('/api/ministries/auto-fill/preview', { body: request })),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** After a commit or an undo: the preview, the occurrence and schedule pages and the dashboard are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([autofillKeys.all, occurrenceKeys.all, scheduleKeys.all, dashboardKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCommit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { token: string; proposals: Array<{ occurrenceId: number; positionId: number; personId: number }> }) =>
      ok(api.POST('/api/ministries/auto-fill/commit', { body })),
    onSuccess: refresh,
  });
}

export function useUndo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (runId: number) => ok(api.POST('/api/ministries/auto-fill/runs/{runId}/undo', { params: { path: { runId: String(runId) } } })),
    onSuccess: refresh,
  });
}
