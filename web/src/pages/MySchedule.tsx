import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok } from '../api/client';
import { QueryState } from '../components/QueryState';
import { Dialog, DialogActions, useDialogState } from '../components/Dialog';
import { Empty, ErrorNote, Loading, SuccessNote } from '../components/feedback';
import { formatDay, formatTime, formatTimes } from '../format';
import { CheckInQr } from './CheckInQr';
import './check-in.css';
import { WhoIsTold } from './WhoIsTold';
import { meKeys, useCheckInCard, useMyAssignments, type CheckInCard, type MeAssignment } from './api';

export function MySchedule() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('upcoming');
  return (
    <>
      <h1>{t('schedule.title')}</h1>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List className="segmented" aria-label={t('schedule.title')}>
          <Tabs.Trigger value="upcoming" className="segment">{t('schedule.upcoming')}</Tabs.Trigger>
          <Tabs.Trigger value="past" className="segment">{t('schedule.past')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upcoming"><Upcoming /></Tabs.Content>
        <Tabs.Content value="past">{tab === 'past' && <Past />}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}

/** A note after an action; `toldOf` names the assignment whose decline someone hears of, `problems` what was refused. */
interface Notice {
  text: string;
  toldOf?: number;
  problems?: string[];
}

function Upcoming() {
  const { t } = useTranslation();
  const assignments = useMyAssignments();
  const [notice, setNotice] = useState<Notice & { serial: number }>();
  // The serial tells one notice from the next, so that each takes the focus afresh.
  const show = (next: Notice) => setNotice((shown) => ({ ...next, serial: (shown?.serial ?? 0) + 1 }));
  if (!assignments.isSuccess) return <QueryState query={assignments} />;
  return (
    <>
      {notice && (
        <SuccessNote key={notice.serial} takesFocus>
          {notice.text}{notice.toldOf !== undefined && <WhoIsTold about={{ assignmentId: notice.toldOf }} />}
          {notice.problems?.map((problem) => <p key={problem}>{problem}</p>)}
        </SuccessNote>
      )}
      <AcceptAll assignments={assignments.data.filter((assignment) => assignment.canRespond && assignment.status === 'pending')} onDone={show} />
      {assignments.data.length === 0 ? (
        <Empty>
          <p>{t('schedule.emptyUpcoming')}</p>
          <Link to="/open-spots" className="button button-primary">{t('schedule.toOpenSpots')}</Link>
        </Empty>
      ) : (
        <ul className="list">
          {assignments.data.map((assignment) => <AssignmentCard key={assignment.id} assignment={assignment} onDone={show} />)}
        </ul>
      )}
    </>
  );
}

function Past() {
  const { t } = useTranslation();
  const upcoming = useMyAssignments();
  const all = useMyAssignments(true);
  if (all.isPending || upcoming.isPending) return <Loading />;
  if (all.isError) return <ErrorNote error={all.error} onRetry={() => void all.refetch()} />;
  if (upcoming.isError) return <ErrorNote error={upcoming.error} onRetry={() => void upcoming.refetch()} />;
  const upcomingIds = new Set(upcoming.data.map((assignment) => assignment.id));
  const past = all.data.filter((assignment) => !upcomingIds.has(assignment.id)).reverse();
  if (past.length === 0) return <Empty><p>{t('schedule.emptyPast')}</p></Empty>;
  return <ul className="list">{past.map((assignment) => <AssignmentCard key={assignment.id} assignment={assignment} />)}</ul>;
}

export function ShiftHeading({ position, ministry, team, start, end, level: Heading = 'h2' }: {
  position: string; ministry: string; team: string; start: string; end: string;
  /** `h3` where the cards sit under a heading of their own (Open spots' weeks). */
  level?: 'h2' | 'h3';
}) {
  const { i18n } = useTranslation();
  return (
    <div className="shift">
      <Heading className="card-title">{position}</Heading>
      <p className="card-meta">{ministry} · {team}</p>
      <p className="card-when">
        <span>{formatDay(start, i18n.language)}</span>
        <span>{formatTimes(start, end, i18n.language)}</span>
      </p>
    </div>
  );
}

function AssignmentCard({ assignment, onDone }: { assignment: MeAssignment; onDone?: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: (swapId: number) => ok(api.POST('/api/me/swaps/{swapId}/withdraw', { params: { path: { swapId: String(swapId) } }, body: {} })),
    onSuccess: () => onDone?.({ text: t('schedule.withdrawn') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.assignments() }),
  });
  const statusKey = `schedule.status.${assignment.status}`;
  return (
    <li className="card" data-assignment-id={assignment.id}>
      <div className="card-head">
        <ShiftHeading position={assignment.positionName} ministry={assignment.ministryName} team={assignment.teamName} start={assignment.start} end={assignment.end} />
        <span className={`badge badge-${assignment.status}`}>{t(statusKey, { defaultValue: assignment.status })}</span>
      </div>
      {assignment.occurrenceStatus === 'cancelled' && <p className="note note-warning">{t('schedule.occurrenceCancelled')}</p>}
      {assignment.pendingSwapId != null && (
        <div className="note">
          <p>{t('schedule.substitutePending', { name: assignment.pendingSwapPersonName ?? '' })}</p>
          <button type="button" className="button button-quiet" disabled={withdraw.isPending} onClick={() => withdraw.mutate(assignment.pendingSwapId!)}>{t('schedule.withdraw')}</button>
          {withdraw.isError && <ErrorNote error={withdraw.error} />}
        </div>
      )}
      {isCheckInDay(assignment) && <CheckInPanel assignment={assignment} onDone={onDone} />}
      {(assignment.canRespond || (assignment.canProposeSubstitute && assignment.pendingSwapId == null)) && (
        <div className="actions">
          {assignment.canRespond && assignment.status !== 'accepted' && <RespondDialog assignment={assignment} response="accepted" onDone={onDone} />}
          {assignment.canRespond && assignment.status !== 'declined' && <RespondDialog assignment={assignment} response="declined" onDone={onDone} />}
          {assignment.canProposeSubstitute && assignment.pendingSwapId == null && (
            <Link to={`/assignments/${assignment.id}/substitute`} className="button button-quiet">{t('schedule.proposeSubstitute')}</Link>
          )}
        </div>
      )}
    </li>
  );
}

/** Today's shift, still served and not cancelled: the service decides the window around its start and says when it opens. */
const isCheckInDay = (assignment: MeAssignment) =>
  (assignment.status === 'accepted' || assignment.status === 'pending') && assignment.occurrenceStatus === 'scheduled'
  && assignment.occurrenceDate === new Date().toLocaleDateString('sv-SE');

/**
 * Today's shift's check-in (issue 36): "Checked in at 9:41" once the person is in (read from the service, so it holds
 * after a reload), else the way the church allows, from the phone and at the kiosk, or at the kiosk only, and the QR
 * code the kiosk scans. The QR is offered the whole day, not only in the check-in window: the kiosk checks people in
 * whenever it stands at the door, and someone who opens it early at home has it ready where the signal is poor.
 */
function CheckInPanel({ assignment, onDone }: { assignment: MeAssignment; onDone?: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const card = useCheckInCard(assignment.id);
  const [qrShown, setQrShown] = useState(false);
  if (card.isPending) return <Loading />;
  if (card.isError) return <ErrorNote error={card.error} onRetry={() => void card.refetch()} />;
  const { checkIn, qr, selfCheckIn, venueCodeAsked } = card.data;
  if (checkIn?.checkedOutAt) return <p className="check-in-done"><span className="badge">{t('schedule.checkedOutAt', { time: formatTime(checkIn.checkedOutAt, i18n.language) })}</span></p>;
  if (checkIn?.checkedInAt) return <p className="check-in-done"><span className="badge badge-accepted">{t('schedule.checkedInAt', { time: formatTime(checkIn.checkedInAt, i18n.language) })}</span></p>;
  return (
    <>
      {selfCheckIn === 'kiosk' && <p className="muted">{t('schedule.checkInAtKiosk')}</p>}
      <div className="actions">
        {selfCheckIn === 'phone' && <CheckInDialog assignment={assignment} venueCodeAsked={venueCodeAsked} onDone={onDone} />}
        <button type="button" className="button button-quiet" aria-expanded={qrShown} onClick={() => setQrShown((shown) => !shown)}>
          {t(qrShown ? 'schedule.hideQr' : 'schedule.showQr')}
        </button>
      </div>
      {qrShown && <CheckInQr text={qr} />}
    </>
  );
}

/** Checking in from the phone (issue 36 #3), with the venue's code when the church asks for one. */
function CheckInDialog({ assignment, venueCodeAsked, onDone }: { assignment: MeAssignment; venueCodeAsked: boolean; onDone?: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const done = useRef(false);
  const checkIn = useMutation({
    mutationFn: () => ok(api.POST('/api/me/assignments/{assignmentId}/check-in', {
      params: { path: { assignmentId: String(assignment.id) } },
      body: code.trim() ? { code: code.trim() } : {},
    })),
    onSuccess: async (answer) => {
      done.current = true;
      dialog.close();
      onDone?.({ text: t('schedule.checkedIn') });
      queryClient.setQueryData(meKeys.checkIn(assignment.id), (card: CheckInCard | undefined) => card && { ...card, checkIn: answer.checkIn });
      await queryClient.invalidateQueries({ queryKey: meKeys.checkIn(assignment.id) });
    },
  });
  const dialog = useDialogState(() => checkIn.reset());
  return (
    <Dialog
      trigger={t('schedule.checkIn')}
      triggerClass="button button-primary"
      title={t('schedule.checkInTitle')}
      description={`${assignment.positionName} · ${assignment.ministryName} · ${formatTimes(assignment.start, assignment.end, i18n.language)}`}
      keepFocus={() => done.current}
      {...dialog}
    >
      <form className="form" onSubmit={(event) => { event.preventDefault(); checkIn.mutate(); }}>
        {venueCodeAsked && (
          <label className="field">
            <span>{t('schedule.checkInCode')}</span>
            <input name="code" autoComplete="off" maxLength={50} value={code} onChange={(e) => setCode(e.target.value)} />
          </label>
        )}
        {checkIn.isError && <ErrorNote error={checkIn.error} />}
        <DialogActions label={t('schedule.confirmCheckIn')} className="button button-primary" pending={checkIn.isPending} />
      </form>
    </Dialog>
  );
}

function RespondDialog({ assignment, response, onDone }: { assignment: MeAssignment; response: 'accepted' | 'declined'; onDone?: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const answered = useRef(false);
  const respond = useMutation({
    mutationFn: () => ok(api.POST('/api/me/assignments/{assignmentId}/respond', {
      params: { path: { assignmentId: String(assignment.id) } },
      body: { response, ...(comment.trim() && { comment: comment.trim() }) },
    })),
    onSuccess: async () => {
      // Read by the dialog's close, which comes before the mutation reports success.
      answered.current = true;
      dialog.close();
      onDone?.(response === 'accepted' ? { text: t('schedule.accepted') } : { text: t('schedule.declined'), toldOf: assignment.id });
      // A decline frees the place: it shows among the open spots and help wanted again.
      const touched = response === 'accepted' ? [meKeys.assignments()] : [meKeys.assignments(), meKeys.opportunities(), meKeys.helpWanted()];
      await Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  const dialog = useDialogState(() => respond.reset());
  const isAccept = response === 'accepted';
  return (
    <Dialog
      trigger={t(isAccept ? 'schedule.accept' : 'schedule.decline')}
      triggerClass={isAccept ? 'button button-primary' : 'button button-danger'}
      title={t(isAccept ? 'schedule.acceptTitle' : 'schedule.declineTitle')}
      description={`${assignment.positionName} · ${assignment.ministryName} · ${formatDay(assignment.start, i18n.language)} ${formatTimes(assignment.start, assignment.end, i18n.language)}`}
      // After an answer its button goes away, so the focus goes to the note that says what happened, not back to it.
      keepFocus={() => answered.current}
      {...dialog}
    >
      <form className="form" onSubmit={(event) => { event.preventDefault(); respond.mutate(); }}>
        {/* An accept asks nothing more, so the dialog opens on its button and a phone shows no keyboard; a decline opens on its reason. */}
        {!isAccept && (
          <label className="field">
            <span>{t('schedule.reason')}</span>
            <textarea name="comment" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
          </label>
        )}
        {respond.isError && <ErrorNote error={respond.error} />}
        <DialogActions
          label={t(isAccept ? 'schedule.confirmAccept' : 'schedule.confirmDecline')}
          className={isAccept ? 'button button-primary' : 'button button-danger'}
          pending={respond.isPending}
        />
      </form>
    </Dialog>
  );
}

/** "Accept all" (issue 34 #5): every request still waiting, listed with its date and hours, each accepted as one accept is. */
function AcceptAll({ assignments, onDone }: { assignments: MeAssignment[]; onDone: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const done = useRef(false);
  const when = (assignment: MeAssignment) => `${formatDay(assignment.start, i18n.language)} ${formatTimes(assignment.start, assignment.end, i18n.language)}`;
  const accept = useMutation({
    mutationFn: () => ok(api.POST('/api/me/assignments/accept-all', { body: { assignmentIds: assignments.map((assignment) => assignment.id) } })),
    onSuccess: async ({ results }) => {
      done.current = true;
      dialog.close();
      const byId = new Map(assignments.map((assignment) => [assignment.id, assignment]));
      const problems = results.filter((result) => !result.accepted).map((result) => {
        const assignment = byId.get(result.assignmentId)!;
        return t('schedule.notAccepted', { what: assignment.positionName, when: when(assignment), why: result.message ?? '' });
      });
      onDone({ text: t('schedule.acceptedAll', { count: results.filter((result) => result.accepted).length }), problems });
      await queryClient.invalidateQueries({ queryKey: meKeys.assignments() });
    },
  });
  const dialog = useDialogState(() => accept.reset());
  if (assignments.length < 2) return null;
  return (
    <div className="actions">
      <Dialog
        trigger={t('schedule.acceptAll', { count: assignments.length })}
        triggerClass="button button-primary"
        title={t('schedule.acceptAllTitle', { count: assignments.length })}
        description={t('schedule.acceptAllText')}
        keepFocus={() => done.current}
        {...dialog}
      >
        <ul className="plain-list">
          {assignments.map((assignment) => <li key={assignment.id}><strong>{assignment.positionName}</strong> · {assignment.ministryName} · {when(assignment)}</li>)}
        </ul>
        {accept.isError && <ErrorNote error={accept.error} />}
        <DialogActions label={t('schedule.confirmAcceptAll')} pending={accept.isPending} onClick={() => accept.mutate()} />
      </Dialog>
    </div>
  );
}
