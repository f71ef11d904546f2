import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { useRefreshStaffing, type StaffingAssignment } from './api';

/** A request sent again shows on the row's message list; the note says who got one now and who waits for the hour. */
const clock = (at: string | null) => (at ?? '').slice(11, 16);

/** "Send the request again" to one volunteer still waiting to answer (issue 34 #2). */
export function AskAgainOne({ assignment }: { assignment: StaffingAssignment }) {
  const { t } = useTranslation();
  const refresh = useRefreshStaffing();
  const ask = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/assignments/{assignmentId}/ask-again', { params: { path: { assignmentId: String(assignment.id) } } })),
    onSettled: refresh,
  });
  return (
    <>
      <button type="button" className="button button-quiet" disabled={ask.isPending} onClick={() => ask.mutate()}>
        {t('occurrences.askAgain.one')}<span className="visually-hidden"> {assignment.displayName}</span>
      </button>
      {ask.isSuccess && <SuccessNote>{t('occurrences.askAgain.sent', { names: ask.data.asked.name })}</SuccessNote>}
      {ask.isError && <ErrorNote error={ask.error} />}
    </>
  );
}

/** The same for every pending assignment of the occurrence at once. */
export function AskAgainAll({ occurrenceId, waiting }: { occurrenceId: number; waiting: number }) {
  const { t } = useTranslation();
  const refresh = useRefreshStaffing();
  const ask = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/occurrences/{occurrenceId}/ask-again', { params: { path: { occurrenceId: String(occurrenceId) } } })),
    onSettled: refresh,
  });
  const asked = ask.data?.asked ?? [];
  const sent = asked.filter((a) => a.queued).map((a) => a.name);
  const held = asked.filter((a) => !a.queued);
  return (
    <div className="ask-again">
      <button type="button" className="button" disabled={ask.isPending || waiting === 0} onClick={() => ask.mutate()}>
        {t('occurrences.askAgain.all', { count: waiting })}
      </button>
      {ask.isSuccess && (
        <SuccessNote>
          <p>{t('occurrences.askAgain.sent', { names: sent.join(', ') })}</p>
          {held.map((a) => <p key={a.assignmentId}>{t('occurrences.askAgain.held', { name: a.name, at: clock(a.askAgainAfter) })}</p>)}
        </SuccessNote>
      )}
      {ask.isError && <ErrorNote error={ask.error} />}
    </div>
  );
}
