import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { SelectField, TextField } from '../../components/fields';
import { MinistryPicker, useMinistries } from '../../components/workspace';
import { useScope } from '../occurrences/api';
import { formatDate, formatPercent, formatShortDate } from '../../format';
import { Chart, type ChartSeries } from './Chart';
import { csvFile } from '../../../../src/shared/csv';
import { saveCsv } from './csv';
import { useReport, type Report, type ReportFilters } from './api';

/** Someone serves "often" at twice the pool's average or more (and at least 3 times). */
const OFTEN_FACTOR = 2;
const OFTEN_AT_LEAST = 3;
/** The servings and hours charts show this many people, most first; the tables list everyone. */
const CHART_PEOPLE = 20;

/**
 * The filters live in the address, so a report can be bookmarked; the range is the service's default until chosen.
 * A team narrows everything (charts, tables and files) to that team's schedules.
 */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const ministries = useMinistries();
  const scope = useScope();
  const asked = Number(params.get('ministryId'));
  const ministryId = asked > 0 ? asked : ministries.data?.[0]?.id;
  const teams = (scope.data?.teams ?? []).filter((team) => team.ministryId === ministryId);
  const teamId = Number(params.get('teamId')) || undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filters: ReportFilters | undefined = ministryId === undefined ? undefined : { ministryId, teamId, from: from || undefined, to: to || undefined };
  const change = (changes: Partial<Record<'ministryId' | 'teamId' | 'from' | 'to', string>>) => {
    const next: Record<string, string> = { ...(ministryId && { ministryId: String(ministryId) }), ...(teamId && { teamId: String(teamId) }), from, to, ...changes };
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)), { replace: true });
  };
  return { filters, from, to, change, ministries, teams };
}

export function ReportsPage() {
  const { t } = useTranslation();
  const { filters, from, to, change, ministries, teams } = useFilters();
  const report = useReport(filters);
  useEffect(() => { document.title = t('reports.title'); }, [t]);
  return (
    <div className="reports-page">
      <h1>{t('reports.title')}</h1>
      <p className="muted">{t('reports.intro')}</p>
      <form className="toolbar" role="search" aria-label={t('reports.filters')} onSubmit={(event) => event.preventDefault()}>
        <MinistryPicker value={filters?.ministryId} onChange={(id) => change({ ministryId: id ? String(id) : '', teamId: '' })} />
        <SelectField label={t('reports.team')} value={filters?.teamId ?? ''} onChange={(event) => change({ teamId: event.target.value })}>
          <option value="">{t('reports.wholeMinistry')}</option>
          {teams.map((team) => <option key={team.id} value={team.id}>{team.name}</option>)}
        </SelectField>
        <TextField label={t('reports.from')} type="date" value={from || report.data?.from || ''} onChange={(event) => change({ from: event.target.value })} />
        <TextField label={t('reports.to')} type="date" value={to || report.data?.to || ''} onChange={(event) => change({ to: event.target.value })} />
        <button type="button" className="button" onClick={() => change({ from: '', to: '' })}>{t('reports.defaultRange')}</button>
      </form>
      <QueryState query={ministries} />
      {filters && <QueryState query={report}>{(data) => <ReportView report={data} teamName={teams.find((team) => team.id === data.teamId)?.name} />}</QueryState>}
    </div>
  );
}

function Section({ id, title, intro, csv, children }: { id: string; title: string; intro: string; csv: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <div className="report-section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="button button-quiet" onClick={csv}>{t('reports.csv', { what: title })}</button>
      </div>
      <p className="muted">{intro}</p>
      {children}
    </section>
  );
}

function ReportView({ report, teamName }: { report: Report; teamName: string | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const file = (what: string) => `${what}${report.teamId === null ? '' : `-team-${report.teamId}`}-${report.from}-${report.to}.csv`;
  const weekLabels = useMemo(() => report.weeks.map((w) => formatShortDate(w.week, locale)), [report, locale]);
  const percent = useMemo(() => (share: number) => formatPercent(share, locale), [locale]);

  const coverage = useMemo<ChartSeries[]>(() => [
    { label: t('reports.coverage.share'), kind: 'bar', color: '#2f6f4f', values: report.weeks.map((w) => w.coverage) },
  ], [report, t]);
  const replies = useMemo<ChartSeries[]>(() => [
    { label: t('reports.replies.accepted'), kind: 'line', color: '#2f6f4f', values: report.weeks.map((w) => w.accepted) },
    { label: t('reports.replies.declined'), kind: 'line', color: '#b3261e', dash: [8, 4], values: report.weeks.map((w) => w.declined) },
    { label: t('reports.replies.noAnswer'), kind: 'line', color: '#7a4100', dash: [2, 4], values: report.weeks.map((w) => w.noAnswer) },
  ], [report, t]);

  const serving = report.people.filter((p) => p.inPool);
  const average = serving.length === 0 ? 0 : serving.reduce((sum, p) => sum + p.servings, 0) / serving.length;
  const often = (servings: number) => servings >= OFTEN_AT_LEAST && servings >= OFTEN_FACTOR * average;
  const never = report.people.filter((p) => p.servings === 0);
  const charted = useMemo(() => report.people.filter((p) => p.servings > 0).slice(0, CHART_PEOPLE), [report]);
  const servingsLabels = useMemo(() => charted.map((p) => p.displayName.split(' ')[0]), [charted]);
  const servingsSeries = useMemo<ChartSeries[]>(() => [
    { label: t('reports.people.servings'), kind: 'bar', color: '#1f5c99', values: charted.map((p) => p.servings) },
  ], [charted, t]);

  // Hours served, most first: who came, from the check-ins (issue 36 #4).
  const attended = useMemo(() => [...report.people].filter((p) => p.hoursServed > 0).sort((a, b) => b.hoursServed - a.hoursServed).slice(0, CHART_PEOPLE), [report]);
  const attendedLabels = useMemo(() => attended.map((p) => p.displayName.split(' ')[0]), [attended]);
  const hoursSeries = useMemo<ChartSeries[]>(() => [
    { label: t('reports.attendance.hours'), kind: 'bar', color: '#5b3f8c', values: attended.map((p) => p.hoursServed) },
  ], [attended, t]);
  const hours = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 2 });
  const tracked = report.attendanceTracked;

  // The tables list the weeks with a service; the charts show every week of the range.
  const served = report.weeks.filter((w) => w.occurrenceCount > 0);
  const range = t('reports.range', { from: formatDate(report.from, locale), to: formatDate(report.to, locale) });
  return (
    <>
      <p className="report-range">{[report.ministryName, teamName, range].filter(Boolean).join(' · ')}</p>

      <Section id="coverage" title={t('reports.coverage.title')} intro={t('reports.coverage.intro')} csv={() => saveCsv(file('coverage'), csvFile(
        ['week', 'occurrences', 'min', 'filled', 'coverage'],
        report.weeks.map((w) => [w.week, w.occurrenceCount, w.requiredCount, w.filledCount, w.coverage === null ? null : Math.round(w.coverage * 1000) / 1000]),
      ))}>
        <Chart labels={weekLabels} series={coverage} yMax={1} format={percent} summary={t('reports.tableBelow')} />
        {served.length === 0 && <p>{t('reports.noServices')}</p>}
        <Table label={t('reports.coverage.table')} head={[t('reports.week'), t('reports.coverage.occurrences'), t('reports.coverage.min'), t('reports.coverage.filled'), t('reports.coverage.share')]} numberColumns={[1, 2, 3, 4]}>
          {served.map((w) => (
            <tr key={w.week} data-week={w.week}>
              <th scope="row">{formatDate(w.week, locale)}</th>
              <td className="number">{w.occurrenceCount}</td>
              <td className="number">{w.requiredCount}</td>
              <td className="number">{w.filledCount}</td>
              <td className="number">{w.coverage === null ? '—' : percent(w.coverage)}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="replies" title={t('reports.replies.title')} intro={t('reports.replies.intro')} csv={() => saveCsv(file('replies'), csvFile(
        ['week', 'accepted', 'declined', 'noAnswer'], report.weeks.map((w) => [w.week, w.accepted, w.declined, w.noAnswer]),
      ))}>
        <Chart labels={weekLabels} series={replies} summary={t('reports.tableBelow')} />
        <Table label={t('reports.replies.table')} head={[t('reports.week'), t('reports.replies.accepted'), t('reports.replies.declined'), t('reports.replies.noAnswer')]} numberColumns={[1, 2, 3]}>
          {served.map((w) => (
            <tr key={w.week} data-week={w.week}>
              <th scope="row">{formatDate(w.week, locale)}</th>
              <td className="number">{w.accepted}</td>
              <td className="number">{w.declined}</td>
              <td className="number">{w.noAnswer}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="people" title={t('reports.people.title')} intro={t('reports.people.intro')} csv={() => saveCsv(file('servings'), csvFile(
        ['personId', 'name', 'servings', 'accepted', 'declined', 'noAnswer', 'inPool'],
        report.people.map((p) => [p.personId, p.displayName, p.servings, p.accepted, p.declined, p.noAnswer, p.inPool ? 'yes' : 'no']),
      ))}>
        {charted.length > 0 && <Chart labels={servingsLabels} series={servingsSeries} summary={t('reports.people.chartNote', { count: charted.length })} />}
        <p>{t('reports.people.average', { average: average.toLocaleString(locale, { maximumFractionDigits: 1 }) })}{' '}
          {never.length > 0 && t('reports.people.never', { count: never.length })}</p>
        <Table cards label={t('reports.people.table')} head={[t('reports.people.person'), t('reports.people.servings'), t('reports.replies.accepted'), t('reports.replies.declined'), t('reports.replies.noAnswer'), t('reports.people.note')]} numberColumns={[1, 2, 3, 4]}>
          {report.people.map((p) => (
            <tr key={p.personId} data-person={p.personId}>
              <th scope="row">{p.displayName}</th>
              <td className="number">{p.servings}</td>
              <td className="number">{p.accepted}</td>
              <td className="number">{p.declined}</td>
              <td className="number">{p.noAnswer}</td>
              <td>{[
                often(p.servings) && t('reports.people.often'),
                p.servings === 0 && t('reports.people.none'),
                !p.inPool && t('reports.people.outsidePool'),
              ].filter(Boolean).join(' · ')}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="attendance" title={t('reports.attendance.title')} intro={t('reports.attendance.intro')} csv={() => saveCsv(file('attendance'), csvFile(
        ['personId', 'name', 'served', ...(tracked ? ['noShows'] : []), 'hoursServed'],
        report.people.map((p) => [p.personId, p.displayName, p.served, ...(tracked ? [p.noShows] : []), p.hoursServed]),
      ))}>
        {!tracked && <p className="note">{t('reports.attendance.notTracked')}</p>}
        {attended.length > 0
          ? <Chart labels={attendedLabels} series={hoursSeries} format={hours} summary={t('reports.attendance.chartNote', { count: attended.length })} />
          : <p>{t('reports.attendance.nobody')}</p>}
        <Table cards label={t('reports.attendance.table')} numberColumns={tracked ? [1, 2, 3] : [1, 2]}
          head={[t('reports.people.person'), t('reports.attendance.served'), ...(tracked ? [t('reports.attendance.noShows')] : []), t('reports.attendance.hours')]}>
          {report.people.map((p) => (
            <tr key={p.personId} data-person={p.personId}>
              <th scope="row">{p.displayName}</th>
              <td className="number">{p.served}</td>
              {tracked && <td className="number">{p.noShows}</td>}
              <td className="number">{hours(p.hoursServed)}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}
