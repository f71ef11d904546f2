import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, ok } from '../api/client';
import { ErrorNote, Loading, SuccessNote } from '../components/feedback';
import { formatDate, formatDay, formatTime } from '../format';
import { meKeys, useKioskScreen } from './api';
import './check-in.css';

// The camera and its decoder load only when the kiosk scans.
const KioskScanner = lazy(() => import('./KioskScanner').then((module) => ({ default: module.KioskScanner })));

const KEY_STORAGE = 'vms-kiosk-key';
// A tablet set to scan stays in scan mode after a reload or a restart.
const MODE_STORAGE = 'vms-kiosk-mode';
type Mode = 'name' | 'scan';

/**
 * The door tablet's page (issue 36 #2): no navigation, big targets. It keeps the kiosk's own key (an administrator
 * registers the kiosk and reads the key once, or opens the page from the link `/kiosk#key=…` shown then) and lists
 * the people serving at its event: a name is found by typing, and checked in or out with one tap; or, in scan mode,
 * the camera reads the QR code on a volunteer's My schedule. The key is sent as X-Kiosk-Key and opens nothing else.
 */
export function Kiosk() {
  const [key, setKey] = useState(keptKey);
  const forget = () => { localStorage.removeItem(KEY_STORAGE); setKey(''); };
  if (!key) return <KioskKeyForm onKey={(value) => { localStorage.setItem(KEY_STORAGE, value); setKey(value); }} />;
  return <KioskScreen kioskKey={key} onRevoked={forget} />;
}

/**
 * The key from the link the administrator copies (`/kiosk#key=…`, a fragment, so it reaches no server log), stored
 * on the tablet and taken off the address bar; else the key stored before.
 */
function keptKey(): string {
  const linked = new URLSearchParams(window.location.hash.slice(1)).get('key')?.trim();
  if (linked) {
    localStorage.setItem(KEY_STORAGE, linked);
    history.replaceState(null, '', window.location.pathname);
    return linked;
  }
  return localStorage.getItem(KEY_STORAGE) ?? '';
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
  const [mode, setMode] = useState<Mode>(() => (localStorage.getItem(MODE_STORAGE) === 'scan' ? 'scan' : 'name'));
  const [search, setSearch] = useState('');
  const [done, setDone] = useState<{ text: string; serial: number }>();
  const headers = { 'x-kiosk-key': kioskKey };
  const screen = useKioskScreen(kioskKey);
  const act = useMutation({
    mutationFn: async ({ out, ...target }: { personId?: number; qr?: string; out: boolean }) =>
      ok(out ? api.POST('/api/public/kiosk/check-outs', { headers, body: target }) : api.POST('/api/public/kiosk/check-ins', { headers, body: target })),
    onSuccess: ({ checkIn }) => {
      setSearch('');
      setDone((shown) => ({
        text: t(checkIn.attendance === 'checked_out' ? 'kiosk.goodbye' : 'kiosk.welcome', { name: checkIn.displayName }),
        serial: (shown?.serial ?? 0) + 1,
      }));
    },
    onError: () => setDone(undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.kiosk(kioskKey) }),
  });
  const chooseMode = (next: string) => {
    const chosen: Mode = next === 'scan' ? 'scan' : 'name';
    localStorage.setItem(MODE_STORAGE, chosen);
    setMode(chosen);
    setDone(undefined);
    act.reset();
  };
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
      {act.isError && <KioskError error={act.error} />}
      <Tabs.Root value={mode} onValueChange={chooseMode}>
        <Tabs.List className="segmented kiosk-modes" aria-label={t('kiosk.modes')}>
          <Tabs.Trigger value="name" className="segment">{t('kiosk.byName')}</Tabs.Trigger>
          <Tabs.Trigger value="scan" className="segment">{t('kiosk.byCode')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="name">
          <label className="field kiosk-search">
            <span>{t('kiosk.search')}</span>
            <input type="search" name="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
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
        </Tabs.Content>
        <Tabs.Content value="scan">
          {mode === 'scan' && (
            <Suspense fallback={<Loading />}>
              <KioskScanner busy={act.isPending} onCode={(qr) => act.mutate({ qr, out: false })} />
            </Suspense>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/**
 * A refused check-in in the tablet's language where the service says when check-in opens or closed (its `opensAt`
 * or `closedAt`, the church's wall clock); any other refusal in the service's words.
 */
function KioskError({ error }: { error: Error }) {
  const { t, i18n } = useTranslation();
  const { opensAt, closedAt } = error instanceof ApiError ? error.body : {};
  const at = typeof opensAt === 'string' ? opensAt : typeof closedAt === 'string' ? closedAt : undefined;
  if (at === undefined) return <ErrorNote error={error} />;
  const when = { day: formatDate(at, i18n.language), time: formatTime(at, i18n.language) };
  return (
    <div className="note note-error" role="alert">
      <p>{t(typeof opensAt === 'string' ? 'kiosk.window.opens' : 'kiosk.window.closed', when)}</p>
    </div>
  );
}
