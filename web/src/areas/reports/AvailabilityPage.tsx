import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/Dialog';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { MinistryPicker, useMinistryParam } from '../../components/workspace';
import { ErrorNote } from '../../components/feedback';
import { formatDate } from '../../format';
import { useGlance, useHousehold, useRemoveHouseholdRule, useSetHouseholdRule, useSetLimits, type Glance, type GlancePerson } from './api';

/** People's availability at a glance, per ministry (issue 35 #6): limits, days away (dates only), credentials, households. */
export function AvailabilityPage() {
  const { t } = useTranslation();
  const [ministryId, setMinistryId] = useMinistryParam();
  const glance = useGlance(ministryId);
  useEffect(() => { document.title = t('reports.glance.title'); }, [t]);
  return (
    <div className="reports-page">
      <h1>{t('reports.glance.title')}</h1>
      <p className="muted">{t('reports.glance.intro')}</p>
      <div className="toolbar"><MinistryPicker value={ministryId} onChange={setMinistryId} /></div>
      {ministryId !== undefined && (
        <QueryState query={glance} isEmpty={(data) => data.people.length === 0} empty={t('reports.glance.nobody')}>
          {(data) => <GlanceView glance={data} />}
        </QueryState>
      )}
    </div>
  );
}

function GlanceView({ glance }: { glance: Glance }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [holding, setHolding] = useState('');
  const credentials = [...new Map(glance.requiredCredentials.map((c) => [c.credentialId, c.name])).entries()];
  const shown = holding === '' ? glance.people : glance.people.filter((p) => p.credentials.some((c) => c.valid && String(c.credentialId) === holding));
  const period = (d: GlancePerson['daysAway'][number]) => {
    const days = d.startDate === d.endDate ? formatDate(d.startDate, locale) : t('reports.glance.period', { from: formatDate(d.startDate, locale), to: formatDate(d.endDate, locale) });
    const times = d.startTime && d.endTime ? ` ${d.startTime}–${d.endTime}` : '';
    return d.repeatWeeklyUntil ? t('reports.glance.weekly', { days: `${days}${times}`, until: formatDate(d.repeatWeeklyUntil, locale) }) : `${days}${times}`;
  };
  const limits = (p: GlancePerson) => {
    const parts = [
      p.limits.maxPerMonth !== null && t('reports.glance.maxPerMonth', { count: p.limits.maxPerMonth }),
      p.limits.preferredWeeks.length > 0 && t('reports.glance.weeks', { count: p.limits.preferredWeeks.length, weeks: p.limits.preferredWeeks.join(', ') }),
    ].filter(Boolean);
    if (parts.length === 0) return t('reports.glance.noLimits');
    return `${parts.join(' · ')}${p.limits.appliesTo === 'every' ? ` (${t('reports.glance.everyMinistry')})` : ''}`;
  };
  return (
    <>
      {credentials.length > 0 && (
        <div className="toolbar">
          <SelectField label={t('reports.glance.holding')} value={holding} onChange={(event) => setHolding(event.target.value)}>
            <option value="">{t('reports.glance.everyone')}</option>
            {credentials.map(([id, name]) => <option key={id} value={id}>{t('reports.glance.holds', { name })}</option>)}
          </SelectField>
        </div>
      )}
      <p aria-live="polite">{t('reports.glance.count', { count: shown.length })}</p>
      <Table cards label={t('reports.glance.table')} head={[t('reports.glance.person'), t('reports.glance.limits'), t('reports.glance.away'), t('reports.glance.credentials'), t('reports.glance.household'), t('reports.glance.actions')]}>
        {shown.map((p) => (
          <tr key={p.personId} data-person={p.personId}>
            <th scope="row">{p.displayName}<span className="glance-login">{p.hasLogin ? t('reports.glance.signsIn') : t('reports.glance.noLogin')}</span></th>
            <td>{limits(p)}</td>
            <td>{p.daysAway.length === 0 ? t('reports.glance.notAway') : <ul className="glance-list">{p.daysAway.map((d, i) => <li key={i}>{period(d)}</li>)}</ul>}</td>
            <td>{p.credentials.length === 0 ? '—' : (
              <ul className="glance-list">{p.credentials.map((c) => (
                <li key={c.credentialId} className={c.valid ? 'credential-valid' : 'credential-expired'}>
                  {c.name}: {c.valid ? (c.expiresOn ? t('reports.glance.validUntil', { date: formatDate(c.expiresOn, locale) }) : t('reports.glance.noExpiry')) : t('reports.glance.expired', { date: formatDate(c.expiresOn!, locale) })}
                </li>))}
              </ul>)}
            </td>
            <td>{p.household.length === 0 ? '—' : <HouseholdRules person={p} />}</td>
            <td>{p.hasLogin ? <span className="muted">{t('reports.glance.ownChoice')}</span> : (
              <div className="glance-actions">
                <LimitsDialog person={p} ministryId={glance.ministryId} ministryName={glance.ministryName} />
                <HouseholdDialog person={p} />
              </div>
            )}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

/** A person's household rules; for someone without a login, each with a button that removes it. */
function HouseholdRules({ person }: { person: GlancePerson }) {
  const { t } = useTranslation();
  const remove = useRemoveHouseholdRule(person.personId);
  return (
    <>
      <ul className="glance-list">
        {person.household.map((r) => {
          const rule = t(`reports.glance.rule.${r.rule}`, { name: r.otherName });
          return (
            <li key={r.id}>
              {rule}
              {!person.hasLogin && (
                <button type="button" className="button button-quiet glance-remove" disabled={remove.isPending}
                  aria-label={t('reports.glance.removeRule', { rule, name: person.displayName })} onClick={() => remove.mutate(r.id)}>
                  {t('reports.glance.remove')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {remove.error && <ErrorNote error={remove.error} />}
    </>
  );
}

function LimitsDialog({ person, ministryId, ministryName }: { person: GlancePerson; ministryId: number; ministryName: string }) {
  const { t } = useTranslation();
  const save = useSetLimits(person.personId);
  const [max, setMax] = useState('');
  const [weeks, setWeeks] = useState<number[]>([]);
  return (
    <FormDialog
      trigger={t('reports.glance.setLimits')} triggerName={t('reports.glance.setLimitsFor', { name: person.displayName })}
      title={t('reports.glance.limitsTitle', { name: person.displayName })} description={t('reports.glance.limitsIntro', { ministry: ministryName })}
      submit={t('reports.glance.save')} pending={save.isPending} error={save.error}
      onOpen={() => { save.reset(); setMax(person.limits.maxPerMonth === null ? '' : String(person.limits.maxPerMonth)); setWeeks(person.limits.preferredWeeks); }}
      onSubmit={() => save.mutateAsync({ ministryId, maxPerMonth: max === '' ? null : Number(max), preferredWeeks: weeks })}
    >
      <TextField label={t('reports.glance.maxLabel')} hint={t('reports.glance.maxHint')} type="number" min={1} max={31} value={max} onChange={(event) => setMax(event.target.value)} />
      <fieldset className="fieldset">
        <legend>{t('reports.glance.weeksLabel')}</legend>
        {[1, 2, 3, 4, 5].map((week) => (
          <CheckboxField key={week} label={t('reports.glance.week', { ordinal: week })} checked={weeks.includes(week)}
            onChange={(event) => setWeeks(event.target.checked ? [...weeks, week] : weeks.filter((w) => w !== week))} />
        ))}
      </fieldset>
    </FormDialog>
  );
}

function HouseholdDialog({ person }: { person: GlancePerson }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const save = useSetHouseholdRule(person.personId);
  const [other, setOther] = useState('');
  const [rule, setRule] = useState<'together' | 'apart'>('together');
  return (
    <FormDialog
      trigger={t('reports.glance.setRule')} triggerName={t('reports.glance.setRuleFor', { name: person.displayName })}
      title={t('reports.glance.ruleTitle', { name: person.displayName })}
      submit={t('reports.glance.save')} pending={save.isPending} error={save.error}
      onOpen={() => { save.reset(); setOpen(true); setOther(''); setRule('together'); }}
      onSubmit={() => save.mutateAsync({ otherPersonId: Number(other), rule })}
    >
      {open && <FamilyField personId={person.personId} value={other} onChange={setOther} />}
      <SelectField label={t('reports.glance.ruleLabel')} value={rule} onChange={(event) => setRule(event.target.value as 'together' | 'apart')}>
        <option value="together">{t('reports.glance.together')}</option>
        <option value="apart">{t('reports.glance.apart')}</option>
      </SelectField>
    </FormDialog>
  );
}

/** The person's family members to choose from, read when the dialog first opens. */
function FamilyField({ personId, value, onChange }: { personId: number; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const household = useHousehold(personId);
  return (
    <QueryState query={household} isEmpty={(data) => data.members.length === 0} empty={t('reports.glance.noFamily')}>
      {(data) => (
        <SelectField label={t('reports.glance.member')} value={value} required onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('reports.glance.chooseMember')}</option>
          {data.members.map((m) => <option key={m.personId} value={m.personId}>{m.displayName}</option>)}
        </SelectField>
      )}
    </QueryState>
  );
}
