import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { ConfirmDialog } from '../../components/Dialog';
import { Empty, ErrorNote } from '../../components/feedback';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { PersonSearch } from '../../components/workspace';
import { adminKeys, useGroupMembers, useGroups, type Group } from './api';
import { ActionButton, blankToNull } from './parts';
import { Table } from '../../components/Table';

/** The reference system's group type of a Sunday School class. */
const SUNDAY_SCHOOL = 4;
type Show = 'all' | 'groups' | 'classes';

export function GroupsPage() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number>();
  const groups = useGroups();
  const open = groups.data?.find((group) => group.Id === openId);
  return (
    <div className="admin-page">
      <h1>{t('admin.groups.title')}</h1>
      <div className="admin-columns">
        <div>
          <QueryState query={groups} />
          {groups.data && <GroupList groups={groups.data} openId={openId} onOpen={setOpenId} />}
          <NewGroup onCreated={setOpenId} />
        </div>
        <div>{open && <GroupDetail key={open.Id} group={open} onDeleted={() => setOpenId(undefined)} />}</div>
      </div>
    </div>
  );
}

function GroupList({ groups, openId, onOpen }: { groups: Group[]; openId?: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [show, setShow] = useState<Show>('all');
  const shown = groups.filter((group) => show === 'all' || (group.Type === SUNDAY_SCHOOL) === (show === 'classes'));
  return (
    <section className="card" aria-labelledby="groups-list">
      <h2 id="groups-list" className="card-title">{t('admin.groups.list')}</h2>
      <SelectField label={t('admin.groups.show')} value={show} onChange={(event) => setShow(event.target.value as Show)}>
        {(['all', 'groups', 'classes'] as const).map((option) => <option key={option} value={option}>{t(`admin.groups.shows.${option}`)}</option>)}
      </SelectField>
      {shown.length === 0 ? <Empty><p>{t('admin.groups.none')}</p></Empty> : (
        <Table head={[t('admin.groups.name'), t('admin.groups.kind'), t('admin.groups.memberCount')]}>
          {shown.map((group) => (
            <tr key={group.Id}>
              <th scope="row">
                <button type="button" className="link-button" aria-current={group.Id === openId ? 'true' : undefined} onClick={() => onOpen(group.Id)}>{group.Name}</button>
              </th>
              <td>{t(group.Type === SUNDAY_SCHOOL ? 'admin.groups.class' : 'admin.groups.group')}</td>
              <td>{group.memberCount}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

function NewGroup({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isSundaySchool, setIsSundaySchool] = useState(false);
  const create = useMutation({
    mutationFn: () => ok(api.POST('/api/groups/', { body: { groupName: name.trim(), description: blankToNull(description), isSundaySchool } })),
    onSuccess: async (group) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.groups() });
      setName('');
      setDescription('');
      onCreated(group.Id);
    },
  });
  return (
    <section className="card" aria-labelledby="groups-new">
      <h2 id="groups-new" className="card-title">{t('admin.groups.new')}</h2>
      <form className="form" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
        <TextField label={t('admin.groups.name')} required maxLength={50} value={name} onChange={(event) => setName(event.target.value)} />
        <TextAreaField label={t('admin.groups.description')} value={description} onChange={(event) => setDescription(event.target.value)} />
        <CheckboxField label={t('admin.groups.isClass')} hint={t('admin.groups.isClassHint')} checked={isSundaySchool} onChange={(event) => setIsSundaySchool(event.target.checked)} />
        {create.isError && <ErrorNote error={create.error} />}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>{create.isPending ? t('admin.saving') : t('admin.groups.create')}</button>
        </div>
      </form>
    </section>
  );
}

function GroupDetail({ group, onDeleted }: { group: Group; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = { params: { path: { groupId: group.Id } } };
  const members = useGroupMembers(group.Id);
  const roleName = (roleId: number) => group.roles.find((role) => role.OptionId === roleId)?.OptionName ?? '—';
  return (
    <section className="card" aria-labelledby="group-heading">
      <h2 id="group-heading" className="card-title">{group.Name}</h2>
      {group.Description && <p className="card-meta">{group.Description}</p>}
      <AddMember group={group} />
      <h3 className="subheading">{t('admin.groups.members')}</h3>
      <QueryState query={members} />
      {members.data?.length === 0 && <Empty><p>{t('admin.groups.noMembers')}</p></Empty>}
      {members.data && members.data.length > 0 && (
        <Table cards head={[t('admin.groups.person'), t('admin.groups.role'), <span className="visually-hidden">{t('admin.actions')}</span>]}>
          {members.data.map((member) => (
            <tr key={`${member.PersonId}-${member.RoleId}`}>
              <th scope="row">{member.Person.FirstName} {member.Person.LastName}</th>
              <td>{roleName(member.RoleId)}</td>
              <td>
                <ActionButton label={t('admin.groups.remove')} working={t('admin.working')} invalidates={adminKeys.groups()} danger
                  call={() => ok(api.DELETE('/api/groups/{groupId}/removeperson/{personId}', { params: { path: { groupId: group.Id, personId: member.PersonId } } }))} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <div className="actions">
        <ConfirmDialog label={t('admin.groups.delete')} title={t('admin.groups.deleteTitle', { name: group.Name })} text={t('admin.groups.deleteText')} working={t('admin.working')}
          call={() => ok(api.DELETE('/api/groups/{groupId}', path))}
          onDone={() => { onDeleted(); void queryClient.invalidateQueries({ queryKey: adminKeys.groups() }); }} />
      </div>
    </section>
  );
}

function AddMember({ group }: { group: Group }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [roleId, setRoleId] = useState(String(group.DefaultRole || ''));
  const add = useMutation({
    mutationFn: (personId: number) => ok(api.POST('/api/groups/{groupId}/addperson/{personId}', {
      params: { path: { groupId: group.Id, personId } },
      body: roleId ? { RoleID: Number(roleId) } : {},
    })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.groups() }),
  });
  return (
    <div className="grid-2">
      <SelectField label={t('admin.groups.roleForNew')} value={roleId} onChange={(event) => setRoleId(event.target.value)}>
        {group.roles.map((role) => <option key={role.OptionId} value={role.OptionId}>{role.OptionName}</option>)}
      </SelectField>
      <div>
        <PersonSearch label={t('admin.groups.addPerson')} onChoose={(person) => add.mutate(person.objid)} />
        {add.isPending && <p className="muted" role="status">{t('admin.working')}</p>}
        {add.isError && <ErrorNote error={add.error} />}
      </div>
    </div>
  );
}
