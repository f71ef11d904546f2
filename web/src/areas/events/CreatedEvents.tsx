import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import type { ApiResponse } from '../../api/types';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { formatDay } from '../../format';
import { useInvalidateEvents } from './api';

type Created = ApiResponse<'/api/ministries/ministries/{ministryId}/events', 'post'>['events'][number];

/** What E2 made, with E3 one step away: staff the new events on the schedules that already follow them. */
export function CreatedEvents({ ministryId, events }: { ministryId: number; events: Created[] }) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateEvents();
  const staff = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/events/staff', {
      params: { path: { ministryId: String(ministryId) } },
      body: { eventIds: events.map((event) => event.id) },
    })),
    onSettled: invalidate,
  });
  const first = events[0];
  const last = events[events.length - 1];
  return (
    <SuccessNote>
      <p>
        {t('events.created', { count: events.length, title: first.title })}{' '}
        {events.length === 1
          ? formatDay(first.start, i18n.language)
          : t('events.createdRange', { first: formatDay(first.start, i18n.language), last: formatDay(last.start, i18n.language) })}
      </p>
      {!staff.isSuccess && (
        <button type="button" className="button" disabled={staff.isPending} onClick={() => staff.mutate()}>{t('events.staffFollowing')}</button>
      )}
      {staff.isError && <ErrorNote error={staff.error} />}
      {staff.isSuccess && (
        staff.data.schedules.length === 0
          ? <p>{t('events.noFollowing')}</p>
          : (
            <ul>
              {staff.data.schedules.map((run) => (
                <li key={run.schedule.id}>{t('events.staffedOn', { name: run.schedule.name, created: run.created, assigned: run.assigned })}</li>
              ))}
            </ul>
          )
      )}
    </SuccessNote>
  );
}
