import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { ErrorNote, SuccessNote, Empty } from '../../components/feedback';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { MinistryPicker, Moment, useMinistryParam } from '../../components/workspace';
import { isApiError } from '../../api/client';
import { formatDate, today } from '../../format';
import { occurrencePath } from '../occurrences/public';
import {
  isComplete, messagingKeys, sendMessage, useMessageLog, useMessagePreview, usePositions, useTeams,
  type Audience, type AudienceChoice, type AudienceKind, type LoggedMessage,
} from './api';

const KINDS: AudienceKind[] = ['pending', 'serving', 'team', 'pool'];
const isKind = (value: string | null): value is AudienceKind => KINDS.includes(value as AudienceKind);
const idParam = (value: string | null) => (Number(value) > 0 ? Number(value) : undefined);

/**
 * The Message page (issue 34 #1): a coordinator or team leader writes to one audience of a ministry, sees before
 * sending how many the mail reaches and who it cannot (by name), and follows each message's delivery in the log.
 * The address may carry the audience (`?audience=pending&occurrenceId=…` from an occurrence's page).
 */
export function MessagePage() {
  const { t } = useTranslation();
  const [ministryId, setMinistryId] = useMinistryParam();
  const [params] = useSearchParams();
  useEffect(() => { document.title = t('messaging.title'); }, [t]);
  return (
    <div className="admin-page">
      <h1>{t('messaging.title')}</h1>
      <p className="muted">{t('messaging.intro')}</p>
      <div className="toolbar"><MinistryPicker value={ministryId} onChange={setMinistryId} /></div>
      {ministryId !== undefined && (
        <>
          <Compose key={ministryId} ministryId={ministryId} initial={{
            audience: isKind(params.get('audience')) ? params.get('audience') as AudienceKind : 'pending',
            occurrenceId: idParam(params.get('occurrenceId')),
            date: params.get('date') ?? undefined,
            teamId: idParam(params.get('teamId')),
          }} />
          <MessageLog ministryId={ministryId} />
        </>
      )}
    </div>
  );
}

function Compose({ ministryId, initial }: { ministryId: number; initial: AudienceChoice }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<AudienceChoice>(() => ({ ...initial, date: initial.occurrenceId === undefined ? initial.date ?? nextSunday() : undefined }));
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const preview = useMessagePreview(ministryId, choice);
  const send = useMutation({
    mutationFn: () => sendMessage(ministryId, choice, subject, body),
    onSuccess: () => {
      setSubject('');
      setBody('');
      return queryClient.invalidateQueries({ queryKey: messagingKeys.log(ministryId) });
    },
  });
  const change = (next: Partial<AudienceChoice>) => {
    send.reset();
    setChoice((current) => ({ ...current, ...next }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const reached = preview.data?.count ?? 0;
  return (
    <form className="message-form" onSubmit={submit} aria-labelledby="message-compose-title">
      <h2 className="section-title" id="message-compose-title">{t('messaging.compose')}</h2>
      <fieldset>
        <legend>{t('messaging.who')}</legend>
        <div className="audience-kinds">
          {KINDS.map((kind) => (
            <label key={kind}>
              <input type="radio" name="audience" value={kind} checked={choice.audience === kind} onChange={() => change({ audience: kind })} />
              {t(`messaging.kinds.${kind}`)}
            </label>
          ))}
        </div>
        <AudienceDetails ministryId={ministryId} choice={choice} onChange={change} />
      </fieldset>
      <Preview choice={choice} preview={preview} />
      <TextField label={t('messaging.subject')} value={subject} maxLength={200} required onChange={(event) => setSubject(event.target.value)} />
      <TextAreaField label={t('messaging.body')} hint={t('messaging.bodyHint')} value={body} rows={7} maxLength={5000} required onChange={(event) => setBody(event.target.value)} />
      <div>
        <button type="submit" className="button button-primary" disabled={send.isPending || !preview.isSuccess || reached === 0}>
          {send.isPending ? t('messaging.sending') : t('messaging.send', { count: reached })}
        </button>
      </div>
      {send.isError && <ErrorNote error={send.error} />}
      {send.isSuccess && <SuccessNote>{t('messaging.sent', { count: send.data.message.recipients.length })}</SuccessNote>}
    </form>
  );
}

/** What the chosen kind needs: a team; or an occurrence (from the address) or a date, and optionally a position. */
function AudienceDetails({ ministryId, choice, onChange }: { ministryId: number; choice: AudienceChoice; onChange: (next: Partial<AudienceChoice>) => void }) {
  const { t } = useTranslation();
  const teams = useTeams(ministryId);
  const positions = usePositions(ministryId);
  if (choice.audience === 'pool') return null;
  if (choice.audience === 'team') {
    return (
      <SelectField label={t('messaging.team')} value={choice.teamId ?? ''} onChange={(event) => onChange({ teamId: idParam(event.target.value) })}>
        <option value="">{t('messaging.chooseTeam')}</option>
        {teams.data?.map((team) => <option key={team.id} value={team.id}>{team.name}</option>)}
      </SelectField>
    );
  }
  return (
    <>
      {choice.occurrenceId !== undefined ? (
        <p>
          <Link to={occurrencePath(choice.occurrenceId)}>{t('messaging.thisOccurrence')}</Link>{' '}
          <button type="button" className="link-button" onClick={() => onChange({ occurrenceId: undefined, date: nextSunday() })}>{t('messaging.chooseDate')}</button>
        </p>
      ) : (
        <TextField type="date" label={t('messaging.date')} value={choice.date ?? ''} onChange={(event) => onChange({ date: event.target.value || undefined })} />
      )}
      <SelectField label={t('messaging.position')} value={choice.positionId ?? ''} onChange={(event) => onChange({ positionId: idParam(event.target.value) })}>
        <option value="">{t('messaging.anyPosition')}</option>
        {positions.data?.map((position) => <option key={position.id} value={position.id}>{position.name}</option>)}
      </SelectField>
    </>
  );
}

function Preview({ choice, preview }: { choice: AudienceChoice; preview: ReturnType<typeof useMessagePreview> }) {
  const { t } = useTranslation();
  if (!isComplete(choice)) return null;
  return (
    <div className="message-preview" aria-live="polite" aria-labelledby="message-preview-title">
      <h3 className="visually-hidden" id="message-preview-title">{t('messaging.previewTitle')}</h3>
      <QueryState query={preview}>
        {(data) => (
          <>
            <p><strong>{t('messaging.reaches', { count: data.count })}</strong></p>
            {data.recipients.length > 0 && <p className="muted small">{data.recipients.map((r) => r.name).join(', ')}</p>}
            {data.cannotReach.length > 0 && (
              <>
                <p>{t('messaging.cannotReach', { count: data.cannotReach.length })}</p>
                <ul>{data.cannotReach.map((r) => <li key={r.personId}>{r.name} — {t(`messaging.reasons.${r.reason}`)}</li>)}</ul>
              </>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The ministry's messages with each recipient's delivery; team leaders, who may not read it, see nothing. */
function MessageLog({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const log = useMessageLog(ministryId);
  if (log.isError && isApiError(log.error, 403)) return null;
  return (
    <section aria-labelledby="message-log-title">
      <h2 className="section-title" id="message-log-title">{t('messaging.log')}</h2>
      <QueryState query={log} isEmpty={(rows) => rows.length === 0} empty={<Empty><p>{t('messaging.noMessages')}</p></Empty>}>
        {(rows) => <ul className="message-log">{rows.map((message) => <LogEntry key={message.id} message={message} />)}</ul>}
      </QueryState>
    </section>
  );
}

function LogEntry({ message }: { message: LoggedMessage }) {
  const { t } = useTranslation();
  const states = (['queued', 'sent', 'failed', 'skipped'] as const).filter((state) => message.counts[state] > 0);
  return (
    <li>
      <h3>{message.subject}</h3>
      <p className="muted small">
        {t('messaging.byWhenTo', { sender: message.senderName })} <Moment value={message.sentAt} /> · <AudienceName audience={message.audience} />
      </p>
      <p className="delivery-counts">
        {states.map((state) => <span key={state} className={`badge delivery-${state}`}>{t(`messaging.states.${state}`)}: {message.counts[state]}</span>)}
      </p>
      <details>
        <summary>{t('messaging.recipients', { count: message.recipients.length })}</summary>
        <p className="message-body">{message.body}</p>
        <ul>
          {message.recipients.map((r) => (
            <li key={r.personId}>
              {r.name}: <span className={`badge delivery-${r.state}`}>{t(`messaging.states.${r.state}`)}</span>
              {r.error && <span className="muted small"> {r.error}</span>}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

function AudienceName({ audience }: { audience: Audience }) {
  const { t, i18n } = useTranslation();
  const day = audience.date ? formatDate(audience.date, i18n.language) : '';
  const where = [audience.eventTitle, day, audience.positionName].filter(Boolean).join(' · ');
  switch (audience.kind) {
    case 'team': return <>{t('messaging.toTeam', { name: audience.teamName ?? '' })}</>;
    case 'pool': return <>{t('messaging.toPool')}</>;
    case 'serving': return <>{t('messaging.toServing', { where })}</>;
    default: return <>{t('messaging.toPending', { where })}</>;
  }
}

/** The coming Sunday (today when it is Sunday), the day most messages are about. */
function nextSunday(): string {
  const date = new Date(`${today()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7));
  return date.toISOString().slice(0, 10);
}
