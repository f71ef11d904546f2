import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, ok } from '../api/client';
import { ErrorNote, Loading, SuccessNote } from '../components/feedback';
import { formatDay } from '../format';
import { meKeys, useKioskScreen } from './api';

const KEY_STORAGE = 'vms-kiosk-key';

/**
 * The door tablet's page (issue 36 #2): no navigation, big targets. It keeps the kiosk's own key (an administrator
 * registers the kiosk and reads the key once) and lists the people serving at its event: a name is found by typing,
 * and checked in or out with one tap. The key is sent as X-Kiosk-Key and opens nothing else.
 */
export function Kiosk() {
  const [key, setKey] = useState(() => localStorage.getItem(KEY_STORAGE) ?? '');
  const forget = () => { localStorage.removeItem(KEY_STORAGE); setKey(''); };
  if (!key) return <KioskKeyForm onKey={(value) => { localStorage.setItem(KEY_STORAGE, value); setKey(value); }} />;
  return <KioskScreen kioskKey={key} onRevoked={forget} />;
}

function KioskKeyForm({ onKey }: { onKey: (key: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <div className="kiosk">
      <h1>{t('kiosk.title')}</h1>
      <form className="form" onSubmit={(event) => { event.preventDefault(); if (value.trim()) onKey(value.trim()); }}>
        <label className="field">
          <span>{t('kiosk.key')}</span>
          <input name="kioskKey" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <p className="muted">{t('kiosk.keyHint')}</p>
        <button type="submit" className="button button-primary">{t('kiosk.start')}</button>
      </form>
    </div>
  );
}

function KioskScreen({ kioskKey, onRevoked }: { kioskKey: string; onRevoked: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [done, setDone] = useState<{ text: string; serial: number }>();
  const headers = { 'x-kiosk-key': kioskKey };
  const screen = useKioskScreen(kioskKey);
  const act = useMutation({
    mutationFn: async ({ personId, out }: { personId: number; out: boolean }) =>
      ok(out ? api.POST('/api/public/kiosk/check-outs', { headers, body: { personId } }) : api.POST('/api/public/kiosk/check-ins', { headers, body: { personId } })),
    onSuccess: ({ checkIn }) => {
      setSearch('');
      setDone((shown) => ({
        text: t(checkIn.attendance === 'checked_out' ? 'kiosk.goodbye' : 'kiosk.welcome', { name: checkIn.displayName }),
        serial: (shown?.serial ?? 0) + 1,
      }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.kiosk(kioskKey) }),
  });
  if (screen.isPending) return <Loading />;
  if (screen.isError) {
    const revoked = screen.error instanceof ApiError && screen.error.status === 401;
    return (
      <div className="kiosk">
        <h1>{t('kiosk.title')}</h1>
        <ErrorNote error={screen.error} onRetry={() => void screen.refetch()} />
        {revoked && <button type="button" className="button button-quiet" onClick={onRevoked}>{t('kiosk.newKey')}</button>}
      </div>
    );
  }
  const { kiosk, people } = screen.data;
  const words = search.trim().toLowerCase();
  const shown = words.length < 2 ? [] : people.filter((person) => person.displayName.toLowerCase().includes(words));
  return (
    <div className="kiosk">
      <h1>{kiosk.eventTitle ?? t('kiosk.title')}</h1>
      {kiosk.eventStart && <p className="card-when">{formatDay(kiosk.eventStart, i18n.language)}</p>}
      {done && <SuccessNote key={done.serial} takesFocus>{done.text}</SuccessNote>}
      <label className="field kiosk-search">
        <span>{t('kiosk.search')}</span>
        <input type="search" name="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {act.isError && <ErrorNote error={act.error} />}
      {words.length >= 2 && shown.length === 0 && <p className="muted">{t('kiosk.noMatch')}</p>}
      <ul className="list kiosk-people">
        {shown.map((person) => (
          <li key={person.personId} className="card kiosk-person">
            <span className="card-title">{person.displayName}</span>
            {person.attendance === 'checked_out' ? <span className="badge">{t('kiosk.checkedOut')}</span> : (
              <button type="button" className={person.attendance === 'checked_in' ? 'button button-quiet kiosk-button' : 'button button-primary kiosk-button'}
                disabled={act.isPending} onClick={() => act.mutate({ personId: person.personId, out: person.attendance === 'checked_in' })}>
                {t(person.attendance === 'checked_in' ? 'kiosk.checkOut' : 'kiosk.checkIn')}<span className="visually-hidden"> {person.displayName}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
