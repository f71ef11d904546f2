import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { Empty } from '../../components/feedback';
import { MinistryPicker, useMinistryParam } from '../../components/workspace';
import { formatDate } from '../../format';
import { useSchedules, useTeams, type Schedule } from './api';
import { Table } from '../../components/Table';

/** What a schedule follows, in a coordinator's words. */
export function followsText(schedule: Schedule, t: TFunction): string {
  switch (schedule.linkMode) {
    case 'class':
      return t('schedules.follows.class', { name: schedule.groupName ?? '' });
    case 'ministry':
      return t('schedules.follows.ministry', { title: schedule.titleFilter ?? '' });
    case 'event':
      return t('schedules.follows.event', { title: schedule.eventTitle ?? '' });
    default:
      return t('schedules.follows.event_type', { type: schedule.eventTypeName ?? '', title: schedule.titleFilter ?? '' });
  }
}

export function ScheduleList() {
  const { t } = useTranslation();
  const [ministryId, setMinistryId] = useMinistryParam();
  return (
    <>
      <h1>{t('schedules.title')}</h1>
      <p className="muted">{t('schedules.intro')}</p>
      <div className="toolbar">
        <MinistryPicker value={ministryId} onChange={setMinistryId} />
        {ministryId !== undefined && <Link to={`/ministries/schedules/new?ministryId=${ministryId}`} className="button button-primary">{t('schedules.new')}</Link>}
      </div>
      {ministryId !== undefined && <SchedulesTable ministryId={ministryId} />}
    </>
  );
}

function SchedulesTable({ ministryId }: { ministryId: number }) {
  const { t, i18n } = useTranslation();
  const schedules = useSchedules(ministryId);
  const teams = useTeams(ministryId);
  if (!schedules.isSuccess) return <QueryState query={schedules} />;
  if (schedules.data.length === 0) return <Empty><p>{t('schedules.empty')}</p></Empty>;
  return (
    <Table head={[t('schedules.name'), t('schedules.team'), t('schedules.followsHeading'), t('schedules.window'), t('schedules.occurrences'), t('schedules.state')]} className="schedules-table">
      {schedules.data.map((schedule) => (
        <tr key={schedule.id}>
          <th scope="row"><Link to={`/ministries/schedules/${schedule.id}`}>{schedule.name}</Link></th>
          <td>{teams.data?.find((team) => team.id === schedule.teamId)?.name}</td>
          <td>{followsText(schedule, t)}</td>
          <td>
            {schedule.windowEnd
              ? t('schedules.windowRange', { from: formatDate(schedule.windowStart, i18n.language), to: formatDate(schedule.windowEnd, i18n.language) })
              : t('schedules.windowOpen', { from: formatDate(schedule.windowStart, i18n.language) })}
          </td>
          <td>{schedule.occurrenceCount}</td>
          <td><span className={`badge ${schedule.active ? 'badge-accepted' : ''}`}>{t(schedule.active ? 'schedules.active' : 'schedules.inactive')}</span></td>
        </tr>
      ))}
    </Table>
  );
}
