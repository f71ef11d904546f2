import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../api/client';
import { ErrorNote, SuccessNote } from '../components/feedback';
import { CURRENT_USER } from '../session';

/**
 * A new password typed twice; the mismatch is said as soon as the second one is typed. `hint` replaces the change's
 * hint where no other device is signed out (a first password).
 */
export function NewPasswordFields(props: { password: string; repeat: string; onPassword: (value: string) => void; onRepeat: (value: string) => void; hint?: string }) {
  const { t } = useTranslation();
  const mismatch = props.repeat !== '' && props.password !== props.repeat;
  return (
    <>
      <div className="field">
        <label htmlFor="new-password">{t('reset.newPassword')}</label>
        <input id="new-password" name="newPassword" type="password" autoComplete="new-password" minLength={8} required value={props.password} onChange={(e) => props.onPassword(e.target.value)} aria-describedby="password-hint" />
        <small id="password-hint" className="muted">{props.hint ?? t('password.hint')}</small>
      </div>
      <div className="field">
        <label htmlFor="repeat-password">{t('reset.repeat')}</label>
        <input id="repeat-password" name="repeatPassword" type="password" autoComplete="new-password" required value={props.repeat} onChange={(e) => props.onRepeat(e.target.value)} aria-invalid={mismatch} aria-describedby={mismatch ? 'password-mismatch' : undefined} />
        {mismatch && <small id="password-mismatch" className="field-error">{t('reset.mismatch')}</small>}
      </div>
    </>
  );
}

export function ChangePassword() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useMutation({
    mutationFn: () => ok(api.POST('/api/users/current/password', { body: { currentPassword: current, newPassword: password } })),
    onSuccess: () => {
      setCurrent(''); setPassword(''); setRepeat('');
      // The first administrator's banner goes with the first start's password.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === repeat) change.mutate();
  };
  return (
    <section className="card">
      <h1>{t('password.title')}</h1>
      <form onSubmit={submit} className="form">
        <label className="field">
          <span>{t('password.current')}</span>
          <input name="currentPassword" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
        </label>
        <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
        {change.isError && <ErrorNote error={change.error} />}
        {change.isSuccess && <SuccessNote>{t('password.done')}</SuccessNote>}
        <button type="submit" className="button button-primary" disabled={change.isPending || password !== repeat}>{t('password.save')}</button>
      </form>
    </section>
  );
}
