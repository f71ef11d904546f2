import type { TFunction } from 'i18next';
import { Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { QueryState } from '../../components/QueryState';
import { Empty } from '../../components/feedback';
import { SelectField, TextField } from '../../components/fields';
import { formatDate, formatTimes, today } from '../../format';
import { AutoFill } from '../autofill/public';
import { CellAssign } from '../occurrences/public';
import { useScope } from '../occurrences/api';
import { rosterFile, useRoster, type Roster, type RosterAnswer, type RosterCell, type RosterFilters, type RosterOccurrence, type RosterPosition } from './api';

const ROSTER_DAYS = 8 * 7;

/** A date `days` after `date` (both `YYYY-MM-DD`). */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The filters live in the address, so a roster can be bookmarked and printed again; the range defaults to the next eight weeks. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const scope = useScope();
  const from = params.get('from') || today();
  const to = params.get('to') || addDays(from, ROSTER_DAYS - 1);
  const ministries = useMemo(() => {
    const seen = new Map<number, string>();
    for (const ministry of scope.data?.ministries ?? []) if (ministry.manageable) seen.set(ministry.id, ministry.name);
    for (const team of scope.data?.teams ?? []) if (!seen.has(team.ministryId)) seen.set(team.ministryId, team.ministryName);
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [scope.data]);
  const asked = Number(params.get('ministryId')) || undefined;
  const ministryId = asked ?? ministries[0]?.id;
  const teams = (scope.data?.teams ?? []).filter((team) => team.ministryId === ministryId);
  const leadsOnly = ministryId !== undefined && !(scope.data?.ministries ?? []).some((m) => m.id === ministryId && m.manageable);
  const teamId = Number(params.get('teamId')) || (leadsOnly ? teams[0]?.id : undefined);
  const filters: RosterFilters | undefined = ministryId === undefined ? undefined : { ministryId, teamId, from, to };
  const change = (changes: Partial<Record<'ministryId' | 'teamId' | 'from' | 'to', string>>) => {
    const next: Record<string, string> = { from, to, ...(ministryId && { ministryId: String(ministryId) }), ...(teamId && { teamId: String(teamId) }), ...changes };
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)), { replace: true });
  };
  return { filters, ministries, teams, leadsOnly, change, scope };
}

export function RosterPage() {
  const { t } = useTranslation();
  const { filters, ministries, teams, leadsOnly, change, scope } = useFilters();
  const roster = useRoster(filters);
  useEffect(() => { document.title = t('roster.title'); }, [t]);
  return (
    <div className="roster-page">
      <h1>{t('roster.title')}</h1>
      <p className="muted no-print">{t('roster.intro')}</p>
      <form className="toolbar no-print" role="search" aria-label={t('roster.filters')} onSubmit={(event) => event.preventDefault()}>
        <SelectField label={t('roster.ministry')} value={filters?.ministryId ?? ''} disabled={!scope.data} onChange={(event) => change({ ministryId: event.target.value, teamId: '' })}>
          {filters === undefined && <option value="">{t('roster.chooseMinistry')}</option>}
          {ministries.map((ministry) => <option key={ministry.id} value={ministry.id}>{ministry.name}</option>)}
        </SelectField>
        <SelectField label={t('roster.team')} value={filters?.teamId ?? ''} disabled={!scope.data} onChange={(event) => change({ teamId: event.target.value })}>
          {!leadsOnly && <option value="">{t('roster.allTeams')}</option>}
          {teams.map((team) => <option key={team.id} value={team.id}>{team.name}</option>)}
        </SelectField>
        <TextField label={t('roster.from')} type="date" value={filters?.from ?? ''} onChange={(event) => change({ from: event.target.value })} />
        <TextField label={t('roster.to')} type="date" value={filters?.to ?? ''} onChange={(event) => change({ to: event.target.value })} />
        <button type="button" className="button" onClick={() => change({ from: '', to: '' })}>{t('roster.eightWeeks')}</button>
      </form>
      <QueryState query={scope} />
      {filters && <QueryState query={roster} />}
      {filters && roster.data && <RosterView roster={roster.data} filters={filters} />}
    </div>
  );
}

function RosterView({ roster, filters }: { roster: Roster; filters: RosterFilters }) {
  const { t, i18n } = useTranslation();
  const title = roster.teamName ? `${roster.ministryName} · ${roster.teamName}` : roster.ministryName;
  return (
    <>
      <h2 className="roster-heading">
        {title} <span className="muted">{t('roster.grid', { from: formatDate(roster.from, i18n.language), to: formatDate(roster.to, i18n.language) })}</span>
      </h2>
      <Downloads filters={filters} hasTeam={roster.teamId !== null} />
      {roster.capped && <p className="note note-warning">{t('roster.capped', { count: roster.limit })}</p>}
      {roster.occurrences.length === 0
        ? <Empty><p>{t('roster.none')}</p></Empty>
        : (
          <>
            <Legend />
            <RosterGrid roster={roster} />
          </>
        )}
      <div className="no-print">
        <AutoFill scope={roster.teamId !== null ? { teamId: roster.teamId, from: roster.from, to: roster.to } : { ministryId: roster.ministryId, from: roster.from, to: roster.to }} />
      </div>
    </>
  );
}

function Downloads({ filters, hasTeam }: { filters: RosterFilters; hasTeam: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="roster-downloads no-print" aria-label={t('roster.downloads')}>
      <button type="button" className="button" onClick={() => window.print()}>{t('roster.print')}</button>
      <a className="button button-quiet" href={rosterFile(filters, 'csv')} download>{t('roster.csv')}</a>
      {hasTeam && <a className="button button-quiet" href={rosterFile(filters, 'ics')} download>{t('roster.ics')}</a>}
      <a className="button button-quiet" href="/api/persons.csv" download>{t('roster.people')}</a>
    </nav>
  );
}

const ANSWERS: RosterAnswer[] = ['accepted', 'pending', 'declined', 'completed'];
/** Each answer's mark: a shape as well as a colour, so no answer is told by colour alone. */
const MARK: Record<RosterAnswer, string> = { accepted: '✓', pending: '?', declined: '✗', completed: '●' };

function Legend() {
  const { t } = useTranslation();
  return (
    <p className="roster-legend">
      <span className="visually-hidden">{t('roster.legend')}: </span>
      {ANSWERS.map((answer) => (
        <span key={answer} className={`roster-answer answer-${answer}`}><span aria-hidden="true">{MARK[answer]}</span> {t(`roster.answer.${answer}`)}</span>
      ))}
      <span className="muted no-print">{t('roster.keyboardHint')}</span>
    </p>
  );
}

type OpenCell = { occurrenceId: number; positionId: number; positionName: string; row: number; column: number };

/**
 * The grid: a column per occurrence, a row per position, sticky headers. One cell at a time is in the Tab order; the
 * arrow keys move between cells, Home and End to a row's ends, and Enter or a click opens the assign panel.
 */
function RosterGrid({ roster }: { roster: Roster }) {
  const { t, i18n } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ row: 0, column: 0 });
  const [open, setOpen] = useState<OpenCell>();
  // The cell the dialog was opened from: the dialog hands the focus back to it after `open` is cleared.
  const opener = useRef<OpenCell | undefined>(undefined);
  const cells = useMemo(() => new Map(roster.cells.map((cell) => [`${cell.occurrenceId}:${cell.positionId}`, cell])), [roster.cells]);
  const showTeam = roster.teamId === null && new Set(roster.positions.map((p) => p.teamId)).size > 1;

  const focusCell = (row: number, column: number) => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-row="${row}"][data-column="${column}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const rows = roster.positions.length;
    const columns = roster.occurrences.length;
    let target: { row: number; column: number } | undefined;
    if (event.key in moves) {
      const [dr, dc] = moves[event.key];
      // Skips the cells nobody can assign in (another team's dates), to the next one that can be.
      for (let row = active.row + dr, column = active.column + dc; row >= 0 && row < rows && column >= 0 && column < columns; row += dr, column += dc) {
        if (grid.current?.querySelector(`[data-row="${row}"][data-column="${column}"]`)) { target = { row, column }; break; }
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      const found = [...(grid.current?.querySelectorAll<HTMLElement>(`[data-row="${active.row}"]`) ?? [])];
      const cell = event.key === 'Home' ? found[0] : found.at(-1);
      if (cell) target = { row: active.row, column: Number(cell.dataset.column) };
    }
    if (!target) return;
    event.preventDefault();
    setActive(target);
    focusCell(target.row, target.column);
  };
  // The first assignable cell starts in the Tab order.
  const first = useMemo(() => {
    for (const [row, position] of roster.positions.entries()) {
      for (const [column, occurrence] of roster.occurrences.entries()) if (assignable(position, occurrence, cells)) return { row, column };
    }
    return { row: 0, column: 0 };
  }, [roster, cells]);
  useEffect(() => setActive(first), [first]);

  return (
    <>
      <div className="table-scroll roster-scroll" role="region" aria-label={t('roster.title')} tabIndex={-1} ref={grid} onKeyDown={onKeyDown}>
        <table className="table roster-grid">
          <caption className="visually-hidden">{t('roster.grid', { from: formatDate(roster.from, i18n.language), to: formatDate(roster.to, i18n.language) })}</caption>
          <thead>
            <tr>
              <th scope="col" className="roster-corner">{t('roster.position')}</th>
              {roster.occurrences.map((occurrence) => <ColumnHead key={occurrence.id} occurrence={occurrence} showTeam={showTeam} />)}
            </tr>
          </thead>
          <tbody>
            {roster.positions.map((position, row) => (
              <tr key={position.id}>
                <th scope="row" className="roster-position">
                  {position.name}
                  {showTeam && <span className="roster-team">{position.teamName}</span>}
                </th>
                {roster.occurrences.map((occurrence, column) => {
                  const cell = cells.get(`${occurrence.id}:${position.id}`);
                  if (!assignable(position, occurrence, cells)) return <td key={occurrence.id} className="roster-blank" />;
                  return (
                    <td key={occurrence.id} className={cellClass(cell, occurrence)}>
                      <CellButton
                        cell={cell}
                        position={position}
                        occurrence={occurrence}
                        row={row}
                        column={column}
                        tabbable={active.row === row && active.column === column}
                        onOpen={() => {
                          setActive({ row, column });
                          setOpen((opener.current = { occurrenceId: occurrence.id, positionId: position.id, positionName: position.name, row, column }));
                        }}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog
        title={open ? t('roster.assignTitle', { position: open.positionName }) : ''}
        className="dialog-wide"
        open={open !== undefined}
        onOpenChange={(isOpen) => { if (!isOpen) setOpen(undefined); }}
        keepFocus={() => {
          const cell = opener.current;
          if (cell) setTimeout(() => focusCell(cell.row, cell.column));
          return true;
        }}
      >
        {open && (
          <Suspense fallback={<p className="muted">…</p>}>
            <CellAssign occurrenceId={open.occurrenceId} positionId={open.positionId} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}

/** A cell can be assigned in when the occurrence is the position's team's and it is not cancelled, or when someone is already there. */
function assignable(position: RosterPosition, occurrence: RosterOccurrence, cells: Map<string, RosterCell>) {
  return cells.has(`${occurrence.id}:${position.id}`) || (position.teamId === occurrence.teamId && occurrence.status === 'scheduled');
}

function cellClass(cell: RosterCell | undefined, occurrence: RosterOccurrence) {
  if (occurrence.status === 'cancelled') return 'roster-cell-cancelled';
  if (!cell?.required) return 'roster-cell-unplanned';
  return cell.gapCount > 0 ? 'roster-cell-gap' : 'roster-cell-filled';
}

function ColumnHead({ occurrence, showTeam }: { occurrence: RosterOccurrence; showTeam: boolean }) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${occurrence.occurrenceDate}T00:00:00Z`));
  return (
    <th scope="col" className="roster-occurrence">
      <span className="roster-date">{day}</span>
      <span className="roster-time">{formatTimes(occurrence.start, occurrence.end, i18n.language)}</span>
      <span className="roster-schedule">{occurrence.scheduleName}{showTeam && ` · ${occurrence.teamName}`}</span>
      {occurrence.status === 'cancelled'
        ? <span className="badge badge-cancelled">{t('roster.cancelled')}</span>
        : <span className={occurrence.gapCount > 0 ? 'roster-figure roster-figure-gap' : 'roster-figure'}>{t('roster.filledOf', { filled: occurrence.filledCount, needed: occurrence.requiredCount })}</span>}
    </th>
  );
}

function CellButton({ cell, position, occurrence, row, column, tabbable, onOpen }: {
  cell: RosterCell | undefined; position: RosterPosition; occurrence: RosterOccurrence; row: number; column: number; tabbable: boolean; onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const state = needText(cell, t);
  const people = cell?.people ?? [];
  const spoken = [state, ...people.map((p) => `${p.displayName} (${t(`roster.answer.${p.status}`)})`)].join(', ');
  return (
    <button
      type="button"
      className="roster-cell"
      data-row={row}
      data-column={column}
      tabIndex={tabbable ? 0 : -1}
      aria-label={t('roster.cellName', { position: position.name, date: formatDate(occurrence.occurrenceDate, i18n.language), state: spoken })}
      onClick={onOpen}
    >
      {people.length > 0 && (
        <ul className="roster-people">
          {people.map((person) => (
            <li key={person.assignmentId} className={`roster-answer answer-${person.status}`} title={t(`roster.answer.${person.status}`)}>
              <span aria-hidden="true">{MARK[person.status]}</span> {person.displayName}
            </li>
          ))}
        </ul>
      )}
      <span className="roster-need">{state}</span>
    </button>
  );
}

function needText(cell: RosterCell | undefined, t: TFunction): string {
  if (!cell?.required) return (cell?.people.length ?? 0) > 0 ? t('roster.notPlanned') : t('roster.nobody');
  if (cell.gapCount > 0) return t('roster.missing', { count: cell.gapCount });
  return cell.openCount > 0 ? t('roster.room', { count: cell.openCount }) : t('roster.full');
}
