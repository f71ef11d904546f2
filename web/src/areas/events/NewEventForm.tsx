import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldOf, ok } from '../../api/client';
import { SelectField, TextField } from '../../components/fields';
import { ErrorNote } from '../../components/feedback';
import { today } from '../../format';
import { scheduleKeys, useClasses, useEventTypes } from '../schedules/api';
import { eventKeys, WEEKDAYS, weekdayOf } from './api';
import { CreatedEvents } from './CreatedEvents';

type Repeat = 'once' | 'weekly' | 'monthly';
const REPEATS: Repeat[] = ['once', 'weekly', 'monthly'];

interface EventDraft {
  title: string; eventTypeId: string; repeat: Repeat; date: string; dow: string; dom: string;
  rangeStart: string; rangeEnd: string; startTime: string; endTime: string; description: string; linkedGroupId: string;
}

const blank = (): EventDraft => ({
  title: '', eventTypeId: '', repeat: 'once', date: today(), dow: '', dom: '', rangeStart: today(), rangeEnd: '',
  startTime: '', endTime: '', description: '', linkedGroupId: '',
});

export type EventField = 'title' | 'eventType' | 'date' | 'dow' | 'dom' | 'rangeStart' | 'rangeEnd' | 'startTime' | 'endTime' | 'description' | 'linkedGroup';
// The service names no field in its refusals; these are the words of its messages (contract §6.2). Others go on top.
export const EVENT_FIELD_RULES: ReadonlyArray<readonly [RegExp, EventField]> = [
  [/event title/, 'title'],
  [/event type/, 'eventType'],
  [/HH:MM/, 'startTime'],
  [/end after it starts/, 'endTime'],
  [/description/i, 'description'],
  [/class does not exist/, 'linkedGroup'],
  [/day of the week/, 'dow'],
  [/day of the month/, 'dom'],
  [/^Choose the first date/, 'rangeStart'],
  [/^Choose the last date|last date is before/, 'rangeEnd'],
  [/date of the event/, 'date'],
];

/** The series rule as the API reads it: a weekday name or a day of the month, taken from the first date unless chosen. */
function recurrenceOf(draft: EventDraft) {
  if (draft.repeat === 'weekly') return { type: 'weekly', dow: draft.dow || weekdayOf(draft.rangeStart) };
  return { type: 'monthly', dom: draft.dom ? Number(draft.dom) : Number(draft.rangeStart.slice(8, 10)) || undefined };
}

function bodyOf(draft: EventDraft) {
  return {
    title: draft.title,
    eventTypeId: draft.eventTypeId ? Number(draft.eventTypeId) : null,
    startTime: draft.startTime,
    endTime: draft.endTime,
    ...(draft.description.trim() && { description: draft.description }),
    ...(draft.linkedGroupId && { linkedGroupId: Number(draft.linkedGroupId) }),
    ...(draft.repeat === 'once'
      ? { date: draft.date }
      : { recurrence: recurrenceOf(draft), rangeStart: draft.rangeStart, rangeEnd: draft.rangeEnd }),
  };
}

/** E2: one event, or a weekly or monthly series of at most 366, created all or nothing. */
export function NewEventForm({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const types = useEventTypes();
  const classes = useClasses();
  const [draft, setDraft] = useState(blank);
  const change = (next: Partial<EventDraft>) => setDraft((current) => ({ ...current, ...next }));
  const eventTypeId = draft.eventTypeId || (types.data?.defaultEventTypeId != null ? String(types.data.defaultEventTypeId) : '');
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/events', {
      params: { path: { ministryId: String(ministryId) } },
      body: bodyOf({ ...draft, eventTypeId }),
    })),
    onSuccess: async () => {
      setDraft((current) => ({ ...blank(), eventTypeId: current.eventTypeId }));
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.series() });
    },
  });
  const field = fieldOf(create.error, EVENT_FIELD_RULES);
  const errorFor = (name: EventField) => (field === name ? create.error?.message : undefined);
  return (
    <section className="card" aria-labelledby="new-event">
      <h2 id="new-event">{t('events.newTitle')}</h2>
      <form className="form" noValidate onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
        {create.isError && !field && <ErrorNote error={create.error} />}
        <div className="event-grid">
          <TextField label={t('events.eventTitle')} required maxLength={255} value={draft.title} error={errorFor('title')} onChange={(e) => change({ title: e.target.value })} />
          <SelectField label={t('events.eventType')} required value={eventTypeId} disabled={!types.data} error={errorFor('eventType') ?? types.error?.message} onChange={(e) => change({ eventTypeId: e.target.value })}>
            <option value="">{t('events.chooseEventType')}</option>
            {types.data?.eventTypes.map((type) => <option key={type.id} value={type.id}>{type.name}</option>)}
          </SelectField>
          <TextField label={t('events.startTime')} type="time" required value={draft.startTime} error={errorFor('startTime')} onChange={(e) => change({ startTime: e.target.value })} />
          <TextField label={t('events.endTime')} type="time" required value={draft.endTime} error={errorFor('endTime')} onChange={(e) => change({ endTime: e.target.value })} />
        </div>
        <fieldset className="repeat">
          <legend>{t('events.repeat')}</legend>
          <div className="repeat-choices">
            {REPEATS.map((repeat) => (
              <label key={repeat} className="repeat-choice">
                <input type="radio" name="repeat" value={repeat} checked={draft.repeat === repeat} onChange={() => change({ repeat })} />
                {t(`events.repeats.${repeat}`)}
              </label>
            ))}
          </div>
          <div className="event-grid">
            {draft.repeat === 'once'
              ? <TextField label={t('events.date')} type="date" required value={draft.date} error={errorFor('date')} onChange={(e) => change({ date: e.target.value })} />
              : (
                <>
                  <TextField label={t('events.firstDate')} type="date" required value={draft.rangeStart} error={errorFor('rangeStart')} onChange={(e) => change({ rangeStart: e.target.value })} />
                  <TextField label={t('events.lastDate')} hint={t('events.lastDateHint')} type="date" required value={draft.rangeEnd} error={errorFor('rangeEnd')} onChange={(e) => change({ rangeEnd: e.target.value })} />
                  {draft.repeat === 'weekly'
                    ? (
                      <SelectField label={t('events.dayOfWeek')} value={draft.dow} error={errorFor('dow')} onChange={(e) => change({ dow: e.target.value })}>
                        <option value="">{t('events.sameDay')}</option>
                        {WEEKDAYS.map((day) => <option key={day} value={day}>{t(`events.weekdays.${day}`)}</option>)}
                      </SelectField>
                    )
                    : <TextField label={t('events.dayOfMonth')} hint={t('events.dayOfMonthHint')} type="number" min={1} max={31} value={draft.dom} error={errorFor('dom')} onChange={(e) => change({ dom: e.target.value })} />}
                </>
              )}
          </div>
        </fieldset>
        <div className="event-grid">
          <TextField label={t('events.description')} maxLength={255} value={draft.description} error={errorFor('description')} onChange={(e) => change({ description: e.target.value })} />
          <SelectField label={t('events.linkedClass')} value={draft.linkedGroupId} disabled={!classes.data} error={errorFor('linkedGroup')} onChange={(e) => change({ linkedGroupId: e.target.value })}>
            <option value="">{t('events.noClass')}</option>
            {classes.data?.map((group) => <option key={group.groupId} value={group.groupId}>{group.name}</option>)}
          </SelectField>
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>{t('events.create')}</button>
        </div>
      </form>
      {create.isSuccess && <CreatedEvents ministryId={ministryId} events={create.data.events} />}
    </section>
  );
}
