import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok } from '../api/client';
import { allOf, QueryState } from '../components/QueryState';
import { Empty, ErrorNote, SuccessNote } from '../components/feedback';
import { CheckboxField } from '../components/fields';
import { chooseLanguage, LANGUAGES, type Language } from '../i18n';
import { CURRENT_USER, useCurrentUser } from '../session';
import { meKeys, useCalendarFeed, useHelpWanted, useMemberCalendars, useMyAssignments, useQualifications, useScheduleFeed } from './api';


export function Me() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // Kept with the person, so that their other browsers and their mails follow it (issue 33 #4).
  const saveLanguage = useMutation({
    mutationFn: async (language: Language) => {
      chooseLanguage(language);
      return ok(api.PATCH('/api/users/current', { body: { language } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER }),
  });
  return (
    <>
      <h1>{t('me.title')}</h1>
      <p><Link to="/me/availability" className="button">{t('availability.open')}</Link></p>
      <QualificationsAndMinistries />
      <CalendarFeed />
      <ScheduleFeed />
      <section className="card">
        <h2 className="card-title">{t('me.account')}</h2>
        {user.data && <p>{t('me.signedInAs', { name: `${user.data.firstName} ${user.data.lastName}`.trim() || user.data.userName })}</p>}
        <p><Link to="/account/password">{t('me.changePassword')}</Link> · <Link to="/account/two-factor">{t('twoFactor.link')}</Link></p>
        <label className="field">
          <span>{t('app.language')}</span>
          <select value={i18n.language} onChange={(e) => saveLanguage.mutate(e.target.value as Language)}>
            {Object.entries(LANGUAGES).map(([code, name]) => <option key={code} value={code} lang={code}>{name}</option>)}
          </select>
          <small className="muted">{t('me.languageHint')}</small>
        </label>
      </section>
    </>
  );
}

function QualificationsAndMinistries() {
  const { t } = useTranslation();
  return (
    <QueryState query={allOf(useQualifications(), useHelpWanted())}>
      {([qualifications, helpWanted]) => {
        // My ministries: the ones I am qualified in, and the advertising ones whose pool I am in.
        const ministries = [...new Set([
          ...qualifications.map((row) => row.ministryName),
          ...helpWanted.filter((row) => row.inPool).map((row) => row.ministryName),
        ])].sort((a, b) => a.localeCompare(b));
        return (
          <>
            <section className="card">
              <h2 className="card-title">{t('me.qualifications')}</h2>
              {qualifications.length === 0 ? <Empty><p>{t('me.noQualifications')}</p></Empty> : (
                <ul className="plain-list">
                  {qualifications.map((row) => (
                    <li key={row.positionId}><strong>{row.positionName}</strong> <span className="muted">{row.ministryName} · {row.teamName}</span></li>
                  ))}
                </ul>
              )}
            </section>
            <section className="card">
              <h2 className="card-title">{t('me.ministries')}</h2>
              {ministries.length === 0 ? <Empty><p>{t('me.noMinistries')}</p></Empty> : (
                <ul className="plain-list">{ministries.map((name) => <li key={name}>{name}</li>)}</ul>
              )}
            </section>
          </>
        );
      }}
    </QueryState>
  );
}

function CalendarFeed() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const feed = useCalendarFeed();
  const create = useMutation({
    mutationFn: () => ok(api.PUT('/api/users/current/calendar-feed', { body: { calendarIds: feed.data?.calendarIds ?? [] } })),
    onSuccess: (answer) => queryClient.setQueryData(meKeys.calendarFeed(), answer),
  });
  const webcal = feed.data?.path ? `webcal://${window.location.host}${feed.data.path}` : undefined;
  const nothingChosen = feed.data && feed.data.calendarIds.length === 0 && feed.data.systemCalendarIds.length === 0;
  const copy = async () => {
    if (!webcal) return;
    await navigator.clipboard.writeText(webcal);
    setCopied(true);
  };
  return (
    <section className="card">
      <h2 className="card-title">{t('me.calendar')}</h2>
      <p className="muted">{t('me.calendarIntro')}</p>
      <QueryState query={feed} />
      {feed.data && <CalendarChoice chosen={feed.data} />}
      {nothingChosen && <p className="note">{t('me.calendarEmpty')}</p>}
      {create.isError && <ErrorNote error={create.error} />}
      {feed.data && !webcal && (
        <button type="button" className="button button-primary" disabled={create.isPending} onClick={() => create.mutate()}>{t('me.calendarCreate')}</button>
      )}
      {webcal && (
        <>
          <label className="field">
            <span>{t('me.calendarLink')}</span>
            <input readOnly value={webcal} onFocus={(e) => e.target.select()} />
          </label>
          <div className="actions">
            <button type="button" className="button button-primary" onClick={() => void copy()}>{t('me.calendarCopy')}</button>
            <a className="button button-quiet" href={webcal}>{t('me.calendarOpen')}</a>
          </div>
          {copied && <p role="status" className="muted">{t('me.calendarCopied')}</p>}
        </>
      )}
    </section>
  );
}

type FeedChoice = { calendarIds: number[]; systemCalendarIds: number[] };
const keyOf = (calendar: { type: string; id: number }) => `${calendar.type}:${calendar.id}`;

/**
 * The calendars the church office shares with members, each a box to tick for my link (issue 37 #9); saving the
 * choice makes the link when there is none yet.
 */
function CalendarChoice({ chosen }: { chosen: FeedChoice }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const calendars = useMemberCalendars();
  const [ticked, setTicked] = useState(() => new Set([
    ...chosen.calendarIds.map((id) => keyOf({ type: 'calendar', id })), ...chosen.systemCalendarIds.map((id) => keyOf({ type: 'system', id })),
  ]));
  const save = useMutation({
    mutationFn: () => {
      const of = (type: string) => (calendars.data ?? []).filter((calendar) => calendar.type === type && ticked.has(keyOf(calendar))).map((calendar) => calendar.id);
      return ok(api.PUT('/api/users/current/calendar-feed', { body: { calendarIds: of('calendar'), systemCalendarIds: of('system') } }));
    },
    onSuccess: (answer) => queryClient.setQueryData(meKeys.calendarFeed(), answer),
  });
  const toggle = (key: string) => {
    const next = new Set(ticked);
    if (!next.delete(key)) next.add(key);
    setTicked(next);
    save.reset();
  };
  if (!calendars.isSuccess) return <QueryState query={calendars} />;
  if (calendars.data.length === 0) return <p className="note">{t('me.calendarNoneShared')}</p>;
  return (
    <form onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
      <fieldset className="choices">
        <legend>{t('me.calendarChoose')}</legend>
        {calendars.data.map((calendar) => (
          <CheckboxField key={keyOf(calendar)} label={calendar.name} checked={ticked.has(keyOf(calendar))} onChange={() => toggle(keyOf(calendar))} />
        ))}
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>{t('me.calendarSave')}</button>
      </div>
      {save.isError && <ErrorNote error={save.error} />}
      {save.isSuccess && <SuccessNote>{t('me.calendarSaved', { count: save.data.calendarIds.length + save.data.systemCalendarIds.length })}</SuccessNote>}
    </form>
  );
}

/**
 * The schedule feed's address is shown only when it is made (only its hash is stored), so the answer that holds
 * it is kept for the session instead of being refetched into `url: null`.
 */
function ScheduleFeed() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const feed = useScheduleFeed();
  const upcoming = useMyAssignments();
  const reset = useMutation({
    mutationFn: () => ok(api.POST('/api/users/current/schedule-feed/reset')),
    onSuccess: (answer) => {
      setCopied(false);
      queryClient.setQueryData(meKeys.scheduleFeed(), answer);
    },
  });
  const url = feed.data?.url ?? undefined;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <section className="card">
      <h2 className="card-title">{t('scheduleFeed.title')}</h2>
      <p className="muted">{t('scheduleFeed.intro')}</p>
      {upcoming.data?.length === 0 && <p className="note">{t('scheduleFeed.empty')}</p>}
      <QueryState query={feed} />
      {reset.isError && <ErrorNote error={reset.error} />}
      {url && (
        <>
          <label className="field">
            <span>{t('scheduleFeed.link')}</span>
            <input readOnly value={url} onFocus={(e) => e.target.select()} />
          </label>
          <p className="muted">{t('scheduleFeed.private')}</p>
          <div className="actions">
            <button type="button" className="button button-primary" onClick={() => void copy()}>{t('scheduleFeed.copy')}</button>
            <a className="button button-quiet" href={url.replace(/^https?:\/\//, 'webcal://')}>{t('scheduleFeed.open')}</a>
          </div>
          {copied && <p role="status" className="muted">{t('scheduleFeed.copied')}</p>}
        </>
      )}
      {feed.data && !url && <p>{t('scheduleFeed.hidden')}</p>}
      {feed.data && (
        <div className="actions">
          <button type="button" className="button button-quiet" disabled={reset.isPending} onClick={() => reset.mutate()}>{t('scheduleFeed.reset')}</button>
        </div>
      )}
      {feed.data && <p className="muted">{t('scheduleFeed.resetNote')}</p>}
    </section>
  );
}
