import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, ok } from '../api/client';
import { QueryState } from '../components/QueryState';
import { Empty, ErrorNote, SuccessNote } from '../components/feedback';
import { SelectField } from '../components/fields';
import { formatDate, formatDay, weekStart } from '../format';
import { ShiftHeading } from './MySchedule';
import { meKeys, useOpportunities, type Opportunity } from './api';


/**
 * E10's list and E11's sign-up: the server decides; a full place says so and the list is read again. The outcome is
 * shown above the list and takes the focus, so that a sign-up far down the page brings its note into view (the spot
 * signed up for may leave the list with its button); the serial makes each outcome take the focus afresh.
 */
export function OpenSpots() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ text?: string; serial: number }>();
  const tell = (text?: string) => setNotice((shown) => ({ text, serial: (shown?.serial ?? 0) + 1 }));
  const opportunities = useOpportunities();
  const [params, setParams] = useSearchParams();
  const ministry = params.get('ministry') ?? '';
  const team = params.get('team') ?? '';
  const choose = (chosen: { ministry: string; team: string }) =>
    setParams(Object.fromEntries(Object.entries(chosen).filter(([, value]) => value)), { replace: true });
  const signUp = useMutation({
    mutationFn: (spot: Opportunity) => ok(api.POST('/api/me/signup', { body: { occurrenceId: spot.occurrenceId, positionId: spot.positionId } })),
    onSuccess: ({ warnings }, spot) => {
      const shift = { position: spot.positionName, day: formatDay(spot.start, i18n.language) };
      tell(warnings.length === 0 ? t('openSpots.signedUp', shift)
        : t('openSpots.signedUpWithWarnings', { ...shift, warnings: [...new Set(warnings.map((w) => w.code))].map((code) => t(`openSpots.mark.${code}`)).join(' ') }));
    },
    onError: () => tell(),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: meKeys.opportunities() }), queryClient.invalidateQueries({ queryKey: meKeys.assignments() })]);
    },
  });

  return (
    <>
      <h1>{t('openSpots.title')}</h1>
      <p className="muted">{t('openSpots.intro')}</p>
      {notice?.text && <SuccessNote key={notice.serial} takesFocus>{notice.text}</SuccessNote>}
      {signUp.isError && notice && <ErrorNote key={notice.serial} error={signUp.error} takesFocus />}
      <QueryState query={opportunities} />
      {opportunities.data?.length === 0 && (
        <Empty>
          <p>{t('openSpots.empty')}</p>
          <Link to="/help-wanted" className="button button-primary">{t('nav.helpWanted')}</Link>
        </Empty>
      )}
      {opportunities.data && opportunities.data.length > 0 && (
        <>
          <Filters spots={opportunities.data} ministry={ministry} team={team} onChange={choose} />
          <Weeks spots={opportunities.data.filter((spot) => (!ministry || spot.ministryName === ministry) && (!team || spot.teamName === team))}>
            {(spot) => (
              <li key={`${spot.occurrenceId}-${spot.positionId}`} className="card">
                <ShiftHeading level="h3" position={spot.positionName} ministry={spot.ministryName} team={spot.teamName} start={spot.start} end={spot.end} />
                <p><span className="badge">{t('openSpots.places', { count: spot.openCount })}</span></p>
                {spot.alreadyServing && <p className="note note-warning">{t('openSpots.alreadyServing', { positions: spot.alreadyServingPositionNames.join(', ') })}</p>}
                {spot.marks.map((code) => <p key={code} className="note note-warning">{t(`openSpots.mark.${code}`)}</p>)}
                <div className="actions">
                  {/* A place the rules warn about is still open to me (E11 accepts it), but not urged on me. */}
                  <button type="button" className={spot.marks.length > 0 ? 'button' : 'button button-primary'} disabled={signUp.isPending} onClick={() => signUp.mutate(spot)}>
                    {signUp.isPending && signUp.variables === spot ? t('openSpots.signingUp') : t('openSpots.signUp')}
                  </button>
                </div>
              </li>
            )}
          </Weeks>
        </>
      )}
    </>
  );
}

const distinct = (names: string[]) => [...new Set(names)].sort((a, b) => a.localeCompare(b));

/** Narrows a long list to one ministry or team; the choice is kept in the address, so a reload keeps it. */
function Filters({ spots, ministry, team, onChange }: {
  spots: Opportunity[]; ministry: string; team: string; onChange: (chosen: { ministry: string; team: string }) => void;
}) {
  const { t } = useTranslation();
  const teams = distinct(spots.filter((spot) => !ministry || spot.ministryName === ministry).map((spot) => spot.teamName));
  return (
    <div className="toolbar">
      <SelectField label={t('workspace.ministry')} value={ministry} onChange={(event) => onChange({ ministry: event.target.value, team: '' })}>
        <option value="">{t('availability.allMinistries')}</option>
        {distinct(spots.map((spot) => spot.ministryName)).map((name) => <option key={name} value={name}>{name}</option>)}
      </SelectField>
      <SelectField label={t('openSpots.team')} value={team} onChange={(event) => onChange({ ministry, team: event.target.value })}>
        <option value="">{t('openSpots.allTeams')}</option>
        {teams.map((name) => <option key={name} value={name}>{name}</option>)}
      </SelectField>
    </div>
  );
}

/** The spots under a heading per week (Monday to Sunday), in the order the service lists them. */
function Weeks({ spots, children }: { spots: Opportunity[]; children: (spot: Opportunity) => ReactNode }) {
  const { t, i18n } = useTranslation();
  // Only an address naming a ministry or team without spots now leaves nothing to show.
  if (spots.length === 0) return <Empty><p>{t('openSpots.empty')}</p></Empty>;
  const weeks = new Map<string, Opportunity[]>();
  for (const spot of spots) weeks.set(weekStart(spot.start), [...(weeks.get(weekStart(spot.start)) ?? []), spot]);
  return [...weeks].map(([monday, rows]) => (
    <section key={monday}>
      <h2 className="section-title">{t('openSpots.week', { monday: formatDate(monday, i18n.language) })}</h2>
      <ul className="list">{rows.map(children)}</ul>
    </section>
  ));
}
