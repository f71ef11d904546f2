import { useTranslation } from 'react-i18next';

/** The address of an occurrence's page, which the dashboard links to as well. */
export const occurrencePath = (occurrenceId: number) => `/ministries/occurrences/${occurrenceId}`;

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`occurrences.status.${status}`, { defaultValue: status })}</span>;
}
