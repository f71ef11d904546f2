import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { FormDialog } from '../../components/Dialog';
import { TextAreaField } from '../../components/fields';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { formatDate } from '../../format';
import { adminKeys, useWaitingFamilies, useWaitingPeople } from './api';
import { ActionButton } from './parts';


const toggle = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);

export function RegistrationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [families, setFamilies] = useState<number[]>([]);
  const [persons, setPersons] = useState<number[]>([]);
  const waitingFamilies = useWaitingFamilies();
  const waitingPeople = useWaitingPeople();
  const approve = useMutation({
    mutationFn: () => ok(api.POST('/api/persons/self-register/approve', { body: { families, persons } })),
    onSuccess: () => { setFamilies([]); setPersons([]); return queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }); },
  });
  const chosen = families.length + persons.length;
  return (
    <div className="admin-page">
      <h1>{t('admin.registrations.title')}</h1>
      <p className="muted">{t('admin.registrations.intro')}</p>
      <p>{t('admin.registrations.publicLink')} <a href="/register">{`${window.location.origin}/register`}</a></p>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={approve.isPending || chosen === 0} onClick={() => approve.mutate()}>
          {approve.isPending ? t('admin.working') : t('admin.registrations.approveChosen', { count: chosen })}
        </button>
      </div>
      {approve.isError && <ErrorNote error={approve.error} />}
      {approve.isSuccess && <SuccessNote>{t('admin.registrations.approved', { count: approve.data.approved })}</SuccessNote>}
      <h2>{t('admin.registrations.families')}</h2>
      <Waiting query={waitingFamilies} empty={t('admin.registrations.noFamilies')}
        head={[t('admin.registrations.familyName'), t('admin.registrations.members'), t('admin.registrations.email'), t('admin.registrations.registered')]}
        row={(family) => (
          <tr key={family.Id}>
            <Choose label={family.Name} checked={families.includes(family.Id)} onChange={() => setFamilies(toggle(families, family.Id))} />
            <td>{family.Members.join(', ')}</td>
            <td>{[family.Email, ...family.MemberEmails].filter(Boolean).join(', ') || '—'}</td>
            <Registered value={family.DateEntered} />
            <td />
          </tr>
        )} />
      <h2>{t('admin.registrations.people')}</h2>
      <Waiting query={waitingPeople} empty={t('admin.registrations.noPeople')}
        head={[t('admin.registrations.personName'), t('admin.registrations.phone'), t('admin.registrations.email'), t('admin.registrations.registered')]}
        row={(person) => (
          <tr key={person.Id}>
            <Choose label={`${person.FirstName} ${person.LastName}`} checked={persons.includes(person.Id)} onChange={() => setPersons(toggle(persons, person.Id))} />
            <td>{person.CellPhone ?? person.HomePhone ?? '—'}</td>
            <td>{person.Email ?? '—'}</td>
            <Registered value={person.DateEntered} />
            <td>
              <div className="admin-row-actions">
                <ActionButton label={t('admin.registrations.approveOne')} working={t('admin.working')} invalidates={adminKeys.registrations()}
                  call={() => ok(api.POST('/api/person/{personId}/approve-review', { params: { path: { personId: person.Id } } }))} />
                <RejectPerson personId={person.Id} name={`${person.FirstName} ${person.LastName}`} />
              </div>
            </td>
          </tr>
        )} />
    </div>
  );
}

/** Turns the applicant away, with a reason the service mails them when one is written. */
function RejectPerson({ personId, name }: { personId: number; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reject = useMutation({
    mutationFn: () => ok(api.POST('/api/persons/self-register/{personId}/reject', { params: { path: { personId } }, body: { reason: reason.trim() || undefined } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
  });
  return (
    <FormDialog trigger={t('admin.registrations.reject')} triggerName={t('admin.registrations.rejectNamed', { name })} title={t('admin.registrations.rejectNamed', { name })}
      description={t('admin.registrations.rejectHint')} submit={t('admin.registrations.reject')} pending={reject.isPending} error={reject.error}
      onOpen={() => { setReason(''); reject.reset(); }} onSubmit={() => reject.mutateAsync()}>
      <TextAreaField label={t('admin.registrations.reason')} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
    </FormDialog>
  );
}

function Waiting<T>({ query, empty, head, row }: { query: UseQueryResult<T[]>; empty: string; head: string[]; row: (item: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={<p>{empty}</p>}>
      {(rows) => <Table cards head={[...head, <span className="visually-hidden">{t('admin.actions')}</span>]}>{rows.map(row)}</Table>}
    </QueryState>
  );
}

function Choose({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  return (
    <th scope="row">
      <label className="checkbox-field">
        <input type="checkbox" checked={checked} onChange={onChange} aria-label={t('admin.registrations.choose', { name: label })} />
        <span>{label}</span>
      </label>
    </th>
  );
}

function Registered({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <td>{formatDate(value, i18n.language)}</td>;
}
