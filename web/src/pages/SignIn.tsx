import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ok } from '../api/client';
import { ErrorNote } from '../components/feedback';
import { CURRENT_USER } from '../session';

/** Only a path of this app may follow a sign-in, never another site. */
const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

const noChanges = () => () => {};
/** False while the page is the one the build drew (scripts/build-web.mjs), true once React has taken it over. */
const useHydrated = () => useSyncExternalStore(noChanges, () => true, () => false);

interface Credentials {
  userName: string;
  password: string;
  otp: string;
}

export function SignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [needsOtp, setNeedsOtp] = useState(false);
  const hydrated = useHydrated();

  const signIn = useMutation({
    mutationFn: async ({ userName, password, otp }: Credentials) => {
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

  // The fields are read when the form is sent, not kept as state: the page shows before its script has run, and what
  // was typed meanwhile stays in the fields when React takes them over.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: keyof Credentials) => String(form.get(name) ?? '');
    signIn.mutate({ userName: field('userName'), password: field('password'), otp: field('otp') });
  };

  return (
    <section className="card">
      <h1>{t('signIn.title')}</h1>
      <form onSubmit={submit} className="form">
        <label className="field">
          <span>{t('signIn.userName')}</span>
          <input name="userName" autoComplete="username" autoCapitalize="none" required />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {needsOtp && (
          <>
            <p>{t('signIn.otpNeeded')}</p>
            <label className="field">
              <span>{t('signIn.otp')}</span>
              <input name="otp" autoComplete="one-time-code" inputMode="text" required autoFocus />
            </label>
          </>
        )}
        {signIn.isError && <ErrorNote error={signIn.error} />}
        {/* Until the script has taken the drawn page over, the form cannot be sent (not even with Enter): the
            browser would send it itself, the password in the address. */}
        <button type="submit" className="button button-primary" disabled={!hydrated || signIn.isPending}>
          {signIn.isPending ? t('signIn.working') : t('signIn.submit')}
        </button>
      </form>
      <p><Link to="/reset-password">{t('signIn.forgot')}</Link></p>
    </section>
  );
}
