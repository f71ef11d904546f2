import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Choice = { ministryId?: number; audience?: 'team' | 'pool' | 'serving' | 'pending'; occurrenceId?: number; date?: string };

/** The Message page's address, with its ministry and audience chosen (the dashboard and the occurrence page link to it). */
export function messagePath(choice: Choice = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(choice)) if (value !== undefined) params.set(name, String(value));
  const query = params.toString();
  return `/ministries/message${query ? `?${query}` : ''}`;
}

/** "Message these people" on an occurrence's page, "Write a message" elsewhere: a link to the Message page, audience chosen. */
export function MessageLink({ choice = {} }: { choice?: Choice }) {
  const { t } = useTranslation();
  return <Link className="button" to={messagePath(choice)}>{choice.occurrenceId !== undefined ? t('messaging.messageThese') : t('messaging.write')}</Link>;
}
