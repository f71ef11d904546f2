import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, ok } from '../api/client';
import { QueryState } from '../components/QueryState';
import { Empty, ErrorNote, SuccessNote } from '../components/feedback';
import { formatDate, formatDay } from '../format';
import { WhoIsTold } from './WhoIsTold';
import { meKeys, useMyAssignments, useSubstitutes } from './api';
import { PickedName, tellApart } from '../components/namesakes';

export function ProposeSubstitute() {
  const { t, i18n } = useTranslation();
  const assignmentId = Number(useParams().assignmentId);
  const queryClient = useQueryClient();
  const assignments = useMyAssignments();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [personId, setPersonId] = useState<number>();
  const [comment, setComment] = useState('');
  const people = useSubstitutes(assignmentId, q);
  const propose = useMutation({
    mutationFn: () => ok(api.POST('/api/me/assignments/{assignmentId}/propose-substitute', {
      params: { path: { assignmentId: String(assignmentId) } },
      body: { personId: personId!, ...(comment.trim() && { comment: comment.trim() }) },
    })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.assignments() }),
  });

  const assignment = assignments.data?.find((row) => row.id === assignmentId);
  const back = <p><Link to="/">{t('substitute.back')}</Link></p>;
  if (!assignments.isSuccess) return <QueryState query={assignments} />;
  if (!assignment) return <><h1>{t('substitute.title')}</h1><Empty><p>{t('substitute.notFound')}</p></Empty>{back}</>;
  if (propose.isSuccess) return <><h1>{t('substitute.title')}</h1><SuccessNote>{t('substitute.sent')}<WhoIsTold about={{ assignmentId }} /></SuccessNote>{back}</>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (personId !== undefined) propose.mutate();
  };
  const namesakes = tellApart((people.data ?? []).map((person) => ({ ...person, id: person.personId, name: person.displayName })), t);
  return (
    <>
      <h1>{t('substitute.title')}</h1>
      <p className="muted">{t('substitute.for', { position: assignment.positionName, day: formatDay(assignment.start, i18n.language) })}</p>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span>{t('substitute.search')}</span>
          <input type="search" name="q" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <fieldset className="choices">
          <legend>{t('substitute.choose')}</legend>
          <QueryState query={people} />
          {people.data?.length === 0 && <Empty><p>{t('substitute.empty')}</p></Empty>}
          {people.data?.map((person) => (
            <label key={person.personId} className="choice">
              <input type="radio" name="personId" value={person.personId} checked={personId === person.personId} onChange={() => setPersonId(person.personId)} />
              <span>
                <strong><PickedName name={person.displayName} detail={namesakes.get(person.personId)} /></strong>
                <small className="muted">
                  {person.lastServedDate ? t('substitute.lastServed', { date: formatDate(person.lastServedDate, i18n.language) }) : t('substitute.neverServed')}
                  {!person.inPool && ` · ${t('substitute.notInPool')}`}
                  {person.conflictPositionName && ` · ${t('substitute.conflict', { position: person.conflictPositionName })}`}
                  {person.marks?.map((code) => ` · ${t(`substitute.mark.${code}`)}`)}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('substitute.comment')}</span>
          <textarea name="comment" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
        </label>
        {propose.isError && <ErrorNote error={propose.error} />}
        <button type="submit" className="button button-primary" disabled={personId === undefined || propose.isPending}>{t('substitute.submit')}</button>
      </form>
      {back}
    </>
  );
}
