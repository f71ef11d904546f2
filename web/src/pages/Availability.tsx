import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok } from '../api/client';
import { allOf, QueryState } from '../components/QueryState';
import { CheckboxField, SelectField, TextField } from '../components/fields';
import { Empty, ErrorNote, SuccessNote } from '../components/feedback';
import { formatDate, formatDay, formatTimes } from '../format';
import { WhoIsTold } from './WhoIsTold';
import { meKeys, useBlockouts, useHousehold, usePreferences, useQualifications, type MeAssignment } from './api';

const WEEKS = [1, 2, 3, 4, 5] as const;

/** When I cannot serve, how often I want to, and whom I serve with: what the coordinators see when they pick people. */
export function Availability() {
  const { t } = useTranslation();
  return (
    <>
      <p><Link to="/me">{t('availability.back')}</Link></p>
      <h1>{t('availability.title')}</h1>
      <p className="muted">{t('availability.intro')}</p>
      <Blockouts />
      <Preferences />
      <Household />
    </>
  );
}

function Blockouts() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const blockouts = useBlockouts();
  const [covered, setCovered] = useState<MeAssignment[]>([]);
  const remove = useMutation({
    mutationFn: (id: number) => ok(api.DELETE('/api/me/blockouts/{blockoutId}', { params: { path: { blockoutId: String(id) } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.blockouts() }),
  });
  const period = (b: { startDate: string; endDate: string; startTime: string | null; endTime: string | null }) => {
    const days = b.startDate === b.endDate ? formatDate(b.startDate, i18n.language) : `${formatDate(b.startDate, i18n.language)} – ${formatDate(b.endDate, i18n.language)}`;
    return b.startTime ? `${days}, ${formatTimes(`${b.startDate} ${b.startTime}`, `${b.startDate} ${b.endTime}`, i18n.language)}` : days;
  };
  return (
    <section className="card" aria-labelledby="blockouts-title">
      <h2 id="blockouts-title" className="card-title">{t('availability.blockouts')}</h2>
      <p className="muted">{t('availability.blockoutsIntro')}</p>
      <QueryState query={blockouts} />
      {remove.isError && <ErrorNote error={remove.error} />}
      {blockouts.data && (blockouts.data.length === 0 ? <Empty><p>{t('availability.noBlockouts')}</p></Empty> : (
        <ul className="plain-list">
          {blockouts.data.map((b) => (
            <li key={b.id} className="row-with-action">
              <span>
                <strong>{period(b)}</strong>
                {b.repeatWeeklyUntil && <> · {t('availability.weeklyUntil', { date: formatDate(b.repeatWeeklyUntil, i18n.language) })}</>}
                {b.reason && <span className="muted"> · {b.reason}</span>}
              </span>
              <button type="button" className="button button-quiet" disabled={remove.isPending} onClick={() => remove.mutate(b.id)}
                aria-label={t('availability.removeBlockout', { period: period(b) })}>{t('availability.remove')}</button>
            </li>
          ))}
        </ul>
      ))}
      <NewBlockout onCovered={setCovered} />
      {covered.length > 0 && <CoveredAssignments assignments={covered} onDone={() => setCovered([])} formatShift={(a) => `${formatDay(a.start, i18n.language)}, ${formatTimes(a.start, a.end, i18n.language)}`} />}
    </section>
  );
}

function NewBlockout({ onCovered }: { onCovered: (assignments: MeAssignment[]) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ startDate: '', endDate: '', allDay: true, startTime: '', endTime: '', weekly: false, repeatWeeklyUntil: '', reason: '' });
  const set = (changes: Partial<typeof form>) => setForm((current) => ({ ...current, ...changes }));
  const add = useMutation({
    mutationFn: () => ok(api.POST('/api/me/blockouts', {
      body: {
        startDate: form.startDate,
        ...(form.endDate && { endDate: form.endDate }),
        ...(!form.allDay && { startTime: form.startTime, endTime: form.endTime }),
        ...(form.weekly && { repeatWeeklyUntil: form.repeatWeeklyUntil }),
        ...(form.reason.trim() && { reason: form.reason.trim() }),
      },
    })),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: meKeys.blockouts() });
      onCovered(answer.coveredAssignments);
      set({ startDate: '', endDate: '', startTime: '', endTime: '', weekly: false, repeatWeeklyUntil: '', reason: '' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form className="form stacked-section" onSubmit={submit}>
      <h3 className="subheading">{t('availability.addBlockout')}</h3>
      <div className="grid-2">
        <TextField label={t('availability.firstDay')} type="date" required value={form.startDate} onChange={(e) => set({ startDate: e.target.value })} />
        <TextField label={t('availability.lastDay')} hint={t('availability.lastDayHint')} type="date" value={form.endDate} onChange={(e) => set({ endDate: e.target.value })} />
      </div>
      <CheckboxField label={t('availability.allDay')} checked={form.allDay} onChange={(e) => set({ allDay: e.target.checked })} />
      {!form.allDay && (
        <div className="grid-2">
          <TextField label={t('availability.from')} type="time" required value={form.startTime} onChange={(e) => set({ startTime: e.target.value })} />
          <TextField label={t('availability.until')} type="time" required value={form.endTime} onChange={(e) => set({ endTime: e.target.value })} />
        </div>
      )}
      <CheckboxField label={t('availability.weekly')} checked={form.weekly} onChange={(e) => set({ weekly: e.target.checked })} />
      {form.weekly && <TextField label={t('availability.repeatUntil')} type="date" required value={form.repeatWeeklyUntil} onChange={(e) => set({ repeatWeeklyUntil: e.target.value })} />}
      <TextField label={t('availability.reason')} hint={t('availability.reasonHint')} maxLength={500} value={form.reason} onChange={(e) => set({ reason: e.target.value })} />
      {add.isError && <ErrorNote error={add.error} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={add.isPending}>{add.isPending ? t('availability.saving') : t('availability.saveBlockout')}</button>
      </div>
    </form>
  );
}

/** "You are scheduled on 2 of these dates — decline them?" after a new blockout. */
function CoveredAssignments({ assignments, onDone, formatShift }: { assignments: MeAssignment[]; onDone: () => void; formatShift: (a: MeAssignment) => string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [declined, setDeclined] = useState<number[]>([]);
  const decline = useMutation({
    mutationFn: (id: number) => ok(api.POST('/api/me/assignments/{assignmentId}/respond', { params: { path: { assignmentId: String(id) } }, body: { response: 'declined', comment: t('availability.declineComment') } })),
    onSuccess: (_answer, id) => {
      setDeclined((current) => [...current, id]);
      void queryClient.invalidateQueries({ queryKey: meKeys.assignments() });
    },
  });
  const open = assignments.filter((a) => !declined.includes(a.id));
  return (
    <div className="note note-warning" role="status">
      <p>{t('availability.covered', { count: assignments.length })}</p>
      <ul className="plain-list">
        {assignments.map((a) => (
          <li key={a.id} className="row-with-action">
            <span><strong>{a.positionName}</strong> · {a.ministryName} · {formatShift(a)}{declined.includes(a.id) && <WhoIsTold about={{ assignmentId: a.id }} />}</span>
            {declined.includes(a.id)
              ? <span className="badge badge-declined">{t('availability.declined')}</span>
              : a.canRespond && (
                <button type="button" className="button button-danger" disabled={decline.isPending} onClick={() => decline.mutate(a.id)}
                  aria-label={t('availability.declineOne', { position: a.positionName, when: formatShift(a) })}>{t('availability.decline')}</button>
              )}
          </li>
        ))}
      </ul>
      {decline.isError && <ErrorNote error={decline.error} />}
      {open.length === 0 && <SuccessNote>{t('availability.allDeclined')}</SuccessNote>}
      <button type="button" className="button button-quiet" onClick={onDone}>{t('availability.keepThem')}</button>
    </div>
  );
}

function Preferences() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="card-title">{t('availability.howOften')}</h2>
      <p className="muted">{t('availability.howOftenIntro')}</p>
      <QueryState query={allOf(usePreferences(), useQualifications())}>
        {([preferences, qualifications]) => {
          const ministries = [...new Map(qualifications.map((q) => [q.ministryId, q.ministryName])).entries()];
          const scopes = [{ ministryId: null, name: t('availability.allMinistries') }, ...ministries.map(([ministryId, name]) => ({ ministryId, name }))];
          return scopes.map((scope) => (
            <PreferenceForm key={scope.ministryId ?? 'all'} scope={scope} current={preferences.find((p) => p.ministryId === scope.ministryId)} />
          ));
        }}
      </QueryState>
    </section>
  );
}

function PreferenceForm({ scope, current }: { scope: { ministryId: number | null; name: string }; current?: { id: number; maxPerMonth: number | null; preferredWeeks: number[] } }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [max, setMax] = useState(current?.maxPerMonth ? String(current.maxPerMonth) : '');
  const [weeks, setWeeks] = useState<number[]>(current?.preferredWeeks ?? []);
  const save = useMutation({
    mutationFn: () => ok(api.PUT('/api/me/preferences', { body: { ministryId: scope.ministryId, maxPerMonth: max ? Number(max) : null, preferredWeeks: weeks } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.preferences() }),
  });
  const toggle = (week: number, on: boolean) => setWeeks((current) => (on ? [...current, week] : current.filter((w) => w !== week)));
  return (
    <form className="form stacked-section" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
      <h3 className="subheading">{scope.name}</h3>
      <TextField label={t('availability.maxPerMonth', { scope: scope.name })} hint={t('availability.maxHint')} type="number" min={1} max={31} inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} />
      <fieldset className="choices-inline">
        <legend>{t('availability.weeks', { scope: scope.name })}</legend>
        {WEEKS.map((week) => (
          <CheckboxField key={week} label={t(`availability.week${week}`)} checked={weeks.includes(week)} onChange={(e) => toggle(week, e.target.checked)} />
        ))}
      </fieldset>
      {save.isError && <ErrorNote error={save.error} />}
      {save.isSuccess && <SuccessNote>{t('availability.saved')}</SuccessNote>}
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>{t('availability.savePreference', { scope: scope.name })}</button>
      </div>
    </form>
  );
}

function Household() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const household = useHousehold();
  const setRule = useMutation({
    mutationFn: async ({ personId, rule }: { personId: number; rule: string }) => {
      const existing = household.data?.rules.find((r) => r.otherPersonId === personId);
      if (rule === '') return existing ? ok(api.DELETE('/api/me/household/rules/{ruleId}', { params: { path: { ruleId: String(existing.id) } } })) : household.data!;
      return ok(api.POST('/api/me/household/rules', { body: { otherPersonId: personId, rule } }));
    },
    onSuccess: (answer) => queryClient.setQueryData(meKeys.household(), answer),
  });
  return (
    <section className="card" aria-labelledby="household-title">
      <h2 id="household-title" className="card-title">{t('availability.household')}</h2>
      <QueryState query={household} />
      {household.data && (household.data.members.length === 0 ? <Empty><p>{t('availability.noFamily')}</p></Empty> : (
        <>
          <p className="muted">{t('availability.householdIntro')}</p>
          {household.data.members.map((member) => (
            <SelectField key={member.personId} label={member.displayName} disabled={setRule.isPending}
              value={household.data.rules.find((r) => r.otherPersonId === member.personId)?.rule ?? ''}
              onChange={(e) => setRule.mutate({ personId: member.personId, rule: e.target.value })}>
              <option value="">{t('availability.noRule')}</option>
              <option value="together">{t('availability.together')}</option>
              <option value="apart">{t('availability.apart')}</option>
            </SelectField>
          ))}
          {setRule.isError && <ErrorNote error={setRule.error} />}
        </>
      ))}
    </section>
  );
}
