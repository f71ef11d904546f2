import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { Empty, ErrorNote, SuccessNote } from '../../components/feedback';
import { SelectField, TextField } from '../../components/fields';
import { formatDate, formatTimes } from '../../format';
import { Table } from '../../components/Table';
import { PickedName, useTellApart } from '../../components/namesakes';
import { useRefreshStaffing, type EligibleRow, type Staffing, useEligible } from './api';
import { POSITION_PARAM } from './public';

const LIVE = new Set(['pending', 'accepted']);

/**
 * Opens the assign panel on a position (a gap's "Assign"): the position is kept in the address, like a link from the
 * dashboard's gap, and the panel's position field takes focus, which brings the panel into view.
 */
export function useAssignPosition() {
  const [, setParams] = useSearchParams();
  return (positionId: number) => {
    setParams({ [POSITION_PARAM]: String(positionId) }, { replace: true });
    document.querySelector<HTMLSelectElement>('.assign-panel select')?.focus();
  };
}

/**
 * E14 from the eligible list: the people qualified for the chosen position, in the API's rotation order. The chosen
 * position lives in the address on the occurrence page; the roster, whose address holds its own filters, passes
 * `position` to keep it itself.
 */
export function AssignPanel({ occurrenceId, staffing, position }: {
  occurrenceId: string; staffing: Staffing; position?: { value: string; onChange: (positionId: string) => void };
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string>();
  const positions = [
    ...staffing.requirements.map((r) => ({ id: r.positionId, name: r.positionName })),
    ...staffing.otherAssignments.map((a) => ({ id: a.positionId, name: a.positionName })),
  ].filter((one, index, all) => all.findIndex((other) => other.id === one.id) === index);
  const asked = position ? position.value : params.get(POSITION_PARAM) ?? '';
  const choose = (value: string) => (position ? position.onChange(value) : setParams(value ? { [POSITION_PARAM]: value } : {}, { replace: true }));
  const positionId = positions.some((one) => String(one.id) === asked) ? asked : '';
  const holders = new Set([...staffing.requirements.flatMap((r) => r.assignments), ...staffing.otherAssignments]
    .filter((a) => String(a.positionId) === positionId && LIVE.has(a.status)).map((a) => a.personId));
  return (
    <section className="card assign-panel">
      <h2 className="section-title">{t('occurrences.assignTitle')}</h2>
      <div className="toolbar">
        <SelectField label={t('occurrences.position')} value={positionId} onChange={(event) => { choose(event.target.value); setNotice(undefined); }}>
          <option value="">{t('occurrences.choosePosition')}</option>
          {positions.map((one) => <option key={one.id} value={one.id}>{one.name}</option>)}
        </SelectField>
        {positionId && <TextField label={t('occurrences.findByName')} type="search" value={name} onChange={(event) => setName(event.target.value)} />}
      </div>
      {notice && <SuccessNote>{notice}</SuccessNote>}
      {positionId && <EligibleList occurrenceId={occurrenceId} positionId={positionId} name={name.trim()} holders={holders} onAssigned={setNotice} />}
    </section>
  );
}

function EligibleList({ occurrenceId, positionId, name, holders, onAssigned }: {
  occurrenceId: string; positionId: string; name: string; holders: Set<number>; onAssigned: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const eligible = useEligible(occurrenceId, positionId, name);
  const namesakes = useTellApart((eligible.data ?? []).map((person) => ({ ...person, id: person.personId, name: person.displayName })));
  if (!eligible.isSuccess) return <QueryState query={eligible} />;
  if (eligible.data.length === 0) return <Empty><p>{t('occurrences.nobodyEligible')}</p></Empty>;
  return (
    <>
      <p className="muted">{t('occurrences.eligibleHint')}</p>
      <Table cards head={[t('occurrences.person'), t('occurrences.pool'), t('occurrences.conflicts'), t('occurrences.lastServed'), t('occurrences.availability'), <span className="visually-hidden">{t('occurrences.actions')}</span>]} label={t('occurrences.assignTitle')}>
        {eligible.data.map((person) => (
          <EligibleRowView key={person.personId} occurrenceId={occurrenceId} positionId={positionId} person={person} detail={namesakes.get(person.personId)} isHolder={holders.has(person.personId)} onAssigned={onAssigned} />
        ))}
      </Table>
    </>
  );
}

function EligibleRowView({ occurrenceId, positionId, person, detail, isHolder, onAssigned }: {
  occurrenceId: string; positionId: string; person: EligibleRow; detail?: string; isHolder: boolean; onAssigned: (notice: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshStaffing();
  const assign = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/occurrences/{occurrenceId}/assignments', {
      params: { path: { occurrenceId } },
      // Someone outside the pool is assigned only from the button that says so.
      body: { positionId: Number(positionId), personId: person.personId, ...(!person.inPool && { allowOutsidePool: true }) },
    })),
    onSuccess: ({ assignment, warnings }) => onAssigned(warnings.length > 0
      ? t('occurrences.assignedWithWarnings', { warnings: [...new Set(warnings.map((w) => w.code))].map((code) => t(`occurrences.warning.${code}`, { name: assignment.displayName })).join('; ') })
      : t('occurrences.assigned', { name: assignment.displayName, position: assignment.positionName })),
    onSettled: refresh,
  });
  return (
    <tr>
      <th scope="row"><PickedName name={person.displayName} detail={detail} /></th>
      <td>{person.inPool ? t('occurrences.inPool') : <span className="badge badge-pending">{t('occurrences.notInPool')}</span>}</td>
      <td>{person.conflictPositionName ? t('occurrences.alsoServing', { position: person.conflictPositionName }) : <span className="muted">{t('occurrences.noConflict')}</span>}</td>
      <td>{person.lastServedDate ? formatDate(person.lastServedDate, i18n.language) : <span className="muted">{t('occurrences.neverServed')}</span>}</td>
      <td><AvailabilityMarks person={person} /></td>
      <td>
        {isHolder ? <span className="muted">{t('occurrences.alreadyAssigned')}</span> : (
          <button type="button" className="button button-primary" disabled={assign.isPending} onClick={() => assign.mutate()}>
            {t(person.inPool ? 'occurrences.assignPerson' : 'occurrences.assignOutsidePool', { name: detail ? `${person.displayName} (${detail})` : person.displayName })}
          </button>
        )}
        {assign.isError && <ErrorNote error={assign.error} />}
      </td>
    </tr>
  );
}

/**
 * What the person told us and what the ministry requires, against this occurrence (issue 17): away, serving an
 * overlapping shift, at their monthly limit, outside their preferred weeks, family rules with people already
 * serving, missing credentials.
 */
function AvailabilityMarks({ person }: { person: EligibleRow }) {
  const { t, i18n } = useTranslation();
  const names = (people: Array<{ displayName: string }> | undefined) => (people ?? []).map((p) => p.displayName).join(', ');
  const marks: Array<{ text: string; tone: 'warning' | 'good' }> = [];
  if (person.blockout) {
    const { startDate, endDate, startTime, endTime, reason } = person.blockout;
    const days = startDate === endDate ? formatDate(startDate, i18n.language) : `${formatDate(startDate, i18n.language)} – ${formatDate(endDate, i18n.language)}`;
    marks.push({ text: `${t('occurrences.blockedOut', { period: startTime ? `${days}, ${formatTimes(`${startDate} ${startTime}`, `${startDate} ${endTime}`, i18n.language)}` : days })}${reason ? ` (${reason})` : ''}`, tone: 'warning' });
  }
  if (person.marks?.includes('conflict')) marks.push({ text: t('occurrences.clash'), tone: 'warning' });
  if (person.overPreference) marks.push({ text: t('occurrences.atLimit', { count: person.servingsThisMonth, max: person.maxPerMonth }), tone: 'warning' });
  if (person.outsidePreferredWeeks) marks.push({ text: t('occurrences.outsideWeeks'), tone: 'warning' });
  if (person.householdConflictWith?.length) marks.push({ text: t('occurrences.servesApartFrom', { names: names(person.householdConflictWith) }), tone: 'warning' });
  if (person.householdTogetherWith?.length) marks.push({ text: t('occurrences.servesWith', { names: names(person.householdTogetherWith) }), tone: 'good' });
  for (const missing of person.missingRequirements ?? []) {
    marks.push({
      text: missing.expiredOn ? t('occurrences.expiredCredential', { name: missing.name, date: formatDate(missing.expiredOn, i18n.language) }) : t('occurrences.missingCredential', { name: missing.name }),
      tone: 'warning',
    });
  }
  if (marks.length === 0) return <span className="muted">{t('occurrences.available')}</span>;
  return (
    <ul className="marks">
      {marks.map((mark) => <li key={mark.text} className={`badge ${mark.tone === 'warning' ? 'badge-pending' : 'badge-accepted'}`}>{mark.text}</li>)}
    </ul>
  );
}
