import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { Dialog, DialogActions, useDialogState } from '../../components/Dialog';
import { ErrorNote } from '../../components/feedback';
import { TextAreaField } from '../../components/fields';
import { Table } from '../../components/Table';
import { Moment } from '../../components/workspace';
import { useRefreshStaffing, type Staffing, type StaffingAssignment, useAssignment } from './api';
import { StatusBadge } from './public';
import { AskAgainAll, AskAgainOne } from './AskAgain';

const LIVE = ['pending', 'accepted'];
type Decision = 'accepted' | 'declined' | 'cancelled';

/** Everyone assigned to the occurrence, its needs' positions first, each with what may still be done. */
export function AssignmentsTable({ staffing }: { staffing: Staffing }) {
  const { t } = useTranslation();
  const assignments = [...staffing.requirements.flatMap((r) => r.assignments), ...staffing.otherAssignments];
  const waiting = assignments.filter((assignment) => assignment.status === 'pending').length;
  return (
    <section>
      <h2 className="section-title">{t('occurrences.assignments')}</h2>
      {waiting > 0 && <AskAgainAll occurrenceId={staffing.occurrence.id} waiting={waiting} />}
      {assignments.length === 0 ? <p className="muted">{t('occurrences.noAssignments')}</p> : (
        <Table cards head={[t('occurrences.person'), t('occurrences.position'), t('occurrences.statusLabel'), t('occurrences.attendanceLabel'), t('occurrences.assignedOn'), t('occurrences.actions')]} label={t('occurrences.assignments')}>
          {assignments.map((assignment) => <AssignmentRow key={assignment.id} assignment={assignment} isOver={isOver(staffing.occurrence.end)} />)}
        </Table>
      )}
    </section>
  );
}

/** The shift's end (wall clock) has passed, read on this device's clock. */
const isOver = (end: string) => end.replace('T', ' ') < new Date().toLocaleString('sv-SE').slice(0, 19);

const SERVED = ['pending', 'accepted', 'completed'];

/** What a row says about who came: the coordinator's mark, else the check-in, else a no-show once the shift is over. */
function attendanceWord(assignment: StaffingAssignment, isOver: boolean) {
  if (assignment.attendanceMark) return assignment.attendanceMark;
  if (assignment.attendance !== 'not_checked_in') return assignment.attendance;
  return isOver && SERVED.includes(assignment.status) ? 'no_show' : 'not_checked_in';
}

function AssignmentRow({ assignment, isOver }: { assignment: StaffingAssignment; isOver: boolean }) {
  const { t } = useTranslation();
  const [showTrail, setShowTrail] = useState(false);
  const isLive = LIVE.includes(assignment.status);
  const trailId = `trail-${assignment.id}`;
  return (
    <>
      <tr data-assignment-id={assignment.id}>
        <th scope="row">{assignment.displayName}</th>
        <td>{assignment.positionName}</td>
        <td>
          <StatusBadge status={assignment.status} />
          {assignment.source !== 'coordinator' && <div className="muted small">{t(`occurrences.source.${assignment.source}`)}</div>}
        </td>
        <td><AttendanceMarks assignment={assignment} isOver={isOver} /></td>
        <td><Moment value={assignment.assignedDate} /></td>
        <td>
          <div className="row-actions">
            <button type="button" className="button button-quiet" aria-expanded={showTrail} aria-controls={trailId} onClick={() => setShowTrail(!showTrail)}>
              {t(showTrail ? 'occurrences.hideTrail' : 'occurrences.showTrail')}
              <span className="visually-hidden"> {assignment.displayName}</span>
            </button>
            {assignment.status === 'pending' && <AskAgainOne assignment={assignment} />}
            {isLive && assignment.status !== 'accepted' && <DecisionDialog assignment={assignment} decision="accepted" />}
            {isLive && <DecisionDialog assignment={assignment} decision="declined" />}
            {isLive && <DecisionDialog assignment={assignment} decision="cancelled" />}
          </div>
        </td>
      </tr>
      {showTrail && (
        <tr id={trailId}>
          <td colSpan={6}><ResponseTrail assignmentId={assignment.id} /></td>
        </tr>
      )}
    </>
  );
}

/** Present, late or absent in one click (issue 36 #3); present and late check the person in, absent clears it. */
function AttendanceMarks({ assignment, isOver }: { assignment: StaffingAssignment; isOver: boolean }) {
  const { t } = useTranslation();
  const refresh = useRefreshStaffing();
  const mark = useMutation({
    mutationFn: (value: 'present' | 'late' | 'absent') => ok(api.POST('/api/ministries/assignments/{assignmentId}/attendance', {
      params: { path: { assignmentId: String(assignment.id) } },
      body: { mark: value },
    })),
    onSettled: refresh,
  });
  const word = attendanceWord(assignment, isOver);
  return (
    <div className="attendance">
      <span className={`badge badge-attendance-${word}`} data-attendance={word}>{t(`occurrences.attendance.${word}`)}</span>
      {SERVED.includes(assignment.status) && (
        <div className="row-actions" role="group" aria-label={t('occurrences.markAs', { name: assignment.displayName })}>
          {(['present', 'late', 'absent'] as const).map((value) => (
            <button key={value} type="button" className={assignment.attendanceMark === value ? 'button button-primary' : 'button button-quiet'}
              aria-pressed={assignment.attendanceMark === value} disabled={mark.isPending}
              onClick={() => mark.mutate(value)}>
              {t(`occurrences.attendance.${value}`)}<span className="visually-hidden"> {assignment.displayName}</span>
            </button>
          ))}
        </div>
      )}
      {mark.isError && <ErrorNote error={mark.error} />}
    </div>
  );
}

function ResponseTrail({ assignmentId }: { assignmentId: number }) {
  const { t } = useTranslation();
  const detail = useAssignment(assignmentId);
  if (!detail.isSuccess) return <QueryState query={detail} />;
  const { responses, swaps } = detail.data;
  if (responses.length === 0 && swaps.length === 0) return <p className="muted">{t('occurrences.noResponses')}</p>;
  return (
    <ul className="plain-list trail">
      {responses.map((response) => (
        <li key={`r${response.id}`}>
          <Moment value={response.responseDate} /> · <StatusBadge status={response.response} />{' '}
          {t(`occurrences.channel.${response.channel}`, { name: response.displayName })}
          {response.comment && <q className="trail-comment">{response.comment}</q>}
        </li>
      ))}
      {swaps.map((swap) => (
        <li key={`s${swap.id}`}>
          <Moment value={swap.proposedDate} /> · {t('occurrences.swapTrail', { by: swap.proposedByName, name: swap.proposedPersonName })}{' '}
          <StatusBadge status={swap.status} />
          {swap.comment && <q className="trail-comment">{swap.comment}</q>}
        </li>
      ))}
    </ul>
  );
}

/** Records an answer given some other way (phone, in person), or cancels; the comment goes into the trail. */
function DecisionDialog({ assignment, decision }: { assignment: StaffingAssignment; decision: Decision }) {
  const { t } = useTranslation();
  const refresh = useRefreshStaffing();
  const [comment, setComment] = useState('');
  const save = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/assignments/{assignmentId}/status', {
      params: { path: { assignmentId: String(assignment.id) } },
      body: { status: decision, ...(comment.trim() && { comment: comment.trim() }) },
    })),
    onSuccess: () => { dialog.close(); setComment(''); },
    onSettled: refresh,
  });
  const dialog = useDialogState(() => save.reset());
  const isCancel = decision === 'cancelled';
  const label = t(`occurrences.decision.${decision}`);
  return (
    <Dialog
      trigger={<>{label}<span className="visually-hidden"> {assignment.displayName}</span></>}
      triggerClass={isCancel ? 'button button-danger' : 'button button-quiet'}
      title={t(`occurrences.decisionTitle.${decision}`, { name: assignment.displayName })}
      description={assignment.positionName}
      {...dialog}
    >
      <form className="form" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
        <TextAreaField label={t('occurrences.commentOptional')} rows={3} maxLength={255} value={comment} onChange={(event) => setComment(event.target.value)} />
        {save.isError && <ErrorNote error={save.error} />}
        <DialogActions label={label} className={isCancel ? 'button button-danger' : 'button button-primary'} pending={save.isPending} close={t('occurrences.close')} />
      </form>
    </Dialog>
  );
}
