import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, ok } from '../api/client';
import { ErrorNote, SuccessNote } from '../components/feedback';
import { NewPasswordFields } from './ChangePassword';

/** Asks for the mail, then (from the mailed link, or with the code typed in) sets the new password. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const [hasCode, setHasCode] = useState(params.has('token'));
  return hasCode ? <ChooseNewPassword initialToken={params.get('token') ?? ''} /> : <AskForLink onHaveCode={() => setHasCode(true)} />;
}

function AskForLink({ onHaveCode }: { onHaveCode: () => void }) {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const ask = useMutation({ mutationFn: () => ok(api.POST('/api/public/user/password-reset', { body: { userName } })) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate();
  };
  return (
    <section className="card">
      <h1>{t('reset.title')}</h1>
      <p>{t('reset.intro')}</p>
      <form onSubmit={submit} className="form">
        <label className="field">
          <span>{t('reset.userName')}</span>
          <input name="userName" autoComplete="username" autoCapitalize="none" required value={userName} onChange={(e) => setUserName(e.target.value)} />
        </label>
        {ask.isError && <ErrorNote error={ask.error} />}
        {ask.isSuccess && <SuccessNote>{t('reset.sent')}</SuccessNote>}
        <button type="submit" className="button button-primary" disabled={ask.isPending}>{t('reset.send')}</button>
      </form>
      <p><button type="button" className="link-button" onClick={onHaveCode}>{t('reset.haveCode')}</button></p>
      <p><Link to="/sign-in">{t('reset.toSignIn')}</Link></p>
    </section>
  );
}

function ChooseNewPassword({ initialToken }: { initialToken: string }) {
  const { t } = useTranslation();
  const [token, setToken] = useState(initialToken);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const confirm = useMutation({ mutationFn: () => ok(api.POST('/api/public/user/password-reset/confirm', { body: { token: token.trim(), password } })) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === repeat) confirm.mutate();
  };
  if (confirm.isSuccess) {
    return (
      <section className="card">
        <h1>{t('reset.chooseTitle')}</h1>
        <SuccessNote>{t('reset.done')}</SuccessNote>
        <p><Link to="/sign-in" className="button button-primary">{t('reset.toSignIn')}</Link></p>
      </section>
    );
  }
  return (
    <section className="card">
      <h1>{t('reset.chooseTitle')}</h1>
      <form onSubmit={submit} className="form">
        {!initialToken && (
          <label className="field">
            <span>{t('reset.code')}</span>
            <input name="token" autoComplete="one-time-code" required value={token} onChange={(e) => setToken(e.target.value)} />
          </label>
        )}
        <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
        {confirm.isError && <ErrorNote error={confirm.error} />}
        <button type="submit" className="button button-primary" disabled={confirm.isPending || password !== repeat}>{t('reset.save')}</button>
      </form>
    </section>
  );
}
