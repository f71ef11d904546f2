/** The dashboard's window: whole days from today (1–365, default 28). */
export interface DashboardQuery {
  days: number;
}

/** The gaps list's window and ministry (§7.4). */
export interface GapsQuery {
  from: string;
  to: string;
  ministryId?: number;
}
