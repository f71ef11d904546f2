import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../components/fields';
import { formatDay } from '../../format';
import { useClasses, useEventTypes, useSeries } from './api';
import { LINK_MODES, type ScheduleDraft } from './draft';

type LinkField = 'eventType' | 'titleFilter' | 'group';

/** How the schedule finds its events: the ministry's own events or a type's by title, or a class's meetings. */
export function LinkFields({ ministryId, draft, onChange, errorFor }: {
  ministryId: number;
  draft: ScheduleDraft;
  onChange: (change: Partial<ScheduleDraft>) => void;
  errorFor: (field: LinkField) => string | undefined;
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  if (draft.linkMode === 'event') {
    return (
      <fieldset>
        <legend>{t('schedules.linkMode')}</legend>
        <p>{t('schedules.oneEvent')}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="choices link-modes">
      <legend>{t('schedules.linkMode')}</legend>
      {LINK_MODES.map((mode) => (
        <label key={mode} className="choice">
          <input
            type="radio"
            name="linkMode"
            value={mode}
            aria-labelledby={`${idPrefix}-${mode}`}
            aria-describedby={`${idPrefix}-${mode}-hint`}
            checked={draft.linkMode === mode}
            onChange={() => onChange({ linkMode: mode })}
          />
          <span>
            <strong id={`${idPrefix}-${mode}`}>{t(`schedules.mode.${mode}`)}</strong>
            <small id={`${idPrefix}-${mode}-hint`} className="muted">{t(`schedules.modeHint.${mode}`)}</small>
          </span>
        </label>
      ))}
      <div className="form-grid link-details">
        {draft.linkMode === 'event_type' && <EventTypeField draft={draft} onChange={onChange} error={errorFor('eventType')} />}
        {draft.linkMode === 'class'
          ? <ClassField draft={draft} onChange={onChange} error={errorFor('group')} />
          : <TitleField ministryId={ministryId} draft={draft} onChange={onChange} error={errorFor('titleFilter')} />}
      </div>
    </fieldset>
  );
}

function EventTypeField({ draft, onChange, error }: { draft: ScheduleDraft; onChange: (change: Partial<ScheduleDraft>) => void; error?: string }) {
  const { t } = useTranslation();
  const types = useEventTypes();
  return (
    <SelectField label={t('schedules.eventType')} value={draft.eventTypeId} error={error ?? (types.error?.message)} disabled={!types.data} onChange={(e) => onChange({ eventTypeId: e.target.value })}>
      <option value="">{t('schedules.chooseEventType')}</option>
      {types.data?.eventTypes.map((type) => <option key={type.id} value={type.id}>{type.name}</option>)}
    </SelectField>
  );
}

function ClassField({ draft, onChange, error }: { draft: ScheduleDraft; onChange: (change: Partial<ScheduleDraft>) => void; error?: string }) {
  const { t } = useTranslation();
  const classes = useClasses();
  return (
    <SelectField label={t('schedules.class')} value={draft.groupId} error={error ?? classes.error?.message} disabled={!classes.data} onChange={(e) => onChange({ groupId: e.target.value })}>
      <option value="">{t('schedules.chooseClass')}</option>
      {classes.data?.map((group) => (
        <option key={group.groupId} value={group.groupId}>{t('schedules.classOption', { name: group.name, count: group.upcomingCount })}</option>
      ))}
    </SelectField>
  );
}

/** The title followed, with the upcoming titles of the type or ministry offered and how many events match now. */
function TitleField({ ministryId, draft, onChange, error }: { ministryId: number; draft: ScheduleDraft; onChange: (change: Partial<ScheduleDraft>) => void; error?: string }) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  const filter = draft.linkMode === 'event_type'
    ? { eventTypeId: draft.eventTypeId ? Number(draft.eventTypeId) : undefined }
    : { ministryId };
  const series = useSeries(filter);
  const wanted = draft.titleFilter.trim().toLowerCase();
  const match = series.data?.find((s) => s.title.toLowerCase() === wanted);
  return (
    <div>
      <TextField label={t('schedules.titleFilter')} hint={t('schedules.titleFilterHint')} list={listId} maxLength={255} autoComplete="off" value={draft.titleFilter} error={error} onChange={(e) => onChange({ titleFilter: e.target.value })} />
      <datalist id={listId}>
        {series.data?.map((s) => <option key={s.title} value={s.title} />)}
      </datalist>
      {wanted !== '' && series.data && (
        <p className="muted" aria-live="polite">
          {match
            ? t('schedules.titleMatches', { count: match.count, next: formatDay(match.nextStart, i18n.language) })
            : t('schedules.titleNoMatch')}
        </p>
      )}
    </div>
  );
}
