import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldOf, ok } from '../../api/client';
import { CheckboxField, TextField } from '../../components/fields';
import { ConfirmDialog, Dialog, DialogActions } from '../../components/Dialog';
import { ErrorNote } from '../../components/feedback';
import { formatDate, formatDay } from '../../format';
import { dateOf, timeOf, useInvalidateEvents, type MinistryEvent } from './api';
import { EVENT_FIELD_RULES, type EventField } from './NewEventForm';

interface RowProps { ministryId: number; event: MinistryEvent; onDone: (notice: string) => void }

/** Edits one of the ministry's own events (§6.5): title, date, times and whether it is active. */
export function EditEvent({ ministryId, event, onDone }: RowProps) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateEvents();
  const [open, setOpen] = useState(false);
  const initial = { title: event.title, date: dateOf(event.start), startTime: timeOf(event.start), endTime: timeOf(event.end), active: !event.inactive };
  const [draft, setDraft] = useState(initial);
  const save = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/events/{eventId}', {
      params: { path: { ministryId: String(ministryId), eventId: String(event.id) } },
      body: draft,
    })),
    onSuccess: async ({ event: saved }) => {
      setOpen(false);
      onDone(t('events.savedEvent', { title: saved.title }));
      await invalidate();
    },
  });
  const field = fieldOf(save.error, EVENT_FIELD_RULES);
  const errorFor = (name: EventField) => (field === name ? save.error?.message : undefined);
  const when = formatDate(event.start, i18n.language);
  return (
    <Dialog
      className="dialog-wide"
      trigger={t('events.edit')}
      triggerName={t('events.editFull', { title: event.title, date: when })}
      title={t('events.editTitle')}
      description={`${event.title} · ${formatDay(event.start, i18n.language)}`}
      open={open}
      onOpenChange={(next) => { setOpen(next); if (next) setDraft(initial); else save.reset(); }}
    >
      <form className="form" noValidate onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        {save.isError && !field && <ErrorNote error={save.error} />}
        <TextField label={t('events.eventTitle')} maxLength={255} value={draft.title} error={errorFor('title')} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
        <TextField label={t('events.date')} type="date" value={draft.date} error={errorFor('date')} onChange={(e) => setDraft({ ...draft, date: e.target.value })} />
        <div className="event-grid">
          <TextField label={t('events.startTime')} type="time" value={draft.startTime} error={errorFor('startTime')} onChange={(e) => setDraft({ ...draft, startTime: e.target.value })} />
          <TextField label={t('events.endTime')} type="time" value={draft.endTime} error={errorFor('endTime')} onChange={(e) => setDraft({ ...draft, endTime: e.target.value })} />
        </div>
        <CheckboxField label={t('events.activeEvent')} hint={t('events.activeEventHint')} checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} />
        <DialogActions label={t('events.save')} pending={save.isPending} />
      </form>
    </Dialog>
  );
}

/** Deletes one event; the service refuses while another ministry has volunteers on it. */
export function DeleteEvent({ ministryId, event, onDone }: RowProps) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateEvents();
  const when = formatDay(event.start, i18n.language);
  return (
    <ConfirmDialog
      label={t('events.delete')}
      fullLabel={t('events.deleteFull', { title: event.title, date: formatDate(event.start, i18n.language) })}
      title={t('events.deleteTitle', { title: event.title })}
      text={t('events.deleteText', { date: when })}
      confirm={t('events.confirmDelete')}
      call={() => ok(api.DELETE('/api/ministries/ministries/{ministryId}/events', {
        params: { path: { ministryId: String(ministryId) } },
        body: { eventIds: [event.id] },
      }))}
      onDone={async () => {
        onDone(t('events.deleted', { title: event.title }));
        await invalidate();
      }}
    />
  );
}
