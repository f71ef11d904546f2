import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok, okPage } from '../../api/client';
import type { PersonMatch } from '../../api/types';
import { ErrorNote, Loading, SuccessNote } from '../../components/feedback';
import { TextField } from '../../components/fields';
import { PagedTable } from '../../components/Table';
import { PersonSearch } from '../../components/workspace';
import { adminKeys, useFamily, usePeople, type Family } from './api';
import { blankToNull, fieldErrors, useTextForm } from './parts';

const FAMILY_FIELDS = ['name', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'homePhone', 'email'] as const;
type FamilyForm = Record<(typeof FAMILY_FIELDS)[number], string>;
const EMPTY_FAMILY = Object.fromEntries(FAMILY_FIELDS.map((field) => [field, ''])) as FamilyForm;

/** The families by name, a page at a time; a name opens the family's card, where it can be edited. */
export function FamiliesPanel() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number>();
  const [adding, setAdding] = useState(false);
  return (
    <section className="card" aria-labelledby="families-heading">
      <h2 id="families-heading" className="card-title">{t('admin.families.title')}</h2>
      <PagedTable
        queryKey={adminKeys.familiesList()}
        read={(query) => okPage(api.GET('/api/families', { params: { query } }))}
        filterLabel={t('admin.families.filter')}
        empty={<p>{t('admin.families.none')}</p>}
        pagesLabel={t('admin.families.pages')}
        summary={(count) => t('admin.families.count', { count })}
        head={[t('admin.families.name'), t('admin.families.memberCount')]}
        row={(family) => (
          <tr key={family.Id}>
            <th scope="row">
              <button type="button" className="link-button" aria-current={family.Id === openId ? 'true' : undefined} onClick={() => setOpenId(family.Id)}>
                {t('admin.families.heading', { name: family.Name, id: family.Id })}
              </button>
            </th>
            <td>{family.MemberCount}</td>
          </tr>
        )}
      />
      {openId !== undefined && <FamilyCard key={openId} familyId={openId} />}
      {adding
        ? <NewFamily onCreated={(id) => { setOpenId(id); setAdding(false); }} onCancel={() => setAdding(false)} />
        : <button type="button" className="button" onClick={() => setAdding(true)}>{t('admin.families.add')}</button>}
    </section>
  );
}

function FamilyCard({ familyId }: { familyId: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const family = useFamily(familyId);
  const members = usePeople(family.data?.MemberIds ?? []);
  if (family.isPending) return <Loading />;
  if (family.isError) return <ErrorNote error={family.error} />;
  if (editing) return <FamilyEditor family={family.data} onDone={() => setEditing(false)} />;
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
      <div className="actions">
        <button type="button" className="button" onClick={() => setEditing(true)}>{t('admin.families.edit')}</button>
      </div>
      <AddMember family={family.data} />
    </div>
  );
}

const MEMBER_FIELDS = ['firstName', 'lastName', 'email'] as const;
const NO_MEMBER = { firstName: '', lastName: '', email: '' };

/**
 * "Add a member" on the family's card (issue 37 #5): a person found by name joins the family, or a new person is
 * made in it. Either way the family's card and the people's list show it at once.
 */
function AddMember({ family }: { family: Family }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string>();
  const { values, setValues, bind } = useTextForm(NO_MEMBER);
  const refresh = (personId: number) => Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.family(family.Id) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.person(personId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.familiesList() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.peopleList() }),
  ]);
  const done = (person: { Id: number; FirstName: string; LastName: string }) => {
    setNotice(t('admin.families.memberAdded', { name: `${person.FirstName} ${person.LastName}`, family: family.Name }));
    return refresh(person.Id);
  };
  const link = useMutation({
    mutationFn: (match: PersonMatch) => ok(api.POST('/api/person/{personId}', { params: { path: { personId: match.objid } }, body: { familyId: family.Id } })),
    onMutate: () => setNotice(undefined),
    onSuccess: done,
  });
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/persons', {
      body: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: blankToNull(values.email), familyId: family.Id },
    })),
    onMutate: () => setNotice(undefined),
    onSuccess: (person) => { setValues(NO_MEMBER); return done(person); },
  });
  const errors = fieldErrors(create.error, MEMBER_FIELDS, t);
  return (
    <section className="stacked-section" aria-labelledby={`add-member-${family.Id}`}>
      <h4 id={`add-member-${family.Id}`} className="subheading">{t('admin.families.addMember')}</h4>
      <PersonSearch label={t('admin.families.linkPerson')} onChoose={(match) => link.mutate(match)} />
      {link.isError && <ErrorNote error={link.error} />}
      <form className="form" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
        <p><strong>{t('admin.families.newMember')}</strong></p>
        <div className="grid-2">
          <TextField label={t('admin.people.fields.firstName')} required error={errors.byField.firstName} {...bind('firstName')} />
          <TextField label={t('admin.people.fields.lastName')} required error={errors.byField.lastName} {...bind('lastName')} />
          <TextField label={t('admin.people.fields.email')} type="email" error={errors.byField.email} {...bind('email')} />
        </div>
        {errors.general && <div className="note note-error" role="alert"><p>{errors.general}</p></div>}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>{create.isPending ? t('admin.saving') : t('admin.families.createMember')}</button>
        </div>
      </form>
      {notice && <SuccessNote>{notice}</SuccessNote>}
    </section>
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

const formOf = (family: Family): FamilyForm => ({
  name: family.Name,
  address1: family.Address1 ?? '',
  address2: family.Address2 ?? '',
  city: family.City ?? '',
  state: family.State ?? '',
  zip: family.Zip ?? '',
  country: family.Country ?? '',
  homePhone: family.HomePhone ?? '',
  email: family.Email ?? '',
});

const bodyOf = (values: FamilyForm) =>
  ({ ...Object.fromEntries(FAMILY_FIELDS.map((field) => [field, blankToNull(values[field])])), name: values.name.trim() });

function FamilyFields({ bind, errors }: { bind: ReturnType<typeof useTextForm<FamilyForm>>['bind']; errors: ReturnType<typeof fieldErrors> }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid-2">
        {FAMILY_FIELDS.map((field) => (
          <TextField key={field} label={t(`admin.families.fields.${field}`)} required={field === 'name'} error={errors.byField[field]}
            type={field === 'email' ? 'email' : field === 'homePhone' ? 'tel' : 'text'} {...bind(field)} />
        ))}
      </div>
      {errors.general && <div className="note note-error" role="alert"><p>{errors.general}</p></div>}
    </>
  );
}

function FamilyEditor({ family, onDone }: { family: Family; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, bind } = useTextForm(formOf(family));
  const save = useMutation({
    mutationFn: () => ok(api.POST('/api/family/{familyId}', { params: { path: { familyId: family.Id } }, body: bodyOf(values) })),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.family(saved.Id), saved);
      onDone();
      return Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.familiesList() }), queryClient.invalidateQueries({ queryKey: adminKeys.peopleList() })]);
    },
  });
  const errors = fieldErrors(save.error, FAMILY_FIELDS, t);
  return (
    <form className="form" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
      <h3 className="subheading">{t('admin.families.heading', { name: family.Name, id: family.Id })}</h3>
      <FamilyFields bind={bind} errors={errors} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>{save.isPending ? t('admin.saving') : t('admin.families.save')}</button>
        <button type="button" className="button button-quiet" onClick={onDone}>{t('app.cancel')}</button>
      </div>
    </form>
  );
}

function NewFamily({ onCreated, onCancel }: { onCreated: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, bind } = useTextForm(EMPTY_FAMILY);
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/families', { body: bodyOf(values) })),
    onSuccess: (family) => {
      queryClient.setQueryData(adminKeys.family(family.Id), family);
      onCreated(family.Id);
      return queryClient.invalidateQueries({ queryKey: adminKeys.familiesList() });
    },
  });
  const errors = fieldErrors(create.error, FAMILY_FIELDS, t);
  return (
    <form className="form" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
      <h3 className="subheading">{t('admin.families.new')}</h3>
      <FamilyFields bind={bind} errors={errors} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>{create.isPending ? t('admin.saving') : t('admin.families.create')}</button>
        <button type="button" className="button button-quiet" onClick={onCancel}>{t('app.cancel')}</button>
      </div>
    </form>
  );
}
