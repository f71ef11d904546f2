import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../api/client';
import { QueryState } from '../components/QueryState';
import { Empty, ErrorNote, SuccessNote } from '../components/feedback';
import { ToldSentence } from './WhoIsTold';
import { type HelpWantedMinistry, meKeys, useHelpWanted, useTold } from './api';


export function HelpWanted() {
  const { t } = useTranslation();
  const ministries = useHelpWanted();
  return (
    <>
      <h1>{t('helpWanted.title')}</h1>
      <p className="muted">{t('helpWanted.intro')}</p>
      <QueryState query={ministries} />
      {ministries.data?.length === 0 && <Empty><p>{t('helpWanted.empty')}</p></Empty>}
      <ul className="list">
        {ministries.data?.map((ministry) => <MinistryCard key={ministry.ministryId} ministry={ministry} />)}
      </ul>
    </>
  );
}

function MinistryCard({ ministry }: { ministry: HelpWantedMinistry }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const offer = useMutation({
    mutationFn: () => ok(api.POST('/api/me/help-wanted/{ministryId}', { params: { path: { ministryId: String(ministry.ministryId) } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.helpWanted() }),
  });
  return (
    <li className="card">
      <h2 className="card-title">{ministry.ministryName}</h2>
      {ministry.helpWantedText && <p>{ministry.helpWantedText}</p>}
      {ministry.recruitingPositions.length > 0 && (
        <>
          <h3 className="subheading">{t('helpWanted.positions')}</h3>
          <ul className="plain-list">
            {ministry.recruitingPositions.map((position) => (
              <li key={`${position.teamName}-${position.positionName}`}>
                <strong>{position.positionName}</strong> <span className="muted">({position.teamName})</span>
                {position.description && <div className="muted">{position.description}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
      {offer.isSuccess && (
        <SuccessNote><Offered ministryId={ministry.ministryId} notified={offer.data.notified} /></SuccessNote>
      )}
      {offer.isError && <ErrorNote error={offer.error} />}
      {ministry.inPool && !offer.isSuccess && <p className="muted">{t('helpWanted.inPool')}</p>}
      <div className="actions">
        <button type="button" className="button button-primary" disabled={offer.isPending} onClick={() => offer.mutate()}>{t('helpWanted.offer')}</button>
      </div>
    </li>
  );
}

/** Thanks, and who was told; a second offer the same day tells nobody again, unless nobody can be told at all. */
function Offered({ ministryId, notified }: { ministryId: number; notified: number }) {
  const { t } = useTranslation();
  const told = useTold({ ministryId });
  if (!told.data) return null;
  if (notified === 0 && told.data.names.length > 0) return <>{t('helpWanted.offeredAgain')}</>;
  return <>{t('helpWanted.offered')}<ToldSentence told={told.data} /></>;
}
