import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { invitationKeys, invite, type InviteTarget } from './api';

/**
 * "Invite": asks once, then mails each person named a link to create their login, and says who could not be invited
 * and why (no e-mail address first of all). `label` names whom, as "Invite the pool" or "Invite 3 chosen".
 */
export function InviteAction({ target, label, fullLabel, disabled = false }: { target: InviteTarget; label: string; fullLabel?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const send = useMutation({ mutationFn: () => invite(target), onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }) });
  const onOpenChange = (next: boolean) => { setOpen(next); if (!next) send.reset(); };
  if (disabled) return <button type="button" className="button" disabled aria-label={fullLabel}>{label}</button>;
  return (
    <Dialog trigger={label} triggerName={fullLabel} triggerClass="button" title={fullLabel ?? label} description={t('invitations.ask')} plainDescription open={open} onOpenChange={onOpenChange}>
      {send.isError && <ErrorNote error={send.error} />}
      {send.data && (
        <>
          <SuccessNote takesFocus>{t('invitations.invited', { count: send.data.invited.length })}</SuccessNote>
          {send.data.cannotBeInvited.length > 0 && (
            <>
              <h3>{t('invitations.cannot')}</h3>
              <ul className="invitation-refusals">
                {send.data.cannotBeInvited.map((person) => <li key={person.personId}>{person.name}: {t(`invitations.reasons.${person.reason}`)}</li>)}
              </ul>
            </>
          )}
          <p><Link to="/ministries/invitations">{t('invitations.follow')}</Link></p>
        </>
      )}
      {send.data
        ? <div className="actions"><button type="button" className="button button-primary" onClick={() => onOpenChange(false)}>{t('invitations.done')}</button></div>
        : <DialogActions label={send.isPending ? t('invitations.sending') : t('invitations.send')} pending={send.isPending} onClick={() => send.mutate()} />}
    </Dialog>
  );
}
