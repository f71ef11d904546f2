import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { ConfirmDialog } from '../../components/Dialog';
import { Empty, ErrorNote } from '../../components/feedback';
import { TextField } from '../../components/fields';
import { adminKeys, useCalendars, type Calendar } from './api';
import { ActionButton } from './parts';
import { Table } from '../../components/Table';


export function CalendarsPage() {
  const { t } = useTranslation();
  const calendars = useCalendars();
  return (
    <div className="admin-page">
      <h1>{t('admin.calendars.title')}</h1>
      <p className="muted">{t('admin.calendars.intro')}</p>
      <QueryState query={calendars} />
      {calendars.data?.length === 0 && <Empty><p>{t('admin.calendars.none')}</p></Empty>}
      {calendars.data && calendars.data.length > 0 && (
        <Table head={[t('admin.calendars.name'), t('admin.calendars.owner'), t('admin.calendars.feed'), <span className="visually-hidden">{t('admin.actions')}</span>]}>{calendars.data.map((calendar) => <CalendarRow key={calendar.Id} calendar={calendar} />)}</Table>
      )}
      <NewCalendar />
    </div>
  );
}

function CalendarRow({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = { params: { path: { calendarId: calendar.Id } } };
  const feed = calendar.AccessToken ? `${window.location.origin}/api/public/calendar/${calendar.AccessToken}/ics` : undefined;
  return (
    <tr>
      <th scope="row">
        <span className="admin-swatch" style={{ color: calendar.ForegroundColor, background: calendar.BackgroundColor }}>{calendar.Name}</span>
      </th>
      <td>{calendar.MinistryId ? t('admin.calendars.ministryOwn') : t('admin.calendars.church')}</td>
      <td>
        {feed
          ? <input className="admin-token" readOnly value={feed} aria-label={t('admin.calendars.feedOf', { name: calendar.Name })} onFocus={(event) => event.target.select()} />
          : <span className="muted">{t('admin.calendars.notPublished')}</span>}
      </td>
      <td>
        <div className="actions">
          <ActionButton label={t(feed ? 'admin.calendars.newToken' : 'admin.calendars.publish')} working={t('admin.working')} invalidates={adminKeys.calendars()}
            call={() => ok(api.POST('/api/calendars/{calendarId}/NewAccessToken', path))} />
          {feed && (
            <ActionButton label={t('admin.calendars.removeToken')} working={t('admin.working')} invalidates={adminKeys.calendars()} danger
              call={() => ok(api.DELETE('/api/calendars/{calendarId}/AccessToken', path))} />
          )}
          <ConfirmDialog label={t('admin.calendars.delete')} title={t('admin.calendars.deleteTitle', { name: calendar.Name })} text={t('admin.calendars.deleteText')}
            working={t('admin.working')} call={() => ok(api.DELETE('/api/calendars/{calendarId}', path))}
            onDone={() => void queryClient.invalidateQueries({ queryKey: adminKeys.calendars() })} />
        </div>
      </td>
    </tr>
  );
}

function NewCalendar() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [foreground, setForeground] = useState('#ffffff');
  const [background, setBackground] = useState('#2b5fb3');
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/calendars', { body: { Name: name.trim(), ForegroundColor: foreground, BackgroundColor: background } })),
    onSuccess: async () => { setName(''); await queryClient.invalidateQueries({ queryKey: adminKeys.calendars() }); },
  });
  return (
    <section className="card admin-narrow" aria-labelledby="calendars-new">
      <h2 id="calendars-new" className="card-title">{t('admin.calendars.new')}</h2>
      <form className="form" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
        <TextField label={t('admin.calendars.name')} required maxLength={99} value={name} onChange={(event) => setName(event.target.value)} />
        <div className="grid-2">
          <TextField label={t('admin.calendars.foreground')} type="color" value={foreground} onChange={(event) => setForeground(event.target.value)} />
          <TextField label={t('admin.calendars.background')} type="color" value={background} onChange={(event) => setBackground(event.target.value)} />
        </div>
        {create.isError && <ErrorNote error={create.error} />}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>{create.isPending ? t('admin.saving') : t('admin.calendars.create')}</button>
        </div>
      </form>
    </section>
  );
}
