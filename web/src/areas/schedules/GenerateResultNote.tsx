import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../format';
import type { GenerateResult } from './api';

/** What the service looked for, in words: the link mode with its type, class, title or event. */
export function searchedText(searched: GenerateResult['searched'], t: TFunction): string {
  const title = searched.titleFilter ?? '';
  switch (searched.linkMode) {
    case 'class':
      return t('schedules.searched.class', { name: searched.groupName ?? '' });
    case 'ministry':
      return t('schedules.searched.ministry', { ministry: searched.ministryName ?? '', title });
    case 'event':
      return t('schedules.searched.event', { title: searched.eventTitle ?? '' });
    default:
      return t('schedules.searched.event_type', { type: searched.eventTypeName ?? '', title });
  }
}

/** The answer of a generation run (E5, or E4's first run): what it created and assigned, or what it looked for in vain. */
export function GenerateResultNote({ result, heading }: { result: GenerateResult; heading?: string }) {
  const { t, i18n } = useTranslation();
  const range = t('schedules.result.range', { from: formatDate(result.from, i18n.language), through: formatDate(result.through, i18n.language) });
  if (result.noEvents) {
    return (
      <div className="note note-warning" role="status" data-testid="generate-result">
        <p><strong>{heading && `${heading}: `}{t('schedules.result.noEvents')}</strong></p>
        <p>{t('schedules.result.searchedFor', { what: searchedText(result.searched, t) })} {range}</p>
      </div>
    );
  }
  return (
    <div className="note note-success" role="status" data-testid="generate-result">
      <p><strong>{heading && `${heading}: `}{t('schedules.result.done')}</strong> {range}</p>
      <ul className="result-counts">
        <li>{t('schedules.result.created', { count: result.created })}</li>
        <li>{t('schedules.result.existing', { count: result.existing })}</li>
        <li>{t('schedules.result.assigned', { count: result.assigned })}</li>
        <li>{t('schedules.result.skipped', { count: result.skipped })}</li>
        {result.unqualified > 0 && <li>{t('schedules.result.unqualified', { count: result.unqualified })}</li>}
      </ul>
    </div>
  );
}
