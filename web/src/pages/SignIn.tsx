import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ok } from '../api/client';
import { ErrorNote } from '../components/feedback';
import { CURRENT_USER } from '../session';

/** Only a path of this app may follow a sign-in, never another site. */
const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

export function SignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needsOtp, setNeedsOtp] = useState(false);

  const signIn = useMutation({
    mutationFn: async () => {
      const { response, error } = await api.POST('/api/public/user/session', { body: { userName, password, ...(needsOtp && { otp }) } });
      if (response.status === 202) return 'otp' as const;
      await ok(Promise.resolve({ response, error }));
      return 'signed-in' as const;
    },
    onSuccess: async (result) => {
      if (result === 'otp') return setNeedsOtp(true);
      // Forget the "not signed in" answer, so the next page asks again instead of sending us back here.
      queryClient.removeQueries({ queryKey: CURRENT_USER });
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  return (
    <section className="card">
      <h1>{t('signIn.title')}</h1>
      <form onSubmit={submit} className="form">
        <label className="field">
          <span>{t('signIn.userName')}</span>
          <input name="userName" autoComplete="username" autoCapitalize="none" required value={userName} onChange={(e) => setUserName(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {needsOtp && (
          <>
            <p>{t('signIn.otpNeeded')}</p>
            <label className="field">
              <span>{t('signIn.otp')}</span>
              <input name="otp" autoComplete="one-time-code" inputMode="text" required autoFocus value={otp} onChange={(e) => setOtp(e.target.value)} />
            </label>
          </>
        )}
        {signIn.isError && <ErrorNote error={signIn.error} />}
        <button type="submit" className="button button-primary" disabled={signIn.isPending}>
          {signIn.isPending ? t('signIn.working') : t('signIn.submit')}
        </button>
      </form>
      <p><Link to="/reset-password">{t('signIn.forgot')}</Link></p>
    </section>
  );
}
