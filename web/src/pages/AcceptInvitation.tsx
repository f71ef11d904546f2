import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ok } from '../api/client';
import { ErrorNote, Loading } from '../components/feedback';
import { chooseLanguage, LANGUAGES, type Language } from '../i18n';
import { CURRENT_USER } from '../session';
import { useInvitationLink } from './api';
import { NewPasswordFields } from './ChangePassword';

/**
 * The page an invitation mail links to (issue 33 #1): the invited person chooses a password, and a user name if
 * their address should not be it, and is signed in at once. The language the page is read in is kept as theirs, for
 * every browser and every mail (issue 33 #4). Opening it tells the inviter the mail was opened.
 */
export function AcceptInvitation() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitationLink(token);
  if (token === '' || invitation.isError) {
    return (
      <section className="card">
        <h1>{t('invitation.title')}</h1>
        {invitation.isError ? <ErrorNote error={invitation.error} /> : <p>{t('invitation.noLink')}</p>}
        <p><Link to="/sign-in">{t('reset.toSignIn')}</Link></p>
      </section>
    );
  }
  if (!invitation.data) return <Loading />;
  return <ChooseLogin token={token} firstName={invitation.data.firstName} email={invitation.data.email} />;
}

function ChooseLogin({ token, firstName, email }: { token: string; firstName: string; email: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const accept = useMutation({
    mutationFn: () => ok(api.POST('/api/public/invitations/accept', { body: { token, password, userName: userName.trim() || undefined, language: i18n.language as Language } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: CURRENT_USER });
      void navigate('/', { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === repeat) accept.mutate();
  };
  return (
    <section className="card">
      <h1>{t('invitation.welcome', { name: firstName })}</h1>
      <p>{t('invitation.intro')}</p>
      <form onSubmit={submit} className="form">
        <label className="field">
          <span>{t('app.language')}</span>
          <select value={i18n.language} onChange={(e) => chooseLanguage(e.target.value as Language)}>
            {Object.entries(LANGUAGES).map(([code, name]) => <option key={code} value={code} lang={code}>{name}</option>)}
          </select>
        </label>
        <div className="field">
          <label htmlFor="invitation-user-name">{t('invitation.userName')}</label>
          <input id="invitation-user-name" name="userName" autoComplete="username" autoCapitalize="none" placeholder={email} value={userName}
            onChange={(e) => setUserName(e.target.value)} aria-describedby="invitation-user-name-hint" />
          <small id="invitation-user-name-hint" className="muted">{t('invitation.userNameHint', { email })}</small>
        </div>
        <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} hint={t('invitation.passwordHint')} />
        {accept.isError && <ErrorNote error={accept.error} />}
        <button type="submit" className="button button-primary" disabled={accept.isPending || password !== repeat}>{t('invitation.create')}</button>
      </form>
    </section>
  );
}
