import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok } from '../../api/client';
import type { Ministry } from '../../api/types';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { Empty, ErrorNote, SuccessNote } from '../../components/feedback';
import { TextAreaField, TextField } from '../../components/fields';
import { MINISTRIES, useMinistries } from '../../components/workspace';
import { useIsManager } from './api';

/** `/ministries/setup`: the ministries the reader runs, and a new one for a volunteer manager. */
export function MinistriesPage() {
  const { t } = useTranslation();
  const ministries = useMinistries();
  const isManager = useIsManager();
  return (
    <>
      <h1>{t('setup.title')}</h1>
      <p className="muted">{t('setup.intro')}</p>
      <QueryState query={ministries} />
      {ministries.data && (ministries.data.length === 0
        ? <Empty><p>{t(isManager ? 'setup.noMinistries' : 'setup.noMinistriesOfYours')}</p></Empty>
        : <MinistryTable ministries={ministries.data} />)}
      {isManager ? <CreateMinistry /> : <p className="muted">{t('setup.createManagersOnly')}</p>}
    </>
  );
}

function MinistryTable({ ministries }: { ministries: Ministry[] }) {
  const { t } = useTranslation();
  return (
    <Table head={[t('setup.ministry'), t('setup.description'), t('setup.teams'), t('setup.positions'), t('setup.status')]} numberColumns={[2, 3]} className="setup-table" caption={t('setup.title')}>
      {ministries.map((ministry) => (
        <tr key={ministry.id}>
          <th scope="row"><Link to={`/ministries/setup/${ministry.id}`}>{ministry.name}</Link></th>
          <td>{ministry.description}</td>
          <td className="number">{ministry.teamCount}</td>
          <td className="number">{ministry.positionCount}</td>
          <td>
            <span className="badge-row">
              <ActiveBadge active={ministry.active} />
              {ministry.helpWanted && <span className="badge badge-pending">{t('setup.helpWantedBadge')}</span>}
            </span>
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <span className={active ? 'badge badge-accepted' : 'badge'}>{t(active ? 'setup.active' : 'setup.inactive')}</span>;
}

function CreateMinistry() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries', { body: { name: name.trim(), description: description.trim() || null } })),
    onSuccess: async () => {
      setName('');
      setDescription('');
      await queryClient.invalidateQueries({ queryKey: MINISTRIES });
    },
  });
  return (
    <section className="card" aria-labelledby="setup-create-ministry">
      <h2 id="setup-create-ministry" className="card-title">{t('setup.createTitle')}</h2>
      <p className="muted">{t('setup.createHint')}</p>
      <form className="form" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
        <div className="grid-2">
          <TextField label={t('setup.name')} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
          <TextAreaField label={t('setup.description')} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={255} rows={2} />
        </div>
        {create.isError && <ErrorNote error={create.error} />}
        {create.isSuccess && <SuccessNote>{t('setup.created', { name: create.data.ministry.name })}</SuccessNote>}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>{t('setup.createMinistry')}</button>
        </div>
      </form>
    </section>
  );
}
