import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { ErrorNote } from '../../components/feedback';
import { TextField } from '../../components/fields';
import { Moment, When } from '../../components/workspace';
import { useRefreshStaffing } from '../occurrences/api';
import type { SwapRow } from './api';

/** A proposed substitute, approved or rejected here with an optional comment for the record. */
export function SwapCard({ swap }: { swap: SwapRow }) {
  const { t } = useTranslation();
  const refresh = useRefreshStaffing();
  const headingId = useId();
  const [comment, setComment] = useState('');
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') => {
      const options = { params: { path: { swapId: String(swap.id) } }, body: { comment: comment.trim() || null } };
      return ok(decision === 'approve'
        ? api.POST('/api/ministries/swaps/{swapId}/approve', options)
        : api.POST('/api/ministries/swaps/{swapId}/reject', options));
    },
    onSettled: refresh,
  });
  return (
    <li className="card" aria-labelledby={headingId}>
      <h3 id={headingId} className="swap-title">
        {t('dashboard.swapTitle', { by: swap.proposedByName, name: swap.proposedPersonName, position: swap.positionName })}
      </h3>
      <p className="card-meta">
        <When start={swap.start} end={swap.end} /> · {swap.scheduleName} · {swap.ministryName} · {swap.teamName}
      </p>
      <p className="muted small">{t('dashboard.proposedOn')} <Moment value={swap.proposedDate} /></p>
      {swap.comment && <p className="swap-comment">{swap.comment}</p>}
      <form className="swap-decision" onSubmit={(event) => event.preventDefault()}>
        <TextField label={t('dashboard.comment')} maxLength={255} value={comment} onChange={(event) => setComment(event.target.value)} />
        <div className="actions">
          <button type="button" className="button button-primary" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>{t('dashboard.approve')}</button>
          <button type="button" className="button button-danger" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>{t('dashboard.reject')}</button>
        </div>
      </form>
      {decide.isError && <ErrorNote error={decide.error} />}
    </li>
  );
}
