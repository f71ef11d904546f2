import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { paths } from '../../api/schema';
import { DASHBOARD } from '../dashboard/keys';
import { OCCURRENCES } from '../occurrences/shared';
import { SCHEDULES } from '../schedules/api';

type Body<P extends keyof paths> = paths[P]['post'] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Answer<P extends keyof paths, C extends 200 | 201> =
  paths[P]['post'] extends { responses: { [K in C]: { content: { 'application/json': infer B } } } } ? B : never;

export type PreviewRequest = Body<'/api/ministries/auto-fill/preview'>;
export type Preview = Answer<'/api/ministries/auto-fill/preview', 200>;
export type Proposal = Preview['proposals'][number];
export type Unfilled = Preview['unfilled'][number];
export type CommitResult = Answer<'/api/ministries/auto-fill/commit', 201>;
export type UndoResult = Answer<'/api/ministries/auto-fill/runs/{runId}/undo', 200>;

/** What the auto-fill works on: one occurrence, or a schedule over a window. */
export type AutoFillScope = { occurrenceId: number } | { scheduleId: number };

export const AUTOFILL = ['autofill'] as const;

/** A proposal's identity, as commit names the kept ones. */
export const proposalKey = (p: { occurrenceId: number; positionId: number; personId: number }) => `${p.occurrenceId}:${p.positionId}:${p.personId}`;

/**
 * The proposals for a request. A preview writes nothing, so it is a read; it is not refetched behind the
 * coordinator's back, so the rows they are ticking stay the rows they see.
 */
export function usePreview(request: PreviewRequest) {
  return useQuery({
    queryKey: [...AUTOFILL, 'preview', request],
    queryFn: async () => ok(api.POST('/api/ministries/auto-fill/preview', { body: request })),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** After a commit or an undo: the preview, the occurrence and schedule pages and the dashboard are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([AUTOFILL, OCCURRENCES, SCHEDULES, DASHBOARD].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
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
