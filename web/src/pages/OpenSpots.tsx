import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok } from '../api/client';
import { QueryState } from '../components/QueryState';
import { Empty, ErrorNote, SuccessNote } from '../components/feedback';
import { formatDay } from '../format';
import { ShiftHeading } from './MySchedule';
import { meKeys, useOpportunities, type Opportunity } from './api';


/** E10's list and E11's sign-up: the server decides; a full place says so and the list is read again. */
export function OpenSpots() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string>();
  const opportunities = useOpportunities();
  const signUp = useMutation({
    mutationFn: (spot: Opportunity) => ok(api.POST('/api/me/signup', { body: { occurrenceId: spot.occurrenceId, positionId: spot.positionId } })),
    onSuccess: ({ warnings }, spot) => {
      const shift = { position: spot.positionName, day: formatDay(spot.start, i18n.language) };
      setNotice(warnings.length === 0 ? t('openSpots.signedUp', shift)
        : t('openSpots.signedUpWithWarnings', { ...shift, warnings: [...new Set(warnings.map((w) => w.code))].map((code) => t(`openSpots.mark.${code}`)).join(' ') }));
    },
    onError: () => setNotice(undefined),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: meKeys.opportunities() }), queryClient.invalidateQueries({ queryKey: meKeys.assignments() })]);
    },
  });

  return (
    <>
      <h1>{t('openSpots.title')}</h1>
      <p className="muted">{t('openSpots.intro')}</p>
      {notice && <SuccessNote>{notice}</SuccessNote>}
      {signUp.isError && <ErrorNote error={signUp.error} />}
      <QueryState query={opportunities} />
      {opportunities.data?.length === 0 && (
        <Empty>
          <p>{t('openSpots.empty')}</p>
          <Link to="/help-wanted" className="button button-primary">{t('nav.helpWanted')}</Link>
        </Empty>
      )}
      {opportunities.data && opportunities.data.length > 0 && (
        <ul className="list">
          {opportunities.data.map((spot) => {
            const isThisOne = signUp.isPending && signUp.variables === spot;
            return (
              <li key={`${spot.occurrenceId}-${spot.positionId}`} className="card">
                <ShiftHeading position={spot.positionName} ministry={spot.ministryName} team={spot.teamName} start={spot.start} end={spot.end} />
                <p><span className="badge">{t('openSpots.places', { count: spot.openCount })}</span></p>
                {spot.alreadyServing && <p className="note note-warning">{t('openSpots.alreadyServing', { positions: spot.alreadyServingPositionNames.join(', ') })}</p>}
                {spot.marks.map((code) => <p key={code} className="note note-warning">{t(`openSpots.mark.${code}`)}</p>)}
                <div className="actions">
                  {/* A place the rules warn about is still open to me (E11 accepts it), but not urged on me. */}
                  <button type="button" className={spot.marks.length > 0 ? 'button' : 'button button-primary'} disabled={signUp.isPending} onClick={() => signUp.mutate(spot)}>
                    {isThisOne ? t('openSpots.signingUp') : t('openSpots.signUp')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
