import { lazy } from 'react';
import { useTranslation } from 'react-i18next';

/** The address parameter naming the position the occurrence page's assign panel opens on. */
export const POSITION_PARAM = 'positionId';

/** The address of an occurrence's page, which the dashboard links to as well; with a position, its assign panel opens on it. */
export const occurrencePath = (occurrenceId: number, positionId?: number) =>
  `/ministries/occurrences/${occurrenceId}${positionId === undefined ? '' : `?${POSITION_PARAM}=${positionId}`}`;

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`occurrences.status.${status}`, { defaultValue: status })}</span>;
}

/** The assign panel for one occurrence and position (the roster's cell), loaded when first opened. */
export const CellAssign = lazy(async () => ({ default: (await import('./CellAssign')).CellAssign }));
