import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, isApiError, ok } from '../api/client';
import { ErrorNote, errorText, Loading, SuccessNote } from '../components/feedback';
import { ShiftHeading } from './MySchedule';
import { ToldSentence } from './WhoIsTold';
import { meKeys, useAnswerLink } from './api';

type Answer = 'accepted' | 'declined';
const isAnswer = (value: string | null): value is Answer => value === 'accepted' || value === 'declined';

/**
 * The page an assignment mail's Accept and Decline links open (no sign-in): the assignment, the answer the link
 * chose (it can still be changed here), a comment for a decline, Confirm, then what the service recorded. A link
 * answers once: opened again, it shows the recorded answer and the way into the app to change it. A link that no
 * longer works is shown as such, in the service's words.
 */
export function AnswerFromEmail() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const queryKey = meKeys.answerLink(token);
  const [choice, setChoice] = useState<Answer | undefined>(() => {
    const asked = params.get('response');
    return isAnswer(asked) ? asked : undefined;
  });
  const [comment, setComment] = useState('');
  const shown = useAnswerLink(token);
  const confirm = useMutation({
    mutationFn: (answer: Answer) => ok(api.POST('/api/public/answer/{token}', {
      params: { path: { token } },
      body: { response: answer, ...(answer === 'declined' && comment.trim() && { comment: comment.trim() }) },
    })),
    onSuccess: (result) => queryClient.setQueryData(queryKey, (page: typeof shown.data) => page && { ...page, assignment: result.assignment }),
    // The link was answered meanwhile (another tab, a forwarded mail) or the assignment changed: the page shows which.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void shown.refetch();
    },
  });

  if (shown.isPending) return <Loading />;
  if (shown.isError) {
    if (!isApiError(shown.error) || shown.error.status >= 500) return <ErrorNote error={shown.error} onRetry={() => void shown.refetch()} />;
    return (
      <section className="card">
        <h1>{t('answer.refusedTitle')}</h1>
        <p role="alert">{errorText(shown.error, t)}</p>
        <p><Link to="/" className="button button-primary">{t('answer.toSchedule')}</Link></p>
      </section>
    );
  }
  const { assignment, answered } = shown.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) confirm.mutate(choice);
  };
  const result = confirm.data;
  return (
    <section className="card">
      <h1>{t('answer.title')}</h1>
      <p>{t('answer.greeting', { name: assignment.firstName })}</p>
      <div className="card-head">
        <ShiftHeading position={assignment.positionName} ministry={assignment.ministryName} team={assignment.teamName} start={assignment.start} end={assignment.end} />
        <span className={`badge badge-${assignment.status}`}>{t(`schedule.status.${assignment.status}`, { defaultValue: assignment.status })}</span>
      </div>
      {result ? (
        <>
          <SuccessNote>
            {t(result.changed
              ? (result.assignment.status === 'accepted' ? 'answer.accepted' : 'answer.declined')
              : (result.assignment.status === 'accepted' ? 'answer.alreadyAccepted' : 'answer.alreadyDeclined'))}
            {result.told && <ToldSentence told={result.told} />}
          </SuccessNote>
          <p><Link to="/">{t('answer.toSchedule')}</Link></p>
        </>
      ) : answered ? (
        <>
          <SuccessNote>{t(answered === 'accepted' ? 'answer.answeredAccepted' : 'answer.answeredDeclined')}</SuccessNote>
          <p>{t('answer.usedLink')}</p>
          <p><Link to="/" className="button button-primary">{t('answer.signInToSchedule')}</Link></p>
        </>
      ) : (
        <form className="form" onSubmit={submit}>
          <fieldset className="choices">
            <legend>{t('answer.choice')}</legend>
            {(['accepted', 'declined'] as const).map((answer) => (
              <label key={answer} className="choice">
                <input type="radio" name="response" value={answer} checked={choice === answer} onChange={() => setChoice(answer)} />
                <span>{t(answer === 'accepted' ? 'answer.accept' : 'answer.decline')}</span>
              </label>
            ))}
          </fieldset>
          {choice === 'declined' && (
            <label className="field">
              <span>{t('answer.comment')}</span>
              <textarea name="comment" rows={3} maxLength={255} value={comment} onChange={(e) => setComment(e.target.value)} />
            </label>
          )}
          {confirm.isError && <ErrorNote error={confirm.error} />}
          <button type="submit" className={choice === 'declined' ? 'button button-danger' : 'button button-primary'} disabled={!choice || confirm.isPending}>
            {confirm.isPending ? t('answer.working') : t('answer.confirm')}
          </button>
        </form>
      )}
    </section>
  );
}
