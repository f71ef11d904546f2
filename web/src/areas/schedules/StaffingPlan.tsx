import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { ErrorNote } from '../../components/feedback';
import { useDefaultCandidates, type Position, type Requirement } from './api';

export interface DefaultDraft { personId: number; name: string; accepted: boolean }
export interface NeedDraft { key: number; positionId: string; minCount: string; maxCount: string; notes: string; defaults: DefaultDraft[] }

let nextKey = 1;
export const emptyNeed = (): NeedDraft => ({ key: nextKey++, positionId: '', minCount: '1', maxCount: '', notes: '', defaults: [] });

export const needOf = (requirement: Requirement): NeedDraft => ({
  key: nextKey++,
  positionId: String(requirement.positionId),
  minCount: String(requirement.minCount),
  maxCount: requirement.maxCount === null ? '' : String(requirement.maxCount),
  notes: requirement.notes ?? '',
  defaults: requirement.defaults.map((d) => ({ personId: d.personId, name: d.name, accepted: d.accepted })),
});

/** A need in the API's terms; a blank Max means no limit, a blank Min is sent as typed so the service names it. */
export function planRow(need: NeedDraft, withDefaults: boolean) {
  return {
    positionId: Number(need.positionId),
    minCount: need.minCount.trim() === '' ? 0 : Number(need.minCount),
    maxCount: need.maxCount.trim() === '' ? null : Number(need.maxCount),
    ...(need.notes.trim() && { notes: need.notes.trim() }),
    ...(withDefaults && { defaults: need.defaults.map(({ personId, accepted }) => ({ personId, accepted })) }),
  };
}

/**
 * The staffing plan: one row per position with how many are needed (Min), the most who may serve (Max) and,
 * on a schedule, the default volunteers assigned in order on each new occurrence.
 */
export function StaffingPlan({ needs, onChange, positions, scheduleId, withDefaults, teamHasNoPositions, error }: {
  needs: NeedDraft[];
  onChange: (needs: NeedDraft[]) => void;
  positions: Position[];
  /** The saved schedule whose qualified people may be chosen as defaults; none before the first save. */
  scheduleId?: number;
  withDefaults: boolean;
  /** The chosen team has no active position to plan for. */
  teamHasNoPositions?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const update = (key: number, change: Partial<NeedDraft>) => onChange(needs.map((need) => (need.key === key ? { ...need, ...change } : need)));
  return (
    <fieldset className="plan">
      <legend>{t('schedules.plan')}</legend>
      <p className="muted">{t(!withDefaults ? 'schedules.planHintNoDefaults' : scheduleId === undefined ? 'schedules.planHintNew' : 'schedules.planHint')}</p>
      {error && <p className="field-error" role="alert">{error}</p>}
      {teamHasNoPositions && <p className="note note-warning">{t('schedules.teamHasNoPositions')}</p>}
      {needs.length === 0 && <p className="muted">{t('schedules.noNeeds')}</p>}
      {needs.map((need, index) => (
        <fieldset key={need.key} className="need">
          <legend>{t('schedules.needNumber', { number: index + 1 })}</legend>
          <div className="need-fields">
            <SelectField label={t('schedules.position')} value={need.positionId} required onChange={(e) => update(need.key, { positionId: e.target.value })}>
              <option value="">{t('schedules.choosePosition')}</option>
              {positions.map((position) => <option key={position.id} value={position.id}>{position.name}</option>)}
            </SelectField>
            <TextField label={t('schedules.minimum')} type="number" min={0} inputMode="numeric" value={need.minCount} onChange={(e) => update(need.key, { minCount: e.target.value })} />
            <TextField label={t('schedules.maximum')} hint={t('schedules.maximumHint')} type="number" min={0} inputMode="numeric" value={need.maxCount} onChange={(e) => update(need.key, { maxCount: e.target.value })} />
            <TextField label={t('schedules.notes')} maxLength={255} value={need.notes} onChange={(e) => update(need.key, { notes: e.target.value })} />
          </div>
          {withDefaults && scheduleId !== undefined && <Defaults need={need} scheduleId={scheduleId} onChange={(defaults) => update(need.key, { defaults })} />}
          <button type="button" className="button button-quiet" onClick={() => onChange(needs.filter((other) => other.key !== need.key))}>
            {t('schedules.removeNeed', { number: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button" onClick={() => onChange([...needs, emptyNeed()])}>{t('schedules.addNeed')}</button>
    </fieldset>
  );
}

/** Default volunteers come from the people qualified for the position, in rotation order (a saved schedule's list). */
function Defaults({ need, scheduleId, onChange }: { need: NeedDraft; scheduleId: number; onChange: (defaults: DefaultDraft[]) => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('');
  const eligible = useDefaultCandidates(scheduleId, need.positionId);
  const available = (eligible.data ?? []).filter((person) => !need.defaults.some((d) => d.personId === person.personId));
  const add = () => {
    const person = available.find((p) => String(p.personId) === chosen);
    if (person) onChange([...need.defaults, { personId: person.personId, name: person.displayName, accepted: false }]);
    setChosen('');
  };
  return (
    <div className="defaults">
      <h3 className="subheading">{t('schedules.defaults')}</h3>
      {need.defaults.length === 0
        ? <p className="muted">{t('schedules.noDefaults')}</p>
        : (
          <ol className="plain-list">
            {need.defaults.map((person) => (
              <li key={person.personId} className="default-row">
                <span>{person.name}</span>
                <CheckboxField
                  label={t('schedules.acceptedFor', { name: person.name })}
                  checked={person.accepted}
                  onChange={(e) => onChange(need.defaults.map((d) => (d.personId === person.personId ? { ...d, accepted: e.target.checked } : d)))}
                />
                <button type="button" className="link-button" onClick={() => onChange(need.defaults.filter((d) => d.personId !== person.personId))}>
                  {t('schedules.removeDefault', { name: person.name })}
                </button>
              </li>
            ))}
          </ol>
        )}
      {need.positionId !== '' && (
        <div className="inline-add">
          <SelectField label={t('schedules.addDefault')} value={chosen} disabled={!eligible.data} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{t(available.length ? 'schedules.choosePerson' : 'schedules.nobodyQualified')}</option>
            {available.map((person) => <option key={person.personId} value={person.personId}>{person.displayName}</option>)}
          </SelectField>
          <button type="button" className="button" disabled={chosen === ''} onClick={add}>{t('schedules.add')}</button>
        </div>
      )}
      {eligible.isError && <ErrorNote error={eligible.error} />}
    </div>
  );
}
