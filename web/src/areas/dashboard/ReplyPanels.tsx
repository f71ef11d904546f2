import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { Empty, ErrorNote } from '../../components/feedback';
import { formatDate } from '../../format';
import { occurrencePath } from '../occurrences/public';
import { dashboardKeys, useReplies, type Replies } from './api';
import { Table } from '../../components/Table';


/**
 * "Recent replies" (the last 14 days' declines, with their reasons where the reader may see them) and "Help
 * offers" with a one-click add to the pool (issue 34); `ministryId` narrows both to one ministry, as the other panels.
 */
export function ReplyPanels({ ministryId }: { ministryId?: number }) {
  const { t } = useTranslation();
  const replies = useReplies();
  if (!replies.isSuccess) return <QueryState query={replies} />;
  const inScope = <T extends { ministryId: number }>(rows: T[]) => rows.filter((row) => ministryId === undefined || row.ministryId === ministryId);
  const declines = inScope(replies.data.declines);
  const offers = inScope(replies.data.helpOffers);
  return (
    <>
      <RecentReplies rows={declines} />
      <section aria-labelledby="help-offers-title">
        <h2 className="section-title" id="help-offers-title">{t('dashboard.helpOffers')}</h2>
        {offers.length === 0 ? <Empty><p>{t('dashboard.noHelpOffers')}</p></Empty> : (
          <ul className="list">{offers.map((offer) => <HelpOffer key={`${offer.ministryId}-${offer.personId}-${offer.offeredAt}`} offer={offer} />)}</ul>
        )}
      </section>
    </>
  );
}

function RecentReplies({ rows }: { rows: Replies['declines'] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="recent-replies-title">
      <h2 className="section-title" id="recent-replies-title">{t('dashboard.replies')}</h2>
      <p className="muted">{t('dashboard.repliesIntro')}</p>
      {rows.length === 0 ? <Empty><p>{t('dashboard.noReplies')}</p></Empty> : (
        <Table cards head={[t('dashboard.person'), t('dashboard.position'), t('dashboard.when'), t('dashboard.reason'), t('dashboard.declinedOn')]} label={t('dashboard.replies')}>
          {rows.map((row) => (
            <tr key={`${row.assignmentId}-${row.respondedAt}`}>
              <th scope="row">{row.personName}</th>
              <td>{row.positionName}<div className="muted small">{row.ministryName} · {row.teamName}</div></td>
              <td><Link to={occurrencePath(row.occurrenceId)}>{formatDate(row.occurrenceDate, i18n.language)}</Link></td>
              <td>{row.reason ?? '—'}</td>
              <td>{formatDate(row.respondedAt.slice(0, 10), i18n.language)}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

function HelpOffer({ offer }: { offer: Replies['helpOffers'][number] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/pool/{personId}', {
      params: { path: { ministryId: String(offer.ministryId), personId: String(offer.personId) } },
    })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.replies() }),
  });
  return (
    <li className="card row-with-action">
      <span>
        <strong>{offer.personName}</strong> · {offer.ministryName}
        <span className="muted small"> · {t('dashboard.offeredOn', { date: formatDate(offer.offeredAt.slice(0, 10), i18n.language) })}</span>
      </span>
      {offer.inPool ? <span className="badge badge-accepted">{t('dashboard.inPool')}</span> : (
        <button type="button" className="button button-primary" disabled={add.isPending} onClick={() => add.mutate()}
          aria-label={t('dashboard.addToPool', { name: offer.personName })}>{t('dashboard.addToPoolShort')}</button>
      )}
      {add.isError && <ErrorNote error={add.error} />}
    </li>
  );
}
