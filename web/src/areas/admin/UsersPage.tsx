import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { ConfirmDialog } from '../../components/Dialog';
import { Empty, ErrorNote, Loading, SuccessNote } from '../../components/feedback';
import { CheckboxField, TextField } from '../../components/fields';
import { PersonSearch } from '../../components/workspace';
import { formatDate } from '../../format';
import { adminKeys, useApiKeys, useUserRoles, useUserSummary } from './api';
import { ActionButton } from './parts';
import { Table } from '../../components/Table';

const ROLE_FLAGS = ['admin', 'addEvents', 'manageGroups', 'editRecords', 'deleteRecords', 'finance', 'manageMinistries', 'manageMyMinistries'] as const;
type RoleFlag = (typeof ROLE_FLAGS)[number];
type Roles = Record<RoleFlag, boolean>;
const NO_ROLES = Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, false])) as Roles;


/**
 * The service lists no users, so an administrator finds the person first: a person either has a user
 * (a user's id is its person's id) or can be given one here.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const [person, setPerson] = useState<{ id: number; name: string }>();
  return (
    <div className="admin-page">
      <h1>{t('admin.users.title')}</h1>
      <p className="muted">{t('admin.users.intro')}</p>
      <div className="card admin-narrow">
        <PersonSearch label={t('admin.users.findPerson')} onChoose={(match) => setPerson({ id: match.objid, name: match.text })} />
      </div>
      {person && <Account key={person.id} personId={person.id} name={person.name} />}
    </div>
  );
}

function Account({ personId, name }: { personId: number; name: string }) {
  const { t } = useTranslation();
  const [deleted, setDeleted] = useState<string>();
  const summary = useUserSummary(personId);
  if (summary.isPending) return <Loading />;
  const hasNoUser = isApiError(summary.error, 404);
  if (summary.isError && !hasNoUser) return <ErrorNote error={summary.error} onRetry={() => void summary.refetch()} />;
  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading" className="card-title">{name}</h2>
      {deleted && <SuccessNote>{t('admin.users.deleted', { userName: deleted })}</SuccessNote>}
      {/* Once deleted, the form to create a user again shows at once, before the summary is read again. */}
      {deleted || hasNoUser || !summary.data
        ? <CreateUser personId={personId} onCreated={() => setDeleted(undefined)} />
        : <ManageUser userId={personId} userName={summary.data.user} isAdmin={summary.data.csvExport} onDeleted={setDeleted} />}
    </section>
  );
}

function RoleChoices({ roles, onChange }: { roles: Roles; onChange: (roles: Roles) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-roles">
      <legend>{t('admin.users.roles')}</legend>
      {ROLE_FLAGS.map((flag) => (
        <CheckboxField key={flag} label={t(`admin.roles.${flag}`)} checked={roles[flag]} onChange={(event) => onChange({ ...roles, [flag]: event.target.checked })} />
      ))}
    </fieldset>
  );
}

function CreateUser({ personId, onCreated }: { personId: number; onCreated: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState(NO_ROLES);
  const create = useMutation({
    mutationFn: () => ok(api.POST('/admin/api/users', { body: { personId, userName, password, roles } })),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(adminKeys.userRoles(personId), user.roles);
      await queryClient.invalidateQueries({ queryKey: adminKeys.userSummary(personId) });
      onCreated();
    },
  });
  const submit = (event: FormEvent) => { event.preventDefault(); create.mutate(); };
  return (
    <form className="form" onSubmit={submit}>
      <p className="muted">{t('admin.users.noUser')}</p>
      <div className="grid-2">
        <TextField label={t('admin.users.userName')} value={userName} onChange={(event) => setUserName(event.target.value)} required autoComplete="off" maxLength={50} />
        <TextField label={t('admin.users.password')} hint={t('admin.users.passwordHint')} type="password" value={password} onChange={(event) => setPassword(event.target.value)} required autoComplete="new-password" maxLength={200} />
      </div>
      <RoleChoices roles={roles} onChange={setRoles} />
      {create.isError && <ErrorNote error={create.error} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>{create.isPending ? t('admin.users.creating') : t('admin.users.create')}</button>
      </div>
    </form>
  );
}

function ManageUser({ userId, userName, isAdmin, onDeleted }: { userId: number; userName: string; isAdmin: boolean; onDeleted: (userName: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = { params: { path: { userId } } };
  const roles = useUserRoles(userId, isAdmin);
  return (
    <>
      <p>{t('admin.users.hasUser', { userName })}</p>
      <QueryState query={roles} />
      {roles.data && <EditRoles userId={userId} current={roles.data} />}
      <h3 className="subheading">{t('admin.users.signIn')}</h3>
      <div className="actions">
        <ActionButton label={t('admin.users.unlock')} working={t('admin.working')} done={t('admin.users.unlocked')} invalidates={adminKeys.user(userId)}
          call={() => ok(api.POST('/admin/api/user/{userId}/login/reset', path))} />
        <ActionButton label={t('admin.users.resetPassword')} working={t('admin.working')} done={t('admin.users.passwordSent')} invalidates={adminKeys.user(userId)}
          call={() => ok(api.POST('/admin/api/user/{userId}/password/reset', path))} />
        <ActionButton label={t('admin.users.disableTwoFactor')} working={t('admin.working')} done={t('admin.users.twoFactorOff')} invalidates={adminKeys.user(userId)}
          call={() => ok(api.POST('/admin/api/user/{userId}/disableTwoFactor', path))} />
      </div>
      <ApiKeys userId={userId} />
      <div className="actions">
        <ConfirmDialog label={t('admin.users.delete')} title={t('admin.users.deleteTitle', { userName })} text={t('admin.users.deleteText')} working={t('admin.working')}
          call={() => ok(api.DELETE('/admin/api/user/{userId}', path))}
          onDone={() => {
            onDeleted(userName);
            queryClient.removeQueries({ queryKey: adminKeys.userRoles(userId) });
            void queryClient.invalidateQueries({ queryKey: adminKeys.userSummary(userId) });
          }} />
      </div>
    </>
  );
}

function EditRoles({ userId, current }: { userId: number; current: Roles }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState(current);
  const save = useMutation({
    mutationFn: async () => (await ok(api.POST('/admin/api/users/{userId}', { params: { path: { userId } }, body: { roles } }))).user,
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.userRoles(userId), user.roles);
      return queryClient.invalidateQueries({ queryKey: adminKeys.userSummary(userId) });
    },
  });
  return (
    <form className="form" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
      <RoleChoices roles={roles} onChange={(next) => { setRoles(next); save.reset(); }} />
      {save.isError && <ErrorNote error={save.error} />}
      {save.isSuccess && <SuccessNote>{t('admin.users.rolesSaved')}</SuccessNote>}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>{save.isPending ? t('admin.saving') : t('admin.users.saveRoles')}</button>
      </div>
    </form>
  );
}

function ApiKeys({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys(userId);
  return (
    <>
      <h3 className="subheading">{t('admin.users.apiKeys')}</h3>
      <QueryState query={keys} />
      {keys.data?.length === 0 && <Empty><p>{t('admin.users.noApiKeys')}</p></Empty>}
      {keys.data && keys.data.length > 0 && (
        <Table head={[t('admin.users.keyLabel'), t('admin.users.keyCreated'), t('admin.users.keyLastUsed'), <span className="visually-hidden">{t('admin.actions')}</span>]} caption={t('admin.users.apiKeys')}>
          {keys.data.map((key) => (
            <tr key={key.id}>
              <th scope="row">{key.label ?? t('admin.users.keyUnlabelled')}</th>
              <td>{formatDate(key.createdDate, i18n.language)}</td>
              <td>{key.lastUsedDate ? formatDate(key.lastUsedDate, i18n.language) : t('admin.users.keyNeverUsed')}</td>
              <td>
                <ActionButton label={t('admin.users.revoke')} working={t('admin.working')} invalidates={adminKeys.userKeys(userId)} danger
                  call={() => ok(api.DELETE('/admin/api/user/{userId}/api-keys/{keyId}', { params: { path: { userId, keyId: key.id } } }))} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
