import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldOf, ok } from '../../api/client';
import { SelectField, TextField } from '../../components/fields';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ErrorNote } from '../../components/feedback';
import { formatDate, formatDay } from '../../format';
import { usePositions, useTeams } from '../schedules/api';
import { planRow, StaffingPlan, type NeedDraft } from '../schedules/public';
import { useInvalidateEvents, type MinistryEvent } from './api';

type Field = 'team' | 'startOffset' | 'endOffset' | 'plan';
const FIELD_RULES: ReadonlyArray<readonly [RegExp, Field]> = [
  [/\bteam\b/i, 'team'],
  [/startOffsetMinutes/, 'startOffset'],
  [/endOffsetMinutes/, 'endOffset'],
  [/position|minCount|maxCount|staffing needs/i, 'plan'],
];

const blank = () => ({ teamId: '', name: '', startOffset: '0', endOffset: '0', needs: [] as NeedDraft[] });

/** Staff this event: a team takes on this one event with its own staffing plan (a hidden one-event schedule). */
export function StaffEvent({ ministryId, event, onDone }: { ministryId: number; event: MinistryEvent; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateEvents();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(blank);
  const teams = useTeams(open ? ministryId : undefined);
  const positions = usePositions(ministryId, draft.teamId ? Number(draft.teamId) : undefined);
  const staff = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/staffed-events', {
      params: { path: { ministryId: String(ministryId) } },
      body: {
        eventId: event.id,
        teamId: Number(draft.teamId) || 0,
        ...(draft.name.trim() && { name: draft.name.trim() }),
        startOffsetMinutes: Number(draft.startOffset) || 0,
        endOffsetMinutes: Number(draft.endOffset) || 0,
        requirements: draft.needs.map((need) => planRow(need, false)),
      },
    })),
    onSuccess: async ({ schedule }) => {
      setOpen(false);
      const team = teams.data?.find((candidate) => candidate.id === schedule.teamId)?.name ?? '';
      onDone(t('events.staffed', { title: event.title, team }));
      await invalidate();
    },
  });
  const field = fieldOf(staff.error, FIELD_RULES);
  const errorFor = (name: Field) => (field === name ? staff.error?.message : undefined);
  const staffedTeams = new Set(event.staffing.map((s) => s.teamId));
  const change = (next: Partial<ReturnType<typeof blank>>) => setDraft((current) => ({ ...current, ...next }));
  return (
    <Dialog
      className="dialog-wide"
      trigger={t('events.staff')}
      triggerName={t('events.staffFull', { title: event.title, date: formatDate(event.start, i18n.language) })}
      title={t('events.staffTitle')}
      description={`${event.title} · ${formatDay(event.start, i18n.language)}`}
      open={open}
      onOpenChange={(next) => { setOpen(next); if (next) setDraft(blank()); else staff.reset(); }}
    >
      <form className="form" noValidate onSubmit={(e) => { e.preventDefault(); staff.mutate(); }}>
        {staff.isError && !field && <ErrorNote error={staff.error} />}
        <SelectField label={t('events.team')} required value={draft.teamId} disabled={!teams.data} error={errorFor('team') ?? teams.error?.message} onChange={(e) => change({ teamId: e.target.value, needs: [] })}>
          <option value="">{t('events.chooseTeam')}</option>
          {teams.data?.filter((team) => team.active).map((team) => (
            <option key={team.id} value={team.id}>{staffedTeams.has(team.id) ? t('events.teamAlready', { name: team.name }) : team.name}</option>
          ))}
        </SelectField>
        <TextField label={t('events.scheduleName')} hint={t('events.scheduleNameHint')} maxLength={100} value={draft.name} onChange={(e) => change({ name: e.target.value })} />
        <div className="event-grid">
          <TextField label={t('events.startOffset')} hint={t('events.startOffsetHint')} type="number" min={-720} max={720} step={5} value={draft.startOffset} error={errorFor('startOffset')} onChange={(e) => change({ startOffset: e.target.value })} />
          <TextField label={t('events.endOffset')} hint={t('events.endOffsetHint')} type="number" min={-720} max={720} step={5} value={draft.endOffset} error={errorFor('endOffset')} onChange={(e) => change({ endOffset: e.target.value })} />
        </div>
        {draft.teamId && (
          <StaffingPlan needs={draft.needs} onChange={(needs) => change({ needs })} positions={positions.data ?? []} withDefaults={false} teamHasNoPositions={positions.data?.length === 0} error={errorFor('plan')} />
        )}
        <DialogActions label={t('events.confirmStaff')} pending={staff.isPending} />
      </form>
    </Dialog>
  );
}
