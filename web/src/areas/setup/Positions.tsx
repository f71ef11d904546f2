import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { Table } from '../../components/Table';
import { FormDialog } from '../../components/Dialog';
import { Empty, ErrorNote } from '../../components/feedback';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { ActiveBadge } from './MinistriesPage';
import { QueryState } from '../../components/QueryState';
import { Section } from './parts';
import { type Position, type Team, usePositions, useRefreshMinistry, useTeams } from './api';

interface Draft { name: string; teamId: string; order: string; description: string; selfAssignable: boolean; recruiting: boolean; active: boolean }

const NEW_POSITION: Draft = { name: '', teamId: '', order: '0', description: '', selfAssignable: true, recruiting: false, active: true };

const draftOf = (position: Position): Draft => ({
  name: position.name,
  teamId: String(position.teamId),
  order: String(position.order),
  description: position.description ?? '',
  selfAssignable: position.selfAssignable,
  recruiting: position.recruiting,
  active: position.active,
});

/** The body both routes take; the service checks the order is a whole number and says so. */
const bodyOf = (draft: Draft, teamId: string) => ({
  name: draft.name.trim(),
  teamId: teamId ? Number(teamId) : null,
  order: draft.order.trim() === '' ? 0 : Number(draft.order),
  description: draft.description.trim() || null,
  selfAssignable: draft.selfAssignable,
  recruiting: draft.recruiting,
  active: draft.active,
});

export function PositionsSection({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const positions = usePositions(ministryId);
  const teams = useTeams(ministryId);
  return (
    <Section id="positions" title={t('setup.section.positions')} hint={t('setup.positionsHint')}>
      <QueryState query={positions} />
      {teams.isError && <QueryState query={teams} />}
      {positions.data && (positions.data.length === 0 ? <Empty><p>{t('setup.noPositions')}</p></Empty> : (
        <Table head={[t('setup.order'), t('setup.position'), t('setup.team'), t('setup.selfSignUp'), t('setup.recruitingShort'), t('setup.status'), <span className="visually-hidden">{t('setup.actions')}</span>]} numberColumns={[0]} className="setup-table" caption={t('setup.section.positions')}>
          {positions.data.map((position) => (
            <tr key={position.id}>
              <td className="number">{position.order}</td>
              <th scope="row">
                {position.name}
                {position.description && <small className="muted setup-subline">{position.description}</small>}
              </th>
              <td>{position.teamName}</td>
              <td>{t(position.selfAssignable ? 'setup.yes' : 'setup.no')}</td>
              <td>{t(position.recruiting ? 'setup.yes' : 'setup.no')}</td>
              <td><ActiveBadge active={position.active} /></td>
              <td><EditPosition ministryId={ministryId} position={position} teams={teams.data ?? []} /></td>
            </tr>
          ))}
        </Table>
      ))}
      <AddPosition ministryId={ministryId} teams={teams.data ?? []} />
    </Section>
  );
}

function PositionFields({ draft, teamId, onChange, teams, withDescription }: {
  draft: Draft; teamId: string; onChange: (draft: Draft) => void; teams: Team[]; withDescription?: boolean;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <div className="setup-position-fields">
        <TextField label={t('setup.positionName')} value={draft.name} onChange={(event) => set('name', event.target.value)} required maxLength={100} />
        <SelectField label={t('setup.team')} value={teamId} onChange={(event) => set('teamId', event.target.value)}>
          {teamId === '' && <option value="">{t('setup.chooseTeam')}</option>}
          {teams.map((team) => (
            <option key={team.id} value={team.id}>{team.active ? team.name : t('setup.inactiveTeam', { name: team.name })}</option>
          ))}
        </SelectField>
        <TextField label={t('setup.order')} hint={t('setup.orderHint')} type="number" step={1} inputMode="numeric" value={draft.order} onChange={(event) => set('order', event.target.value)} />
      </div>
      {withDescription && (
        <TextAreaField label={t('setup.description')} value={draft.description} onChange={(event) => set('description', event.target.value)} maxLength={255} rows={2} />
      )}
      <div className="setup-checks">
        <CheckboxField label={t('setup.selfAssignable')} checked={draft.selfAssignable} onChange={(event) => set('selfAssignable', event.target.checked)} />
        <CheckboxField label={t('setup.recruiting')} checked={draft.recruiting} onChange={(event) => set('recruiting', event.target.checked)} />
        <CheckboxField label={t('setup.positionActive')} checked={draft.active} onChange={(event) => set('active', event.target.checked)} />
      </div>
    </>
  );
}

function AddPosition({ ministryId, teams }: { ministryId: number; teams: Team[] }) {
  const { t } = useTranslation();
  const refresh = useRefreshMinistry(ministryId);
  const [draft, setDraft] = useState(NEW_POSITION);
  // Until the coordinator picks one, a new position goes to the first active team.
  const teamId = draft.teamId || String(teams.find((team) => team.active)?.id ?? '');
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/positions', {
      params: { path: { ministryId: String(ministryId) } },
      body: bodyOf(draft, teamId),
    })),
    onSuccess: async () => {
      setDraft({ ...NEW_POSITION, teamId: draft.teamId, order: draft.order });
      await refresh();
    },
  });
  return (
    <form className="form setup-add" aria-labelledby="setup-add-position" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
      <h3 id="setup-add-position" className="subheading">{t('setup.newPosition')}</h3>
      <PositionFields draft={draft} teamId={teamId} onChange={setDraft} teams={teams} />
      {create.isError && <ErrorNote error={create.error} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>{t('setup.addPosition')}</button>
      </div>
    </form>
  );
}

function EditPosition({ ministryId, position, teams }: { ministryId: number; position: Position; teams: Team[] }) {
  const { t } = useTranslation();
  const refresh = useRefreshMinistry(ministryId);
  const [draft, setDraft] = useState(() => draftOf(position));
  const save = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/positions/{positionId}', {
      params: { path: { positionId: String(position.id) } },
      body: bodyOf(draft, draft.teamId),
    })),
    onSuccess: refresh,
  });
  return (
    <FormDialog
      className="setup-dialog"
      trigger={t('setup.edit')}
      triggerName={t('setup.editNamed', { name: position.name })}
      title={t('setup.editPositionTitle', { name: position.name })}
      submit={t('setup.save')}
      pending={save.isPending}
      error={save.error}
      onOpen={() => { setDraft(draftOf(position)); save.reset(); }}
      onSubmit={() => save.mutateAsync()}
    >
      <PositionFields draft={draft} teamId={draft.teamId} onChange={setDraft} teams={teams} withDescription />
    </FormDialog>
  );
}
