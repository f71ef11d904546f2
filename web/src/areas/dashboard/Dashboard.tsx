import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok } from '../../api/client';
import { Empty, ErrorNote, Loading } from '../../components/feedback';
import { MinistryPicker, useMinistries } from '../../components/workspace';
import { formatDate } from '../../format';
import { occurrencePath, StatusBadge, TableScroll, When } from '../occurrences/shared';
import { DASHBOARD } from './keys';
import { ReplyPanels } from './ReplyPanels';
import { SwapCard } from './SwapCard';
import { inShiftOrder, type GapRow, type PendingRow, type SwapRow } from './rows';

const WINDOWS = [7, 28, 90] as const;

export function Dashboard() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(28);
  const [ministryId, setMinistryId] = useState<number>();
  const ministries = useMinistries();
  const dashboard = useQuery({
    queryKey: [...DASHBOARD, days],
    queryFn: async () => ok(api.GET('/api/ministries/dashboard', { params: { query: { days: String(days) } } })),
  });
  useEffect(() => { document.title = 'Ministry Dashboard'; }, []);
  // The API answers the reader's whole scope; one ministry's view is a filter of it.
  const inScope = <T extends { ministryId: number }>(rows: unknown[]) =>
    (rows as T[]).filter((row) => ministryId === undefined || row.ministryId === ministryId);
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <div className="toolbar">
        <WindowChoice days={days} onChange={setDays} />
        {(ministries.data?.length ?? 0) > 1 && <MinistryPicker value={ministryId} onChange={setMinistryId} allLabel={t('dashboard.allMinistries')} />}
      </div>
      {dashboard.isPending && <Loading />}
      {dashboard.isError && <ErrorNote error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      {dashboard.data && (
        <>
          <WindowSummary from={dashboard.data.from} to={dashboard.data.to} failed={dashboard.data.failedNotifications} isFiltered={ministryId !== undefined} />
          {dashboard.data.capped && <p className="note note-warning">{t('dashboard.capped', { limit: dashboard.data.limit })}</p>}
          <Gaps rows={inShiftOrder(inScope<GapRow>(dashboard.data.gaps))} />
          <PendingReplies rows={inScope<PendingRow>(dashboard.data.pendingResponses)} />
          <Swaps rows={inScope<SwapRow>(dashboard.data.proposedSwaps)} />
          <ReplyPanels ministryId={ministryId} />
        </>
      )}
    </>
  );
}

/** 7, 28 or 90 days ahead: radio buttons, drawn as a segmented control. */
function WindowChoice({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="window-choice">
      <legend>{t('dashboard.window')}</legend>
      <div className="segmented window-segments">
        {WINDOWS.map((value) => (
          <label key={value} className="window-segment">
            <input type="radio" name="dashboard-window" value={value} checked={days === value} onChange={() => onChange(value)} />
            <span>{t('dashboard.days', { count: value })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function WindowSummary({ from, to, failed, isFiltered }: { from: string; to: string; failed: number; isFiltered: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="dashboard-summary">
      <p className="muted">{t('dashboard.between', { from: formatDate(from, i18n.language), to: formatDate(to, i18n.language) })}</p>
      <p className={failed > 0 ? 'note note-warning failed-count' : 'note failed-count'}>
        <strong>{t('dashboard.failed', { count: failed })}</strong>
        {isFiltered && <span className="muted"> {t('dashboard.failedAllScope')}</span>}
      </p>
    </div>
  );
}

function Gaps({ rows }: { rows: GapRow[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="section-title">{t('dashboard.gaps')}</h2>
      {rows.length === 0 ? <Empty><p>{t('dashboard.noGaps')}</p></Empty> : (
        <TableScroll label={t('dashboard.gaps')}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.when')}</th>
                <th scope="col">{t('dashboard.position')}</th>
                <th scope="col">{t('dashboard.occurrence')}</th>
                <th scope="col" className="number">{t('dashboard.min')}</th>
                <th scope="col" className="number">{t('dashboard.live')}</th>
                <th scope="col" className="number">{t('dashboard.missing')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((gap) => (
                <tr key={`${gap.occurrenceId}-${gap.positionId}`} data-position-id={gap.positionId} data-occurrence-id={gap.occurrenceId}>
                  <td><Link to={occurrencePath(gap.occurrenceId)}><When start={gap.start} end={gap.end} /></Link></td>
                  <th scope="row">{gap.positionName}</th>
                  <td>{gap.scheduleName}<div className="muted small">{gap.ministryName} · {gap.teamName}</div></td>
                  <td className="number">{gap.minCount}</td>
                  <td className="number">{gap.liveCount}</td>
                  <td className="number"><span className="badge badge-declined">{gap.gapCount}</span></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function PendingReplies({ rows }: { rows: PendingRow[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="section-title">{t('dashboard.pending')}</h2>
      {rows.length === 0 ? <Empty><p>{t('dashboard.noPending')}</p></Empty> : (
        <TableScroll label={t('dashboard.pending')}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.person')}</th>
                <th scope="col">{t('dashboard.position')}</th>
                <th scope="col">{t('dashboard.when')}</th>
                <th scope="col">{t('dashboard.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.displayName}</th>
                  <td>{row.positionName}<div className="muted small">{row.ministryName} · {row.teamName}</div></td>
                  <td><Link to={occurrencePath(row.occurrenceId)}><When start={row.start} end={row.end} /></Link></td>
                  <td>
                    <StatusBadge status={row.status} />
                    {row.withinReminderWindow && <> <span className="badge badge-reminder">{t('dashboard.reminderWindow')}</span></>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function Swaps({ rows }: { rows: SwapRow[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="section-title">{t('dashboard.swaps')}</h2>
      {rows.length === 0 ? <Empty><p>{t('dashboard.noSwaps')}</p></Empty> : (
        <ul className="list swap-list">{rows.map((swap) => <SwapCard key={swap.id} swap={swap} />)}</ul>
      )}
    </section>
  );
}
