import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/feedback';
import { scheduleKeys, type GenerateResult, type Schedule } from './api';
import { GenerateResultNote } from './GenerateResultNote';

const pathOf = (schedule: Schedule) => ({ params: { path: { scheduleId: String(schedule.id) } } });

/** Generate (E5), switch the schedule on or off, delete it (refused while its occurrences carry assignments). */
export function ScheduleActions({ schedule, firstRun, onDeleted }: {
  schedule: Schedule;
  /** The run the schedule's creation made, shown until Generate runs again. */
  firstRun: GenerateResult | null;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  const generate = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/schedules/{scheduleId}/generate', { ...pathOf(schedule), body: {} })),
    onSettled: invalidate,
  });
  const toggle = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/schedules/{scheduleId}', { ...pathOf(schedule), body: { active: !schedule.active } })),
    onSuccess: () => generate.reset(),
    onSettled: invalidate,
  });
  return (
    <section className="card" aria-labelledby="schedule-actions">
      <h2 id="schedule-actions" className="subheading">{t('schedules.actions')}</h2>
      <p className="muted">{t(schedule.active ? 'schedules.generateHint' : 'schedules.generateInactive')}</p>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={generate.isPending || !schedule.active} onClick={() => generate.mutate()}>
          {t(generate.isPending ? 'schedules.generating' : 'schedules.generate')}
        </button>
        <button type="button" className="button" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {t(schedule.active ? 'schedules.deactivate' : 'schedules.activate')}
        </button>
        <DeleteSchedule schedule={schedule} onDeleted={onDeleted} />
      </div>
      {generate.isSuccess
        ? <GenerateResultNote result={generate.data} />
        : firstRun && !generate.isPending && <GenerateResultNote result={firstRun} heading={t('schedules.firstRun')} />}
      {generate.isError && <ErrorNote error={generate.error} />}
      {toggle.isError && <ErrorNote error={toggle.error} />}
    </section>
  );
}

function DeleteSchedule({ schedule, onDeleted }: { schedule: Schedule; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      label={t('schedules.delete')}
      title={t('schedules.deleteTitle', { name: schedule.name })}
      text={t('schedules.deleteText')}
      confirm={t('schedules.confirmDelete')}
      call={() => ok(api.DELETE('/api/ministries/schedules/{scheduleId}', pathOf(schedule)))}
      onDone={async () => {
        queryClient.removeQueries({ queryKey: scheduleKeys.one(schedule.id) });
        await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
        onDeleted();
      }}
    />
  );
}
