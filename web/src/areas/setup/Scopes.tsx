import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import type { PersonMatch } from '../../api/types';
import { Table } from '../../components/Table';
import { ErrorNote } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { Section } from './parts';
import { SelectField } from '../../components/fields';
import { PersonSearch } from '../../components/workspace';
import { refreshParts, type Scope, setupKeys, type Team, useIsManager, useScopes, useTeams } from './api';

/** A grant changes who runs the ministry, and its holder joins the pool. */
function useRefreshScopes(ministryId: number) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: setupKeys.scopes() }), refreshParts(queryClient, ministryId, ['pool', 'matrix', 'summary'])]);
}

/** Who coordinates the ministry and who leads each team. Granting is for volunteer managers (the API's rule). */
export function ScopesSection({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const isManager = useIsManager();
  return (
    <Section id="scopes" title={t('setup.section.scopes')}>
      {isManager ? <Scopes ministryId={ministryId} /> : <p className="muted">{t('setup.scopesManagersOnly')}</p>}
    </Section>
  );
}

function Scopes({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const scopes = useScopes();
  const teams = useTeams(ministryId);
  if (!scopes.data) return <QueryState query={scopes} />;
  if (!teams.data) return <QueryState query={teams} />;
  const coordinators = scopes.data.filter((scope) => scope.scopeType === 'ministry' && scope.scopeId === ministryId);
  const leadersOf = (team: Team) => scopes.data.filter((scope) => scope.scopeType === 'team' && scope.scopeId === team.id);
  return (
    <div className="grid-2 setup-grid">
      <div>
        <h3 className="subheading">{t('setup.coordinators')}</h3>
        <p className="muted">{t('setup.coordinatorsHint')}</p>
        {coordinators.length === 0
          ? <p className="muted">{t('setup.noCoordinators')}</p>
          : <ul className="plain-list">{coordinators.map((scope) => <li key={scope.id}><Grant ministryId={ministryId} scope={scope} revokeName={t('setup.revokeCoordinator', { name: scope.personName })} /></li>)}</ul>}
        <GrantSearch ministryId={ministryId} label={t('setup.addCoordinator')} scopeType="ministry" scopeId={ministryId} />
      </div>
      <div>
        <h3 className="subheading">{t('setup.leaders')}</h3>
        <p className="muted">{t('setup.leadersHint')}</p>
        <Table head={[t('setup.team'), t('setup.leadersColumn')]} className="setup-table" caption={t('setup.leaders')}>
          {teams.data.map((team) => (
            <tr key={team.id}>
              <th scope="row">{team.name}</th>
              <td>
                {leadersOf(team).length === 0
                  ? <span className="muted">{t('setup.noLeaders')}</span>
                  : <ul className="plain-list">{leadersOf(team).map((scope) => <li key={scope.id}><Grant ministryId={ministryId} scope={scope} revokeName={t('setup.revokeLeader', { name: scope.personName, team: team.name })} /></li>)}</ul>}
              </td>
            </tr>
          ))}
        </Table>
        <AddLeader ministryId={ministryId} teams={teams.data} />
      </div>
    </div>
  );
}

function AddLeader({ ministryId, teams }: { ministryId: number; teams: Team[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('');
  const teamId = chosen || String(teams[0]?.id ?? '');
  return (
    <div className="setup-leader-add">
      <SelectField label={t('setup.teamToLead')} value={teamId} onChange={(event) => setChosen(event.target.value)}>
        {teams.map((team) => <option key={team.id} value={team.id}>{team.name}</option>)}
      </SelectField>
      {teamId && <GrantSearch ministryId={ministryId} label={t('setup.addLeader')} scopeType="team" scopeId={Number(teamId)} />}
    </div>
  );
}

function GrantSearch({ ministryId, label, scopeType, scopeId }: { ministryId: number; label: string; scopeType: 'ministry' | 'team'; scopeId: number }) {
  const { t } = useTranslation();
  const refresh = useRefreshScopes(ministryId);
  const grant = useMutation({
    mutationFn: (person: PersonMatch) => ok(api.POST('/api/ministries/scopes', { body: { personId: person.objid, scopeType, scopeId } })),
    onSettled: refresh,
  });
  return (
    <>
      <PersonSearch label={label} onChoose={(person) => grant.mutate(person)} />
      {grant.isPending && <p className="muted" role="status">{t('setup.adding')}</p>}
      {grant.isError && <ErrorNote error={grant.error} />}
    </>
  );
}

function Grant({ ministryId, scope, revokeName }: { ministryId: number; scope: Scope; revokeName: string }) {
  const { t } = useTranslation();
  const refresh = useRefreshScopes(ministryId);
  const revoke = useMutation({
    mutationFn: () => ok(api.DELETE('/api/ministries/scopes/{scopeId}', { params: { path: { scopeId: String(scope.id) } } })),
    onSettled: refresh,
  });
  return (
    <span className="setup-grant">
      <span>{scope.personName}</span>
      <button type="button" className="button button-quiet" disabled={revoke.isPending} aria-label={revokeName} onClick={() => revoke.mutate()}>
        {t('setup.revoke')}
      </button>
      {revoke.isError && <ErrorNote error={revoke.error} />}
    </span>
  );
}
