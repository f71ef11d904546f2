import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { Empty } from '../../components/feedback';
import { formatDay, formatTimes, today } from '../../format';
import { useScheduleOccurrences, type Schedule } from './api';

/** The upcoming events the schedule has attached (its occurrences), with what each still needs. */
export function FollowedEvents({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="followed-events">
      <h2 id="followed-events">{t('schedules.followedEvents')}</h2>
      <p className="muted">{t('schedules.followedEventsHint')}</p>
      <OccurrenceTable schedule={schedule} />
    </section>
  );
}

function OccurrenceTable({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const occurrences = useScheduleOccurrences(schedule, today());
  if (occurrences.fetchStatus === 'idle' && occurrences.isPending) return <Empty><p>{t('schedules.noFollowedEvents')}</p></Empty>;
  if (!occurrences.isSuccess) return <QueryState query={occurrences} />;
  if (occurrences.data.occurrences.length === 0) return <Empty><p>{t('schedules.noFollowedEvents')}</p></Empty>;
  return (
    <>
      <Table cards className="schedules-table" head={[t('schedules.date'), t('schedules.time'), t('schedules.staffing')]}>
        {occurrences.data.occurrences.map((occurrence) => (
          <tr key={occurrence.id}>
            <th scope="row">{formatDay(occurrence.start, i18n.language)}</th>
            <td>{formatTimes(occurrence.start, occurrence.end, i18n.language)}</td>
            <td>
              {occurrence.status === 'cancelled'
                ? <span className="badge badge-cancelled">{t('schedules.cancelled')}</span>
                : t('schedules.filledOf', { filled: occurrence.filledCount, needed: occurrence.requiredCount })}
              {occurrence.status !== 'cancelled' && occurrence.gapCount > 0 && <> · <span className="badge badge-declined">{t('schedules.gaps', { count: occurrence.gapCount })}</span></>}
            </td>
          </tr>
        ))}
      </Table>
      {occurrences.data.capped && <p className="muted">{t('schedules.capped', { count: occurrences.data.limit })}</p>}
    </>
  );
}
