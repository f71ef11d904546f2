import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, ErrorNote, Loading, SuccessNote } from '../../components/feedback';
import { MinistryPicker, useMinistryParam } from '../../components/workspace';
import { formatDate, formatTimes } from '../../format';
import { useMinistryEvents, type MinistryEvent } from './api';
import { DeleteEvent, EditEvent } from './EditEvent';
import { NewEventForm } from './NewEventForm';
import { StaffEvent } from './StaffEvent';
import { Table } from '../../components/Table';

/** `/ministries/events`: the chosen ministry's own events with their staffing per team, and new events. */
export function EventsPage() {
  const { t } = useTranslation();
  const [ministryId, setMinistryId] = useMinistryParam();
  return (
    <>
      <h1>{t('events.title')}</h1>
      <p className="muted">{t('events.intro')}</p>
      <div className="toolbar">
        <MinistryPicker value={ministryId} onChange={setMinistryId} />
      </div>
      {ministryId !== undefined && (
        <div className="events-layout">
          <NewEventForm key={ministryId} ministryId={ministryId} />
          <EventList ministryId={ministryId} />
        </div>
      )}
    </>
  );
}

function EventList({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const [past, setPast] = useState(false);
  const [notice, setNotice] = useState<string>();
  const events = useMinistryEvents(ministryId, past);
  return (
    <section aria-labelledby="event-list">
      <h2 id="event-list">{t(past ? 'events.pastEvents' : 'events.upcomingEvents')}</h2>
      <div className="segmented events-when" role="group" aria-label={t('events.which')}>
        <button type="button" className="segment" aria-pressed={!past} data-state={past ? 'inactive' : 'active'} onClick={() => setPast(false)}>{t('events.upcoming')}</button>
        <button type="button" className="segment" aria-pressed={past} data-state={past ? 'active' : 'inactive'} onClick={() => setPast(true)}>{t('events.past')}</button>
      </div>
      {notice && <SuccessNote>{notice}</SuccessNote>}
      {events.isPending ? <Loading />
        : events.isError ? <ErrorNote error={events.error} onRetry={() => void events.refetch()} />
          : events.data.events.length === 0 ? <Empty><p>{t(past ? 'events.emptyPast' : 'events.empty')}</p></Empty>
            : (
              <>
                <EventTable ministryId={ministryId} events={events.data.events} past={past} onDone={setNotice} />
                {events.data.capped && <p className="muted">{t('events.capped', { count: events.data.limit })}</p>}
              </>
            )}
    </section>
  );
}

function EventTable({ ministryId, events, past, onDone }: { ministryId: number; events: MinistryEvent[]; past: boolean; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Table cards head={[t('events.date'), t('events.time'), t('events.eventTitle'), t('events.eventType'), t('events.staffing'), t('events.actions')]} className="events-table">
      {events.map((event) => (
        <tr key={event.id}>
          <td className="nowrap">{formatDate(event.start, i18n.language)}</td>
          <td className="nowrap">{formatTimes(event.start, event.end, i18n.language)}</td>
          <th scope="row">
            {event.title}
            {event.inactive && <> <span className="badge">{t('events.inactive')}</span></>}
          </th>
          <td>{event.eventTypeName}</td>
          <td><Staffing event={event} /></td>
          <td>
            <div className="row-actions">
              <EditEvent ministryId={ministryId} event={event} onDone={onDone} />
              {/* Only an upcoming event can be staffed. */}
              {!past && <StaffEvent ministryId={ministryId} event={event} onDone={onDone} />}
              <DeleteEvent ministryId={ministryId} event={event} onDone={onDone} />
            </div>
          </td>
        </tr>
      ))}
    </Table>
  );
}

const STATUS_BADGE = { filled: 'badge-accepted', pending: 'badge-pending', gap: 'badge-declined', unplanned: '' } as const;

function Staffing({ event }: { event: MinistryEvent }) {
  const { t } = useTranslation();
  if (event.staffing.length === 0 && event.otherStaffing.length === 0) return <span className="muted">{t('events.notStaffed')}</span>;
  return (
    <ul className="staffing-list">
      {event.staffing.map((team) => (
        <li key={team.teamId}>
          <strong>{team.teamName}</strong>{' '}
          <span className={`badge ${STATUS_BADGE[team.status]}`}>{t(`events.status.${team.status}`)}</span>{' '}
          {team.status !== 'unplanned' && <span className="muted">{t('events.filledOf', { filled: team.filled, needed: team.needed })}</span>}
        </li>
      ))}
      {event.otherStaffing.map((other) => (
        <li key={`other-${other.ministryId}`} className="muted">{t('events.otherStaffing', { ministry: other.ministryName, count: other.assigned })}</li>
      ))}
    </ul>
  );
}
