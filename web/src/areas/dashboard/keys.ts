/** The dashboard's query key: the occurrence pages invalidate it when they change the staffing it shows. */
export const DASHBOARD = ['dashboard'] as const;
