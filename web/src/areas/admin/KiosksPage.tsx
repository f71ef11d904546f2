import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { ConfirmDialog } from '../../components/Dialog';
import { Empty, ErrorNote, SuccessNote } from '../../components/feedback';
import { SelectField, TextField } from '../../components/fields';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { formatDate, formatTimes } from '../../format';
import { adminKeys, useKiosks, useUpcomingEvents, type EventChoice, type Kiosk } from './api';

/**
 * Kiosks (issue 36 #2): the door tablets an administrator registers. Each gets a key of its own, shown once with a
 * link that opens the kiosk page on the tablet with the key in it; its event is changed here, and one click (and a
 * confirmation) revokes it, after which the tablet refuses to check anyone in.
 */
export function KiosksPage() {
  const { t } = useTranslation();
  const kiosks = useKiosks();
  const events = useUpcomingEvents();
  const [registered, setRegistered] = useState<{ name: string; key: string }>();
  return (
    <div className="admin-page">
      <h1>{t('admin.kiosks.title')}</h1>
      <p className="muted">{t('admin.kiosks.intro')}</p>
      {registered && <NewKey name={registered.name} kioskKey={registered.key} />}
      <QueryState query={kiosks} isEmpty={(list) => list.length === 0} empty={<Empty><p>{t('admin.kiosks.none')}</p></Empty>}>
        {(list) => (
          <Table cards label={t('admin.kiosks.title')} head={[t('admin.kiosks.name'), t('admin.kiosks.event'), t('admin.kiosks.registeredOn'), <span className="visually-hidden">{t('admin.actions')}</span>]}>
            {list.map((kiosk) => <KioskRow key={kiosk.id} kiosk={kiosk} events={events.data ?? []} />)}
          </Table>
        )}
      </QueryState>
      <RegisterKiosk events={events.data ?? []} onRegistered={setRegistered} />
    </div>
  );
}

/** The events to choose from: the coming ones, and the kiosk's own where it is further off or past. */
function EventOptions({ events, current }: { events: EventChoice[]; current?: EventChoice }) {
  const { i18n } = useTranslation();
  const shown = current && !events.some((event) => event.id === current.id) ? [current, ...events] : events;
  return shown.map((event) => (
    <option key={event.id} value={event.id}>
      {event.title} · {formatDate(event.start, i18n.language)}{event.end ? ` ${formatTimes(event.start, event.end, i18n.language)}` : ''}
    </option>
  ));
}

function KioskRow({ kiosk, events }: { kiosk: Kiosk; events: EventChoice[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [eventId, setEventId] = useState(kiosk.eventId === null ? '' : String(kiosk.eventId));
  const assign = useMutation({
    mutationFn: () => ok(api.POST('/api/kiosks/{kioskId}/event', { params: { path: { kioskId: kiosk.id } }, body: { eventId: eventId === '' ? null : Number(eventId) } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.kiosks() }),
  });
  const current = kiosk.eventId !== null && kiosk.eventTitle !== null && kiosk.eventStart !== null
    ? { id: kiosk.eventId, title: kiosk.eventTitle, start: kiosk.eventStart } : undefined;
  const changed = eventId !== (kiosk.eventId === null ? '' : String(kiosk.eventId));
  return (
    <tr>
      <th scope="row">{kiosk.name}</th>
      <td className="admin-kiosk-event">
        <form className="toolbar" onSubmit={(event) => { event.preventDefault(); assign.mutate(); }}>
          <SelectField label={t('admin.kiosks.eventOf', { name: kiosk.name })} value={eventId} onChange={(event) => { setEventId(event.target.value); assign.reset(); }}>
            <option value="">{t('admin.kiosks.noEvent')}</option>
            <EventOptions events={events} current={current} />
          </SelectField>
          <button type="submit" className="button" disabled={!changed || assign.isPending} aria-label={t('admin.kiosks.assignFull', { name: kiosk.name })}>
            {assign.isPending ? t('admin.saving') : t('admin.kiosks.assign')}
          </button>
        </form>
        {assign.isError && <ErrorNote error={assign.error} />}
        {assign.isSuccess && !changed && <SuccessNote>{t('admin.kiosks.assigned')}</SuccessNote>}
      </td>
      <td>{kiosk.createdAt ? formatDate(kiosk.createdAt, i18n.language) : ''}</td>
      <td>
        <div className="actions">
          <ConfirmDialog label={t('admin.kiosks.revoke')} fullLabel={t('admin.kiosks.revokeFull', { name: kiosk.name })} title={t('admin.kiosks.revokeTitle', { name: kiosk.name })}
            text={t('admin.kiosks.revokeText')} working={t('admin.working')}
            call={() => ok(api.DELETE('/api/kiosks/{kioskId}', { params: { path: { kioskId: kiosk.id } } }))}
            onDone={() => queryClient.invalidateQueries({ queryKey: adminKeys.kiosks() })} />
        </div>
      </td>
    </tr>
  );
}

/** The new kiosk's key, shown this once, and the link that opens the kiosk page on the tablet with it. */
function NewKey({ name, kioskKey }: { name: string; kioskKey: string }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}/kiosk#key=${encodeURIComponent(kioskKey)}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };
  return (
    <section className="card note-success" aria-labelledby="kiosk-key-title">
      <h2 id="kiosk-key-title" className="card-title">{t('admin.kiosks.keyTitle', { name })}</h2>
      <p>{t('admin.kiosks.keyOnce')}</p>
      <TextField label={t('admin.kiosks.link')} className="admin-token" readOnly value={link} onFocus={(event) => event.target.select()} />
      <div className="actions">
        <button type="button" className="button button-primary" onClick={() => void copy().catch(() => setCopied(false))}>{t('admin.kiosks.copy')}</button>
        <a className="button button-quiet" href={link} target="_blank" rel="noreferrer">{t('admin.kiosks.open')}</a>
      </div>
      <p role="status">{copied ? t('admin.kiosks.copied') : ''}</p>
      <TextField label={t('admin.kiosks.key')} className="admin-token" readOnly value={kioskKey} onFocus={(event) => event.target.select()} />
    </section>
  );
}

function RegisterKiosk({ events, onRegistered }: { events: EventChoice[]; onRegistered: (registered: { name: string; key: string }) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [eventId, setEventId] = useState('');
  const register = useMutation({
    mutationFn: () => ok(api.POST('/api/kiosks', { body: { name: name.trim(), ...(eventId !== '' && { eventId: Number(eventId) }) } })),
    onSuccess: async ({ kiosk, kioskKey }) => {
      onRegistered({ name: kiosk.name, key: kioskKey });
      setName('');
      setEventId('');
      await queryClient.invalidateQueries({ queryKey: adminKeys.kiosks() });
    },
  });
  return (
    <section className="card admin-narrow" aria-labelledby="kiosks-new">
      <h2 id="kiosks-new" className="card-title">{t('admin.kiosks.new')}</h2>
      <form className="form" onSubmit={(event) => { event.preventDefault(); register.mutate(); }}>
        <TextField label={t('admin.kiosks.name')} hint={t('admin.kiosks.nameHint')} required maxLength={50} value={name} onChange={(event) => setName(event.target.value)} />
        <SelectField label={t('admin.kiosks.event')} value={eventId} onChange={(event) => setEventId(event.target.value)}>
          <option value="">{t('admin.kiosks.noEvent')}</option>
          <EventOptions events={events} />
        </SelectField>
        {register.isError && <ErrorNote error={register.error} />}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={register.isPending}>{register.isPending ? t('admin.saving') : t('admin.kiosks.register')}</button>
        </div>
      </form>
    </section>
  );
}
