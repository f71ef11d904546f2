import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { ErrorNote, Loading } from '../../components/feedback';
import { TextField } from '../../components/fields';
import { ADMIN, blankToNull, fieldErrors, useTextForm } from './shared';
import type { Family } from './types';

const FAMILIES = [ADMIN, 'families'] as const;
const FAMILY_FIELDS = ['name', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'homePhone', 'email'] as const;
const EMPTY_FAMILY = Object.fromEntries(FAMILY_FIELDS.map((field) => [field, ''])) as Record<(typeof FAMILY_FIELDS)[number], string>;

export function useFamily(familyId: number | undefined) {
  return useQuery({
    queryKey: [...FAMILIES, familyId],
    queryFn: () => ok(api.GET('/api/family/{familyId}', { params: { path: { familyId: familyId! } } })),
    enabled: familyId !== undefined && familyId > 0,
    retry: false,
  });
}

/** The service lists no families: one is opened by its number (shown on its card and on each member). */
export function FamiliesPanel() {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [openId, setOpenId] = useState<number>();
  const [adding, setAdding] = useState(false);
  const open = (event: FormEvent) => { event.preventDefault(); setOpenId(Number(number)); };
  return (
    <section className="card" aria-labelledby="families-heading">
      <h2 id="families-heading" className="card-title">{t('admin.families.title')}</h2>
      <form className="toolbar" onSubmit={open}>
        <TextField label={t('admin.families.number')} inputMode="numeric" pattern="[0-9]+" required value={number} onChange={(event) => setNumber(event.target.value)} />
        <button type="submit" className="button">{t('admin.families.open')}</button>
      </form>
      {openId !== undefined && <FamilyCard familyId={openId} />}
      {adding
        ? <NewFamily onCreated={(id) => { setOpenId(id); setNumber(String(id)); setAdding(false); }} onCancel={() => setAdding(false)} />
        : <button type="button" className="button" onClick={() => setAdding(true)}>{t('admin.families.add')}</button>}
    </section>
  );
}

function FamilyCard({ familyId }: { familyId: number }) {
  const { t } = useTranslation();
  const family = useFamily(familyId);
  const members = useQueries({
    queries: (family.data?.MemberIds ?? []).map((personId) => ({
      queryKey: [ADMIN, 'people', personId],
      queryFn: () => ok(api.GET('/api/person/{personId}', { params: { path: { personId } } })),
    })),
  });
  if (family.isPending) return <Loading />;
  if (family.isError) return <ErrorNote error={family.error} />;
  const address = [family.data.Address1, family.data.Address2, family.data.City, family.data.State, family.data.Zip, family.data.Country].filter(Boolean).join(', ');
  return (
    <div className="note">
      <h3 className="subheading">{t('admin.families.heading', { name: family.data.Name, id: family.data.Id })}</h3>
      <FamilyFacts family={family.data} address={address} />
      <p>
        <strong>{t('admin.families.members')}:</strong>{' '}
        {members.length === 0 ? t('admin.families.noMembers')
          : members.map((member) => (member.data ? `${member.data.FirstName} ${member.data.LastName}` : '…')).join(', ')}
      </p>
    </div>
  );
}

function FamilyFacts({ family, address }: { family: Family; address: string }) {
  const { t } = useTranslation();
  return (
    <dl className="admin-facts">
      <dt>{t('admin.families.address')}</dt><dd>{address || '—'}</dd>
      <dt>{t('admin.families.fields.homePhone')}</dt><dd>{family.HomePhone ?? '—'}</dd>
      <dt>{t('admin.families.fields.email')}</dt><dd>{family.Email ?? '—'}</dd>
    </dl>
  );
}

function NewFamily({ onCreated, onCancel }: { onCreated: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, bind } = useTextForm(EMPTY_FAMILY);
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/families', {
      body: { ...Object.fromEntries(FAMILY_FIELDS.map((field) => [field, blankToNull(values[field])])), name: values.name.trim() },
    })),
    onSuccess: (family) => {
      queryClient.setQueryData([...FAMILIES, family.Id], family);
      onCreated(family.Id);
    },
  });
  const errors = fieldErrors(create.error, FAMILY_FIELDS, t);
  return (
    <form className="form" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
      <h3 className="subheading">{t('admin.families.new')}</h3>
      <div className="grid-2">
        {FAMILY_FIELDS.map((field) => (
          <TextField key={field} label={t(`admin.families.fields.${field}`)} required={field === 'name'} error={errors.byField[field]}
            type={field === 'email' ? 'email' : field === 'homePhone' ? 'tel' : 'text'} {...bind(field)} />
        ))}
      </div>
      {errors.general && <div className="note note-error" role="alert"><p>{errors.general}</p></div>}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>{create.isPending ? t('admin.saving') : t('admin.families.create')}</button>
        <button type="button" className="button button-quiet" onClick={onCancel}>{t('admin.cancel')}</button>
      </div>
    </form>
  );
}
