import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { FormDialog } from '../../components/Dialog';
import { Empty, ErrorNote } from '../../components/feedback';
import { TextAreaField, TextField } from '../../components/fields';
import { ActiveBadge } from './MinistriesPage';
import { Section } from './parts';
import { type Team, useRefreshMinistry, useTeams } from './api';
import { InviteAction } from '../invitations/public';

interface TeamChange { name?: string; description?: string | null; active?: boolean }

function useTeamChange(ministryId: number, teamId: number) {
  const refresh = useRefreshMinistry(ministryId);
  return useMutation({
    mutationFn: (body: TeamChange) => ok(api.POST('/api/ministries/teams/{teamId}', { params: { path: { teamId: String(teamId) } }, body })),
    onSuccess: refresh,
  });
}

export function TeamsSection({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const teams = useTeams(ministryId);
  return (
    <Section id="teams" title={t('setup.section.teams')} hint={t('setup.teamsHint')}>
      <QueryState query={teams} />
      {teams.data && (teams.data.length === 0 ? <Empty><p>{t('setup.noTeams')}</p></Empty> : (
        <Table head={[t('setup.team'), t('setup.positions'), t('setup.status'), <span className="visually-hidden">{t('setup.actions')}</span>]} numberColumns={[1]} className="setup-table" caption={t('setup.section.teams')}>
          {teams.data.map((team) => <TeamRow key={team.id} ministryId={ministryId} team={team} />)}
        </Table>
      ))}
      <AddTeam ministryId={ministryId} />
    </Section>
  );
}

function TeamRow({ ministryId, team }: { ministryId: number; team: Team }) {
  const { t } = useTranslation();
  const toggle = useTeamChange(ministryId, team.id);
  return (
    <tr>
      <th scope="row">
        {team.name}
        {team.description && <small className="muted setup-subline">{team.description}</small>}
        {toggle.isError && <ErrorNote error={toggle.error} />}
      </th>
      <td className="number">{team.positionCount}</td>
      <td><ActiveBadge active={team.active} /></td>
      <td>
        <span className="row-actions">
          <RenameTeam ministryId={ministryId} team={team} />
          <InviteAction target={{ teamId: team.id }} label={t('invitations.inviteTeam')} fullLabel={t('invitations.inviteTeamNamed', { name: team.name })} />
          <button
            type="button"
            className="button button-quiet"
            aria-label={t(team.active ? 'setup.deactivateNamed' : 'setup.reactivateNamed', { name: team.name })}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ active: !team.active })}
          >
            {t(team.active ? 'setup.deactivate' : 'setup.reactivate')}
          </button>
        </span>
      </td>
    </tr>
  );
}

function RenameTeam({ ministryId, team }: { ministryId: number; team: Team }) {
  const { t } = useTranslation();
  const change = useTeamChange(ministryId, team.id);
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  return (
    <FormDialog
      className="setup-dialog"
      trigger={t('setup.rename')}
      triggerName={t('setup.renameNamed', { name: team.name })}
      title={t('setup.renameTitle', { name: team.name })}
      submit={t('setup.save')}
      pending={change.isPending}
      error={change.error}
      onOpen={() => { setName(team.name); setDescription(team.description ?? ''); change.reset(); }}
      onSubmit={() => change.mutateAsync({ name: name.trim(), description: description.trim() || null })}
    >
      <TextField label={t('setup.name')} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
      <TextAreaField label={t('setup.description')} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={255} rows={2} />
    </FormDialog>
  );
}

function AddTeam({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const refresh = useRefreshMinistry(ministryId);
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/teams', { params: { path: { ministryId: String(ministryId) } }, body: { name: name.trim() } })),
    onSuccess: async () => {
      setName('');
      await refresh();
    },
  });
  return (
    <form className="toolbar setup-add" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
      <TextField label={t('setup.teamName')} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
      <button type="submit" className="button button-primary" disabled={create.isPending}>{t('setup.addTeam')}</button>
      {create.isError && <ErrorNote error={create.error} />}
    </form>
  );
}
