/**
 * The dashboard's panel rows, which the OpenAPI document leaves open: each row's own fields with its
 * occurrence's context beside them (`DashboardService.withContext`).
 */
interface Context {
  occurrenceId: number;
  occurrenceDate: string;
  start: string;
  end: string;
  scheduleName: string;
  ministryId: number;
  ministryName: string;
  teamId: number;
  teamName: string;
}

export interface GapRow extends Context {
  positionId: number;
  positionName: string;
  minCount: number;
  maxCount: number | null;
  liveCount: number;
  pendingCount: number;
  gapCount: number;
}

export interface PendingRow extends Context {
  id: number;
  positionName: string;
  displayName: string;
  status: string;
  assignedDate: string;
  withinReminderWindow: boolean;
}

export interface SwapRow extends Context {
  id: number;
  positionName: string;
  proposedByName: string;
  proposedPersonName: string;
  proposedDate: string;
  comment: string | null;
}

/**
 * A panel's rows in the order of their shifts: the contract lists gaps by date, then position (§18 #29), which put a
 * day's 11:00 service before its 9:00 one. The sort is stable, so rows of one shift keep the service's order.
 */
export function inShiftOrder<T extends Context>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.occurrenceDate.localeCompare(b.occurrenceDate) || Date.parse(a.start) - Date.parse(b.start));
}
