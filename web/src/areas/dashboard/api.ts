import { useQuery } from '@tanstack/react-query';
import { api, ok, REFRESH_ON_FOCUS } from '../../api/client';
import type { ApiResponse } from '../../api/types';

export type Replies = ApiResponse<'/api/ministries/dashboard/replies'>;
export type DashboardAnswer = ApiResponse<'/api/ministries/dashboard'>;
/** The panels' rows: each row's own fields with its occurrence's context beside them. */
export type GapRow = DashboardAnswer['gaps'][number];
export type PendingRow = DashboardAnswer['pendingResponses'][number];
export type SwapRow = DashboardAnswer['proposedSwaps'][number];

/** The dashboard's query keys: the occurrence and auto-fill pages refresh `all` when they change the staffing it shows. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  window: (days: number) => [...dashboardKeys.all, days] as const,
  replies: () => [...dashboardKeys.all, 'replies'] as const,
};

export function useDashboard(days: number) {
  return useQuery({
    queryKey: dashboardKeys.window(days),
    queryFn: async () => ok(api.GET('/api/ministries/dashboard', { params: { query: { days: String(days) } } })),
    ...REFRESH_ON_FOCUS,
  });
}

/**
 * A decline or help offer shows within 2 s while the dashboard is on screen (issue 34): the panels ask every 1.5 s, and
 * never from a hidden tab (TanStack Query pauses the interval there), so an idle browser costs the service nothing.
 */
const LIVE = { refetchInterval: 1_500, refetchIntervalInBackground: false } as const;
export const useReplies = () => useQuery({ queryKey: dashboardKeys.replies(), queryFn: () => ok(api.GET('/api/ministries/dashboard/replies')), ...REFRESH_ON_FOCUS, ...LIVE });
