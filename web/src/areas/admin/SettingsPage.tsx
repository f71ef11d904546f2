import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError, ok, type ApiError } from '../../api/client';
import { errorText, SuccessNote } from '../../components/feedback';
import { allOf, QueryState } from '../../components/QueryState';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { LANGUAGES } from '../../i18n';
import { adminKeys, useSettings } from './api';
import type { settingsMessages } from './messages/settings';

type Kind = 'flag' | 'text' | 'number' | 'secret' | 'email' | 'url' | 'timeZone' | 'rollout' | 'language' | 'selfCheckIn';
type Strings = typeof settingsMessages.en.settings;
interface Setting { name: keyof Strings['fields']; kind: Kind }
interface Group { id: keyof Strings['groups']; settings: Setting[] }

// The settings of src/domain/settings/registry.ts an administrator sets by hand, grouped by what they are for.
const GROUPS: Group[] = [
  {
    id: 'mail',
    settings: [
      { name: 'bEnabledEmail', kind: 'flag' },
      { name: 'sSMTPHost', kind: 'text' },
      { name: 'bSMTPAuth', kind: 'flag' },
      { name: 'sSMTPUser', kind: 'text' },
      { name: 'sSMTPPass', kind: 'secret' },
      { name: 'sChurchEmail', kind: 'email' },
      { name: 'sChurchName', kind: 'text' },
    ],
  },
  {
    id: 'church',
    settings: [
      { name: 'sTimeZone', kind: 'timeZone' },
      { name: 'sDefaultLanguage', kind: 'language' },
      { name: 'sServiceURL', kind: 'url' },
      { name: 'bEnableSelfRegistration', kind: 'flag' },
      { name: 'bEnableExternalCalendarAPI', kind: 'flag' },
    ],
  },
  {
    id: 'scheduling',
    settings: [
      { name: 'sVolunteerVersion', kind: 'rollout' },
      { name: 'iVolunteerSchedulingHorizonWeeks', kind: 'number' },
      { name: 'iVolunteerReminderLeadHours', kind: 'number' },
      { name: 'iOutboxClaimSeconds', kind: 'number' },
      { name: 'iTimerJobsMinIntervalMinutes', kind: 'number' },
    ],
  },
  {
    id: 'attendance',
    settings: [
      { name: 'bEnableAttendance', kind: 'flag' },
      { name: 'sSelfCheckIn', kind: 'selfCheckIn' },
      { name: 'iCheckInOpensMinutesBefore', kind: 'number' },
      { name: 'iCheckInClosesMinutesAfter', kind: 'number' },
      { name: 'sCheckInCode', kind: 'text' },
    ],
  },
  {
    id: 'security',
    settings: [
      { name: 'iMaxFailedLogins', kind: 'number' },
      { name: 'iSessionIdleDays', kind: 'number' },
      { name: 'iSessionMaxDays', kind: 'number' },
      { name: 'iLoginRateLimitPerMinute', kind: 'number' },
      { name: 'iPublicFormRateLimitPerMinute', kind: 'number' },
    ],
  },
];

const TIME_ZONES = Intl.supportedValuesOf('timeZone');

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="admin-page">
      <h1>{t('admin.settings.title')}</h1>
      <datalist id="admin-time-zones">{TIME_ZONES.map((zone) => <option key={zone} value={zone} />)}</datalist>
      {GROUPS.map((group) => <SettingsGroup key={group.id} group={group} />)}
    </div>
  );
}

/** A group's fields, read one by one, saved together: only the fields changed are sent, each answered on its own. */
function SettingsGroup({ group }: { group: Group }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reads = useSettings(group.settings.map(({ name }) => name));
  const [drafts, setDrafts] = useState<Partial<Record<Setting['name'], string>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async () => {
      const changed = Object.entries(drafts) as Array<[Setting['name'], string]>;
      const results = await Promise.allSettled(changed.map(([name, value]) =>
        ok(api.POST('/admin/api/system/config/{name}', { params: { path: { name } }, body: { value } }))));
      return changed.map(([name], index) => ({ name, result: results[index] }));
    },
    onSuccess: async (outcomes) => {
      const failed = outcomes.filter(({ result }) => result.status === 'rejected');
      // The service names the setting by its stored name; the reader knows it by its label.
      setErrors(Object.fromEntries(failed.map(({ name, result }) =>
        [name, errorText((result as PromiseRejectedResult).reason, t).replace(name, t(`admin.settings.fields.${name}`))])));
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([name]) => failed.some((entry) => entry.name === name))));
      await Promise.all(outcomes.map(({ name }) => queryClient.invalidateQueries({ queryKey: adminKeys.setting(name) })));
    },
  });
  const submit = (event: FormEvent) => { event.preventDefault(); save.mutate(); };
  const headingId = `settings-${group.id}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">{t(`admin.settings.groups.${group.id}`)}</h2>
      <p className="muted">{t(`admin.settings.groupHints.${group.id}`)}</p>
      <QueryState query={allOf(...reads)}>
        {(values) => (
          <form className="form" onSubmit={submit}>
            <div className="grid-2">
              {group.settings.map((setting, index) => (
                <SettingField key={setting.name} setting={setting} value={drafts[setting.name] ?? values[index]} error={errors[setting.name]}
                  onChange={(value) => { setDrafts({ ...drafts, [setting.name]: value }); save.reset(); }} />
              ))}
            </div>
            {save.isSuccess && Object.keys(errors).length === 0 && <SuccessNote>{t('admin.settings.saved')}</SuccessNote>}
            <div className="actions">
              <button type="submit" className="button button-primary" disabled={save.isPending || Object.keys(drafts).length === 0}>
                {save.isPending ? t('admin.saving') : t('admin.settings.save')}
              </button>
            </div>
          </form>
        )}
      </QueryState>
      {group.id === 'mail' && <TestMail />}
    </section>
  );
}

const isOn = (value: string) => value === '1' || value.toLowerCase() === 'true';

function SettingField({ setting, value, error, onChange }: { setting: Setting; value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const label = t(`admin.settings.fields.${setting.name}`);
  const hint = t(`admin.settings.hints.${setting.name}`, { defaultValue: '' }) || undefined;
  switch (setting.kind) {
    case 'flag':
      return (
        <div className="field">
          <CheckboxField label={label} hint={hint} checked={isOn(value)} onChange={(event) => onChange(event.target.checked ? '1' : '0')} />
          {error && <small className="field-error" role="alert">{error}</small>}
        </div>
      );
    case 'rollout':
      return (
        <SelectField label={label} hint={hint} error={error} value={value} onChange={(event) => onChange(event.target.value)}>
          {(['v2', 'both', 'v1'] as const).map((option) => <option key={option} value={option}>{t(`admin.settings.rollout.${option}`)}</option>)}
          {!['v2', 'both', 'v1'].includes(value) && <option value={value}>{t('admin.settings.rollout.other', { value })}</option>}
        </SelectField>
      );
    case 'selfCheckIn':
      return (
        <SelectField label={label} hint={hint} error={error} value={value} onChange={(event) => onChange(event.target.value)}>
          {(['phone', 'kiosk'] as const).map((option) => <option key={option} value={option}>{t(`admin.settings.selfCheckIn.${option}`)}</option>)}
        </SelectField>
      );
    case 'language':
      return (
        <SelectField label={label} hint={hint} error={error} value={value} onChange={(event) => onChange(event.target.value)}>
          {Object.entries(LANGUAGES).map(([code, name]) => <option key={code} value={code} lang={code}>{name}</option>)}
        </SelectField>
      );
    case 'secret':
      return <TextField label={label} hint={hint} error={error} type="password" autoComplete="new-password" value={value} onChange={(event) => onChange(event.target.value)} />;
    case 'timeZone':
      return <TextField label={label} hint={hint} error={error} list="admin-time-zones" value={value} onChange={(event) => onChange(event.target.value)} />;
    case 'number':
      return <TextField label={label} hint={hint} error={error} inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} />;
    default:
      return <TextField label={label} hint={hint} error={error} type={setting.kind} value={value} onChange={(event) => onChange(event.target.value)} />;
  }
}

const MAIL_FAILURES = ['refused', 'timed_out', 'unknown_host', 'name_lookup', 'closed', 'unreachable', 'not_smtp', 'failed'] as const;
const isMailFailure = (value: unknown): value is (typeof MAIL_FAILURES)[number] => MAIL_FAILURES.includes(value as (typeof MAIL_FAILURES)[number]);

/**
 * Why the test message did not leave: the SMTP server's reply when one refused it, else the service's fixed reason
 * worded here with the address tried, since the service replaces a message that names an IP address.
 */
function MailFailure({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const { failure, mailServer, reply } = error.body;
  if (failure === 'smtp_refused' && typeof reply === 'string') return <><p>{t('admin.settings.testRefused')}</p><p><code>{reply}</code></p></>;
  if (isMailFailure(failure) && typeof mailServer === 'string') {
    return <><p>{t('admin.settings.testNotSent')}</p><p>{t(`admin.settings.testFailure.${failure}`, { server: mailServer })}</p></>;
  }
  return <p>{error.message}</p>;
}

function TestMail() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const send = useMutation({ mutationFn: () => ok(api.POST('/admin/api/system/mail/test', { body: { to: to.trim() } })) });
  return (
    <form className="form admin-test-mail" onSubmit={(event) => { event.preventDefault(); send.mutate(); }}>
      <h3 className="subheading">{t('admin.settings.testTitle')}</h3>
      <div className="toolbar">
        <TextField label={t('admin.settings.testTo')} type="email" required value={to} onChange={(event) => { setTo(event.target.value); send.reset(); }} autoComplete="email" />
        <button type="submit" className="button" disabled={send.isPending}>{send.isPending ? t('admin.settings.testSending') : t('admin.settings.testSend')}</button>
      </div>
      {/* One live region for both outcomes: the SMTP server's words are the answer either way. */}
      <div role="status" aria-live="polite">
        {send.isSuccess && (
          <div className="note note-success">
            <p>{t('admin.settings.testAccepted')}</p>
            <p><span className="muted">{t('admin.settings.testAnswer')}</span> <code>{send.data.response}</code></p>
          </div>
        )}
        {send.isError && (
          <div className="note note-error">
            {/* 502 is the mail server's refusal or why it could not be reached; anything else is the service refusing the request. */}
            {isApiError(send.error, 502) ? <MailFailure error={send.error} /> : <p>{errorText(send.error, t)}</p>}
          </div>
        )}
      </div>
    </form>
  );
}
