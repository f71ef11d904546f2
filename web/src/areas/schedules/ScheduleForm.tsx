import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldOf, ok } from '../../api/client';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { formatDate } from '../../format';
import { scheduleKeys, usePositions, useTeams, type GenerateResult, type Schedule } from './api';
import { type ScheduleDraft } from './draft';
import { LinkFields } from './LinkFields';
import { planRow, StaffingPlan } from './StaffingPlan';

type Field = 'name' | 'team' | 'eventType' | 'titleFilter' | 'group' | 'startOffset' | 'endOffset' | 'windowStart' | 'windowEnd' | 'plan';
// The service names no field in its refusals; these are the words of its messages (contract §5.1, §5.4).
const FIELD_RULES: ReadonlyArray<readonly [RegExp, Field]> = [
  [/schedule name/i, 'name'],
  [/\bteam\b/i, 'team'],
  [/titled|titleFilter|Choose the event this schedule follows/, 'titleFilter'],
  [/event type|eventTypeId/i, 'eventType'],
  [/class|groupId|upcoming meetings/i, 'group'],
  [/startOffsetMinutes/, 'startOffset'],
  [/endOffsetMinutes/, 'endOffset'],
  [/windowStart/, 'windowStart'],
  [/windowEnd|last date is before/, 'windowEnd'],
  [/position|minCount|maxCount|Max is|default volunteer|staffing needs/i, 'plan'],
];

const minutes = (value: string) => (value.trim() === '' ? 0 : Number(value));

/** The schedule in the API's terms: only the link fields its mode reads; a Staff-this-event schedule keeps its event. */
function bodyOf(draft: ScheduleDraft, withDefaults: boolean) {
  const link = draft.linkMode === 'event' ? {} : {
    linkMode: draft.linkMode,
    ...(draft.linkMode === 'event_type' && { eventTypeId: draft.eventTypeId ? Number(draft.eventTypeId) : null }),
    ...(draft.linkMode === 'class' ? { groupId: draft.groupId ? Number(draft.groupId) : null } : { titleFilter: draft.titleFilter.trim() }),
  };
  return {
    name: draft.name,
    teamId: draft.teamId ? Number(draft.teamId) : null,
    ...link,
    startOffsetMinutes: minutes(draft.startOffset),
    endOffsetMinutes: minutes(draft.endOffset),
    windowStart: draft.windowStart,
    windowEnd: draft.windowEnd || null,
    refillOnDecline: draft.refillOnDecline,
    requirements: draft.needs.map((need) => planRow(need, withDefaults)),
  };
}

/**
 * Creates a schedule (`POST …/ministries/{id}/schedules`, which generates at once when active) or saves a
 * change (`POST /schedules/{id}`, which never generates).
 */
export function ScheduleForm({ ministryId, schedule, initial, onSaved }: {
  ministryId: number;
  schedule?: Schedule;
  initial: ScheduleDraft;
  onSaved?: (saved: Schedule, generated: GenerateResult | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const teams = useTeams(ministryId);
  const positions = usePositions(ministryId, draft.teamId ? Number(draft.teamId) : undefined);
  const change = (next: Partial<ScheduleDraft>) => setDraft((current) => ({ ...current, ...next }));
  const save = useMutation({
    mutationFn: async () => {
      if (schedule) {
        const answer = await ok(api.POST('/api/ministries/schedules/{scheduleId}', {
          params: { path: { scheduleId: String(schedule.id) } },
          body: bodyOf(draft, true),
        }));
        return { schedule: answer.schedule, generated: null };
      }
      return ok(api.POST('/api/ministries/ministries/{ministryId}/schedules', {
        params: { path: { ministryId: String(ministryId) } },
        body: { ...bodyOf(draft, false), active: draft.active },
      }));
    },
    onSuccess: async ({ schedule: saved, generated }) => {
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onSaved?.(saved, generated);
    },
  });
  const field = fieldOf(save.error, FIELD_RULES);
  const errorFor = (name: Field) => (field === name ? save.error?.message : undefined);
  const teamChoices = teams.data?.filter((team) => team.active || String(team.id) === draft.teamId) ?? [];
  return (
    <form className="form schedule-form" noValidate onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
      {save.isError && !field && <ErrorNote error={save.error} />}
      <div className="form-grid">
        <TextField label={t('schedules.name')} required maxLength={100} value={draft.name} error={errorFor('name')} onChange={(e) => change({ name: e.target.value })} />
        <SelectField label={t('schedules.team')} required value={draft.teamId} error={errorFor('team')} disabled={!teams.data} onChange={(e) => change({ teamId: e.target.value })}>
          <option value="">{t('schedules.chooseTeam')}</option>
          {teamChoices.map((team) => <option key={team.id} value={team.id}>{team.name}</option>)}
        </SelectField>
      </div>
      {teams.isError && <ErrorNote error={teams.error} />}
      <LinkFields ministryId={ministryId} draft={draft} onChange={change} errorFor={errorFor} />
      <fieldset className="form-grid">
        <legend>{t('schedules.timesAndWindow')}</legend>
        <TextField label={t('schedules.startOffset')} hint={t('schedules.startOffsetHint')} type="number" min={-720} max={720} step={5} value={draft.startOffset} error={errorFor('startOffset')} onChange={(e) => change({ startOffset: e.target.value })} />
        <TextField label={t('schedules.endOffset')} hint={t('schedules.endOffsetHint')} type="number" min={-720} max={720} step={5} value={draft.endOffset} error={errorFor('endOffset')} onChange={(e) => change({ endOffset: e.target.value })} />
        <TextField label={t('schedules.windowStart')} type="date" required value={draft.windowStart} error={errorFor('windowStart')} onChange={(e) => change({ windowStart: e.target.value })} />
        <TextField label={t('schedules.windowEnd')} hint={t('schedules.windowEndHint')} type="date" value={draft.windowEnd} error={errorFor('windowEnd')} onChange={(e) => change({ windowEnd: e.target.value })} />
      </fieldset>
      <p className="muted">
        {schedule
          ? t('schedules.horizon', { count: schedule.horizonWeeks, through: formatDate(schedule.generateThrough, i18n.language) })
          : t('schedules.horizonNew')}
      </p>
      <StaffingPlan
        needs={draft.needs}
        onChange={(needs) => change({ needs })}
        positions={positions.data ?? []}
        scheduleId={schedule?.id}
        withDefaults
        teamHasNoPositions={positions.data?.length === 0}
        error={errorFor('plan')}
      />
      <CheckboxField label={t('schedules.refillOnDecline')} hint={t('schedules.refillOnDeclineHint')} checked={draft.refillOnDecline} onChange={(e) => change({ refillOnDecline: e.target.checked })} />
      {!schedule && <CheckboxField label={t('schedules.saveActive')} hint={t('schedules.saveActiveHint')} checked={draft.active} onChange={(e) => change({ active: e.target.checked })} />}
      {save.isSuccess && schedule && <SuccessNote>{t('schedules.saved')}</SuccessNote>}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>{t('schedules.save')}</button>
      </div>
    </form>
  );
}
