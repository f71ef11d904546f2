import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { Table } from '../../components/Table';
import { ErrorNote } from '../../components/feedback';
import { formatDate } from '../../format';
import { invitationKeys, resend, useInvitations, withdraw, type Invitation } from './api';

/** Every invitation the reader may follow, with where it stands; resend or withdraw one that is not accepted. */
export function InvitationsPage() {
  const { t } = useTranslation();
  const invitations = useInvitations();
  return (
    <div className="admin-page">
      <h1>{t('invitations.title')}</h1>
      <p className="muted">{t('invitations.intro')}</p>
      <QueryState query={invitations} isEmpty={(rows) => rows.length === 0} empty={<p>{t('invitations.none')}</p>}>
        {(rows) => (
          <Table cards head={[t('invitations.person'), t('invitations.state'), t('invitations.sent'), t('invitations.expires'), t('invitations.by'), t('invitations.actions')]}>
            {rows.map((invitation) => <InvitationRow key={invitation.id} invitation={invitation} />)}
          </Table>
        )}
      </QueryState>
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationKeys.all });
  const again = useMutation({ mutationFn: () => resend(invitation.id), onSuccess: refresh });
  const end = useMutation({ mutationFn: () => withdraw(invitation.id), onSuccess: refresh });
  const settled = invitation.state === 'accepted';
  return (
    <tr>
      <th scope="row" data-label={t('invitations.person')}>
        {invitation.name}
        <br /><small className="muted">{invitation.email ?? '—'}</small>
      </th>
      <td data-label={t('invitations.state')}><span className={`badge invitation-${invitation.state}`}>{t(`invitations.states.${invitation.state}`)}</span></td>
      <td data-label={t('invitations.sent')}>{formatDate(invitation.sentAt, i18n.language)}</td>
      <td data-label={t('invitations.expires')}>{formatDate(invitation.expiresAt, i18n.language)}</td>
      <td data-label={t('invitations.by')}>{invitation.invitedBy ?? '—'}</td>
      <td data-label={t('invitations.actions')}>
        {!settled && (
          <div className="actions">
            <button type="button" className="button" disabled={again.isPending} aria-label={t('invitations.resendTo', { name: invitation.name })} onClick={() => again.mutate()}>
              {t('invitations.resend')}
            </button>
            {invitation.state !== 'withdrawn' && (
              <button type="button" className="button button-quiet" disabled={end.isPending} aria-label={t('invitations.withdrawFrom', { name: invitation.name })} onClick={() => end.mutate()}>
                {t('invitations.withdraw')}
              </button>
            )}
          </div>
        )}
        {again.isError && <ErrorNote error={again.error} />}
        {end.isError && <ErrorNote error={end.error} />}
      </td>
    </tr>
  );
}
