import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { Empty } from '../../components/feedback';
import { MinistryPicker, useMinistries, When } from '../../components/workspace';
import { formatDate } from '../../format';
import { occurrencePath, StatusBadge } from '../occurrences/public';
import { useDashboard, type GapRow, type PendingRow, type SwapRow } from './api';
import { ReplyPanels } from './ReplyPanels';
import { MessageLink } from '../messaging/public';
import { SwapCard } from './SwapCard';
import { inShiftOrder } from './rows';
import { Table } from '../../components/Table';

const WINDOWS = [7, 28, 90] as const;

export function Dashboard() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(28);
  const [ministryId, setMinistryId] = useState<number>();
  const ministries = useMinistries();
  const dashboard = useDashboard(days);
  useEffect(() => { document.title = 'Ministry Dashboard'; }, []);
  // The API answers the reader's whole scope; one ministry's view is a filter of it.
  const inScope = <T extends { ministryId: number }>(rows: T[]) => rows.filter((row) => ministryId === undefined || row.ministryId === ministryId);
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <div className="toolbar">
        <WindowChoice days={days} onChange={setDays} />
        {(ministries.data?.length ?? 0) > 1 && <MinistryPicker value={ministryId} onChange={setMinistryId} allLabel={t('dashboard.allMinistries')} />}
        <MessageLink choice={{ ministryId }} />
      </div>
      <QueryState query={dashboard} />
      {dashboard.data && (
        <>
          <WindowSummary from={dashboard.data.from} to={dashboard.data.to} failed={dashboard.data.failedNotifications} isFiltered={ministryId !== undefined} />
          {dashboard.data.capped && <p className="note note-warning">{t('dashboard.capped', { limit: dashboard.data.limit })}</p>}
          <Gaps rows={inShiftOrder(inScope(dashboard.data.gaps))} />
          <PendingReplies rows={inScope(dashboard.data.pendingResponses)} />
          <Swaps rows={inScope(dashboard.data.proposedSwaps)} />
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
        <Table cards head={[t('dashboard.when'), t('dashboard.position'), t('dashboard.occurrence'), t('dashboard.min'), t('dashboard.live'), t('dashboard.missing')]} numberColumns={[3, 4, 5]} label={t('dashboard.gaps')}>
          {rows.map((gap) => (
            <tr key={`${gap.occurrenceId}-${gap.positionId}`} data-position-id={gap.positionId} data-occurrence-id={gap.occurrenceId}>
              <td><Link to={occurrencePath(gap.occurrenceId, gap.positionId)}><When start={gap.start} end={gap.end} /></Link></td>
              <th scope="row">{gap.positionName}</th>
              <td>{gap.scheduleName}<div className="muted small">{gap.ministryName} · {gap.teamName}</div></td>
              <td className="number">{gap.minCount}</td>
              <td className="number">{gap.liveCount}</td>
              <td className="number"><span className="badge badge-declined">{gap.gapCount}</span></td>
            </tr>
          ))}
        </Table>
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
        <Table cards head={[t('dashboard.person'), t('dashboard.position'), t('dashboard.when'), t('dashboard.status')]} label={t('dashboard.pending')}>
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
        </Table>
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
