import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { ErrorNote, Loading } from '../../components/feedback';
import { useMinistries, useMinistryParam } from '../../components/workspace';
import { AutoFill } from '../autofill/public';
import { useRequirements, useSchedule, type GenerateResult } from './api';
import { FollowedEvents } from './FollowedEvents';
import { ScheduleActions } from './ScheduleActions';
import { blankDraft, draftOf } from './draft';
import { ScheduleForm } from './ScheduleForm';
import { followsText } from './ScheduleList';

function BackLink({ ministryId }: { ministryId?: number }) {
  const { t } = useTranslation();
  return <Link to={`/ministries/schedules${ministryId ? `?ministryId=${ministryId}` : ''}`}>{t('schedules.back')}</Link>;
}

/** `/ministries/schedules/new?ministryId=…`: on save, the schedule's page opens with the result of its first run. */
export function NewSchedulePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [ministryId] = useMinistryParam();
  const ministries = useMinistries();
  if (!ministries.isSuccess) return <QueryState query={ministries} />;
  const ministry = ministries.data.find((m) => m.id === ministryId);
  return (
    <>
      <BackLink ministryId={ministryId} />
      <h1>{t('schedules.newTitle')}</h1>
      {ministry
        ? (
          <>
            <p className="muted">{ministry.name}</p>
            <ScheduleForm
              ministryId={ministry.id}
              initial={blankDraft()}
              onSaved={(saved, generated) => navigate(`/ministries/schedules/${saved.id}`, { state: { generated } })}
            />
          </>
        )
        : <p className="note note-error" role="alert">{t('schedules.unknownMinistry')}</p>}
    </>
  );
}

/** `/ministries/schedules/:scheduleId`: the schedule's settings and plan, its generation and the events it follows. */
export function EditSchedulePage() {
  const { t } = useTranslation();
  const { scheduleId } = useParams();
  const id = Number(scheduleId);
  const location = useLocation();
  const navigate = useNavigate();
  const schedule = useSchedule(id);
  const requirements = useRequirements(schedule.data ? id : undefined);
  const firstRun = (location.state as { generated?: GenerateResult | null } | null)?.generated ?? null;
  if (schedule.isError) return <ErrorNote error={schedule.error} onRetry={() => void schedule.refetch()} />;
  if (schedule.isPending || requirements.isPending) return <Loading />;
  if (requirements.isError) return <ErrorNote error={requirements.error} onRetry={() => void requirements.refetch()} />;
  const current = schedule.data;
  return (
    <>
      <BackLink ministryId={current.ministryId} />
      <div className="page-head">
        <h1>{current.name}</h1>
        <span className={`badge ${current.active ? 'badge-accepted' : ''}`}>{t(current.active ? 'schedules.active' : 'schedules.inactive')}</span>
      </div>
      <p className="muted">{followsText(current, t)}</p>
      <ScheduleActions schedule={current} firstRun={firstRun} onDeleted={() => navigate(`/ministries/schedules?ministryId=${current.ministryId}`)} />
      <AutoFill scope={{ scheduleId: current.id }} />
      <div className="schedule-layout">
        <section className="card" aria-labelledby="settings">
          <h2 id="settings">{t('schedules.settings')}</h2>
          <ScheduleForm
            key={current.id}
            ministryId={current.ministryId}
            schedule={current}
            initial={draftOf(current, requirements.data)}
          />
        </section>
        <FollowedEvents schedule={current} />
      </div>
    </>
  );
}
