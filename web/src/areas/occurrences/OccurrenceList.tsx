import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { Empty } from '../../components/feedback';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { MinistryPicker, When } from '../../components/workspace';
import { Table } from '../../components/Table';
import { teamLabel, useScope, type OccurrenceRow, useOccurrences, useTeamSchedules } from './api';
import { occurrencePath, StatusBadge } from './public';

const FILTERS = ['from', 'to', 'ministryId', 'teamId', 'scheduleId', 'text', 'hasGaps'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function defaultWindow() {
  const today = new Date();
  return { from: isoDay(today), to: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 28)) };
}

/** The filters live in the address, so a filtered list can be bookmarked and comes back after an occurrence's page. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = { ...defaultWindow() };
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value !== null) filters[name] = value;
  }
  const change = (changes: Filters) => {
    const next = { ...filters, ...changes };
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)), { replace: true });
  };
  return [filters, change] as const;
}

export function OccurrenceList() {
  const { t } = useTranslation();
  const [filters, change] = useFilters();
  const [text, setText] = useState(filters.text ?? '');
  // The text filter waits for a pause in typing, so one search is not one call per letter.
  useEffect(() => {
    const timer = setTimeout(() => { if (text !== (filters.text ?? '')) change({ text }); }, 350);
    return () => clearTimeout(timer);
  }, [text, filters.text]);
  const occurrences = useOccurrences(filters);
  useEffect(() => { document.title = t('occurrences.listTitle'); }, [t]);
  return (
    <>
      <h1>{t('occurrences.listTitle')}</h1>
      <form className="toolbar" role="search" aria-label={t('occurrences.filters')} onSubmit={(event) => event.preventDefault()}>
        <TextField label={t('occurrences.from')} type="date" value={filters.from} onChange={(event) => change({ from: event.target.value })} />
        <TextField label={t('occurrences.to')} type="date" value={filters.to} onChange={(event) => change({ to: event.target.value })} />
        <MinistryPicker
          value={filters.ministryId ? Number(filters.ministryId) : undefined}
          allLabel={t('occurrences.allMinistries')}
          onChange={(id) => change({ ministryId: id ? String(id) : '', teamId: '', scheduleId: '' })}
        />
        <TeamPicker ministryId={filters.ministryId} value={filters.teamId} onChange={(teamId) => change({ teamId, scheduleId: '' })} />
        <SchedulePicker teamId={filters.teamId} value={filters.scheduleId} onChange={(scheduleId) => change({ scheduleId })} />
        <TextField label={t('occurrences.text')} type="search" value={text} onChange={(event) => setText(event.target.value)} />
        <CheckboxField label={t('occurrences.hasGaps')} checked={filters.hasGaps === '1'} onChange={(event) => change({ hasGaps: event.target.checked ? '1' : '' })} />
      </form>
      <QueryState query={occurrences} />
      {occurrences.data && (
        <>
          {occurrences.data.capped && <p className="note note-warning">{t('occurrences.capped', { limit: occurrences.data.limit })}</p>}
          {occurrences.data.occurrences.length === 0
            ? <Empty><p>{t('occurrences.none')}</p></Empty>
            : <OccurrenceTable rows={occurrences.data.occurrences} />}
        </>
      )}
    </>
  );
}

function TeamPicker({ ministryId, value, onChange }: { ministryId?: string; value?: string; onChange: (teamId: string) => void }) {
  const { t } = useTranslation();
  const scope = useScope();
  const teams = (scope.data?.teams ?? []).filter((team) => !ministryId || String(team.ministryId) === ministryId);
  return (
    <SelectField label={t('occurrences.team')} value={value ?? ''} disabled={!scope.data} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('occurrences.allTeams')}</option>
      {teams.map((team) => <option key={team.id} value={team.id}>{ministryId ? team.name : `${team.ministryName} · ${team.name}`}</option>)}
    </SelectField>
  );
}

/** A team's schedules: the team's route is open to its leaders as well as to the ministry's coordinators. */
function SchedulePicker({ teamId, value, onChange }: { teamId?: string; value?: string; onChange: (scheduleId: string) => void }) {
  const { t } = useTranslation();
  const schedules = useTeamSchedules(teamId);
  return (
    <SelectField
      label={t('occurrences.schedule')}
      value={value ?? ''}
      disabled={!teamId || !schedules.data}
      error={schedules.isError ? schedules.error.message : undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t(teamId ? 'occurrences.allSchedules' : 'occurrences.chooseTeamFirst')}</option>
      {schedules.data?.map((schedule) => <option key={schedule.id} value={schedule.id}>{schedule.name}</option>)}
    </SelectField>
  );
}

function OccurrenceTable({ rows }: { rows: OccurrenceRow[] }) {
  const { t } = useTranslation();
  const scope = useScope();
  return (
    <Table cards head={[t('occurrences.when'), t('occurrences.schedule'), t('occurrences.ministryTeam'), t('occurrences.needed'), t('occurrences.live'), t('occurrences.pending'), t('occurrences.gaps')]} numberColumns={[3, 4, 5]} label={t('occurrences.listTitle')} caption={t('occurrences.listTitle')}>
      {rows.map((row) => (
        <tr key={row.id}>
          <th scope="row">
            <Link to={occurrencePath(row.id)}><When start={row.start} end={row.end} /></Link>
            {row.status === 'cancelled' && <> <StatusBadge status="cancelled" /></>}
          </th>
          <td>{row.scheduleName}</td>
          <td>{teamLabel(scope.data, row.teamId)}</td>
          <td className="number">{row.requiredCount}</td>
          <td className="number">{row.liveCount}</td>
          <td className="number">{row.pendingCount}</td>
          <td>
            {row.gaps.length === 0
              ? <span className="muted">{t('occurrences.noGaps')}</span>
              : row.gaps.map((gap) => <span key={gap.positionId} className="badge badge-declined gap-badge">{t('occurrences.gapOf', { position: gap.positionName, count: gap.gapCount })}</span>)}
          </td>
        </tr>
      ))}
    </Table>
  );
}
