import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ok, okPage } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { SuccessNote } from '../../components/feedback';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { PagedTable } from '../../components/Table';
import { PersonSearch } from '../../components/workspace';
import { InviteAction } from '../invitations/public';
import { FamiliesPanel } from './Families';
import { adminKeys, useFamily, useFamilyRoles, useFamilySearch, usePerson, type Person, type PersonBody } from './api';
import { blankToNull, fieldErrors, useTextForm } from './parts';

/** The service's gender codes, by the name of their label. */
const GENDERS = [['0', 'notGiven'], ['1', 'male'], ['2', 'female']] as const;
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'birthDate', 'deceasedDate', 'cellPhone', 'homePhone', 'workPhone', 'familyId', 'familyRoleId', 'gender'] as const;
type PersonForm = Record<(typeof TEXT_FIELDS)[number], string>;

const pad = (value: number) => String(value).padStart(2, '0');
const birthDateOf = (person: Person) =>
  person.BirthYear && person.BirthMonth && person.BirthDay ? `${person.BirthYear}-${pad(person.BirthMonth)}-${pad(person.BirthDay)}` : '';

function formOf(person?: Person): PersonForm {
  return {
    firstName: person?.FirstName ?? '',
    lastName: person?.LastName ?? '',
    email: person?.Email ?? '',
    birthDate: person ? birthDateOf(person) : '',
    deceasedDate: person?.DeceasedDate ?? '',
    cellPhone: person?.CellPhone ?? '',
    homePhone: person?.HomePhone ?? '',
    workPhone: person?.WorkPhone ?? '',
    familyId: person?.FamId ? String(person.FamId) : '',
    familyRoleId: person?.FmrId ? String(person.FmrId) : '',
    gender: String(person?.Gender ?? 0),
  };
}

export function PeoplePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | 'new'>();
  const [added, setAdded] = useState(false);
  const show = (next: number | 'new') => { setOpen(next); setAdded(false); };
  return (
    <div className="admin-page">
      <h1>{t('admin.people.title')}</h1>
      <div className="admin-columns">
        <div>
          <section className="card" aria-labelledby="people-find">
            <h2 id="people-find" className="card-title">{t('admin.people.find')}</h2>
            <PersonSearch label={t('admin.people.findPerson')} onChoose={(match) => show(match.objid)} />
            <div className="actions">
              <button type="button" className="button" onClick={() => show('new')}>{t('admin.people.add')}</button>
              <Link to="/admin/people/import" className="button">{t('admin.peopleImport.open')}</Link>
              <ExportButton />
            </div>
          </section>
          <FamiliesPanel />
        </div>
        <div>
          {added && <SuccessNote>{t('admin.people.added')}</SuccessNote>}
          {open !== undefined && <PersonEditor key={open} personId={open === 'new' ? undefined : open} onCreated={(id) => { setOpen(id); setAdded(true); }} />}
        </div>
      </div>
      <PeopleList openId={typeof open === 'number' ? open : undefined} onOpen={show} />
    </div>
  );
}

/** Everyone as a CSV file, saved by the browser (the download needs the sign-in's header, so it is fetched first). */
function ExportButton() {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => ok(api.GET('/api/persons.csv', { parseAs: 'blob' })),
    onSuccess: (file) => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file as Blob);
      link.download = 'people.csv';
      link.click();
      URL.revokeObjectURL(link.href);
    },
  });
  return (
    <button type="button" className="button" disabled={download.isPending} onClick={() => download.mutate()}>
      {download.isPending ? t('admin.peopleImport.exporting') : t('admin.peopleImport.export')}
    </button>
  );
}

/** Everyone by last name, a page at a time; a name opens the person's form; the chosen ones can be invited to create their login. */
function PeopleList({ openId, onOpen }: { openId?: number; onOpen: (personId: number) => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (id: number) => setChosen(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);
  return (
    <section className="card" aria-labelledby="people-list">
      <h2 id="people-list" className="card-title">{t('admin.people.list')}</h2>
      <div className="actions">
        <InviteAction target={{ personIds: chosen }} label={t('invitations.inviteChosen', { count: chosen.length })} disabled={chosen.length === 0} />
      </div>
      <PagedTable
        queryKey={adminKeys.peopleList()}
        read={(query) => okPage(api.GET('/api/persons', { params: { query } }))}
        filterLabel={t('admin.people.filter')}
        empty={<p>{t('admin.people.none')}</p>}
        pagesLabel={t('admin.people.pages')}
        summary={(count) => t('admin.people.count', { count })}
        head={[t('admin.people.name'), t('admin.people.email'), t('admin.people.family')]}
        row={(person) => (
          <tr key={person.Id}>
            <th scope="row">
              <input type="checkbox" checked={chosen.includes(person.Id)} onChange={() => toggle(person.Id)}
                aria-label={t('invitations.choose', { name: `${person.FirstName} ${person.LastName}` })} />{' '}
              <button type="button" className="link-button" aria-current={person.Id === openId ? 'true' : undefined} onClick={() => onOpen(person.Id)}>
                {person.LastName}, {person.FirstName}
              </button>
            </th>
            <td>{person.Email ?? '—'}</td>
            <td>{person.FamilyName ?? '—'}</td>
          </tr>
        )}
      />
    </section>
  );
}

function PersonEditor({ personId, onCreated }: { personId?: number; onCreated: (id: number) => void }) {
  const person = usePerson(personId);
  if (personId === undefined) return <PersonForm onCreated={onCreated} />;
  if (!person.isSuccess) return <QueryState query={person} />;
  return <PersonForm person={person.data} onCreated={onCreated} />;
}

function bodyOf(values: PersonForm, flags: { inactive: boolean; doNotEmail: boolean }): PersonBody {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: blankToNull(values.email),
    gender: Number(values.gender) as 0 | 1 | 2,
    birthDate: blankToNull(values.birthDate),
    deceasedDate: blankToNull(values.deceasedDate),
    cellPhone: blankToNull(values.cellPhone),
    homePhone: blankToNull(values.homePhone),
    workPhone: blankToNull(values.workPhone),
    familyId: values.familyId.trim() ? Number(values.familyId) : null,
    familyRoleId: values.familyRoleId ? Number(values.familyRoleId) : null,
    ...flags,
  };
}

function PersonForm({ person, onCreated }: { person?: Person; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, setValues, bind } = useTextForm(formOf(person));
  const [flags, setFlags] = useState({ inactive: person?.Inactive ?? false, doNotEmail: person?.DoNotEmail ?? false });
  const save = useMutation({
    mutationFn: () => {
      const body = bodyOf(values, flags);
      return person
        ? ok(api.POST('/api/person/{personId}', { params: { path: { personId: person.Id } }, body }))
        : ok(api.POST('/api/persons', { body }));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.person(saved.Id), saved);
      if (!person) onCreated(saved.Id);
      return Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.families() }), queryClient.invalidateQueries({ queryKey: adminKeys.peopleList() })]);
    },
  });
  const errors = fieldErrors(save.error, TEXT_FIELDS, t);
  const submit = (event: FormEvent) => { event.preventDefault(); save.mutate(); };
  const text = (name: (typeof TEXT_FIELDS)[number], type = 'text') =>
    <TextField label={t(`admin.people.fields.${name}`)} type={type} error={errors.byField[name]} {...bind(name)} />;
  // The form opens beside the list, often far above the name clicked at its bottom: the focus (and with it the view)
  // goes to the form's heading, so that what opened is in sight and a screen reader reads it (issue 37 #1).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card" aria-labelledby="person-heading">
      <h2 id="person-heading" className="card-title" tabIndex={-1} ref={heading}>{person ? `${person.FirstName} ${person.LastName}` : t('admin.people.newPerson')}</h2>
      <form className="form" onSubmit={submit}>
        <div className="grid-2">
          {text('firstName')}
          {text('lastName')}
          {text('email', 'email')}
          <SelectField label={t('admin.people.fields.gender')} {...bind('gender')}>
            {GENDERS.map(([value, name]) => <option key={value} value={value}>{t(`admin.people.gender.${name}`)}</option>)}
          </SelectField>
          {text('birthDate', 'date')}
          {text('cellPhone', 'tel')}
          {text('homePhone', 'tel')}
          {text('workPhone', 'tel')}
        </div>
        <FamilyFields familyId={values.familyId} error={errors.byField.familyId} onFamily={(familyId) => setValues((current) => ({ ...current, familyId }))} bindRole={bind('familyRoleId')} />
        <div className="grid-2">
          {text('deceasedDate', 'date')}
          <div>
            <CheckboxField label={t('admin.people.fields.inactive')} checked={flags.inactive} onChange={(event) => setFlags({ ...flags, inactive: event.target.checked })} />
            <CheckboxField label={t('admin.people.fields.doNotEmail')} checked={flags.doNotEmail} onChange={(event) => setFlags({ ...flags, doNotEmail: event.target.checked })} />
          </div>
        </div>
        {errors.general && <div className="note note-error" role="alert"><p>{errors.general}</p></div>}
        {save.isSuccess && <SuccessNote>{t('admin.people.saved')}</SuccessNote>}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>{save.isPending ? t('admin.saving') : t('admin.people.save')}</button>
        </div>
      </form>
    </section>
  );
}

type Bound = ReturnType<ReturnType<typeof useTextForm>['bind']>;

/** Which family the person belongs to (found by its name, issue 37 #5) and their place in it. */
function FamilyFields({ familyId, error, onFamily, bindRole }: { familyId: string; error?: string; onFamily: (familyId: string) => void; bindRole: Bound }) {
  const { t } = useTranslation();
  const roles = useFamilyRoles();
  return (
    <div className="grid-2">
      <FamilyPicker familyId={familyId} error={error} onChange={onFamily} />
      <SelectField label={t('admin.people.fields.familyRoleId')} disabled={!roles.data} {...bindRole}>
        <option value="">{t('admin.people.noFamilyRole')}</option>
        {roles.data?.map((role) => <option key={role.OptionId} value={role.OptionId}>{role.OptionName}</option>)}
      </SelectField>
    </div>
  );
}

/**
 * The person's family, chosen by searching the families' names (never by typing a number): the chosen one is named
 * with a button to take the person out of it, and the matches of what is typed are buttons the keyboard reaches in turn.
 */
function FamilyPicker({ familyId, error, onChange }: { familyId: string; error?: string; onChange: (familyId: string) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const family = useFamily(familyId ? Number(familyId) : undefined);
  const typed = query.trim();
  const matches = useFamilySearch(typed);
  return (
    <div className="family-picker">
      <fieldset className="choices">
        <legend>{t('admin.people.fields.familyId')}</legend>
        <p role="status">
          {familyId ? (family.data ? t('admin.people.familyIs', { name: family.data.Name }) : '…') : <span className="muted">{t('admin.people.noFamily')}</span>}
        </p>
        {familyId && <div><button type="button" className="button button-quiet" onClick={() => onChange('')}>{t('admin.people.leaveFamily')}</button></div>}
        <TextField label={t('admin.people.findFamily')} type="search" autoComplete="off" hint={t('admin.people.familyHint')} error={error}
          value={query} onChange={(event) => setQuery(event.target.value)} />
        {matches.data && (matches.data.length === 0
          ? <p className="muted" role="status">{t('admin.people.noFamilyFound')}</p>
          : (
            <ul className="plain-list" aria-label={t('admin.people.familiesFound')}>
              {matches.data.map((match) => (
                <li key={match.Id}>
                  <button type="button" className="link-button" onClick={() => { onChange(String(match.Id)); setQuery(''); }}>
                    {t('admin.families.heading', { name: match.Name, id: match.Id })}
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </fieldset>
    </div>
  );
}
