import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../api/client';
import { QueryState } from '../components/QueryState';
import { ErrorNote, SuccessNote } from '../components/feedback';
import { meKeys, useTwoFactor } from './api';


/**
 * Two-factor sign-in for the reader: set up, after the password, with a QR code (or the secret typed in) and a code
 * from the app, then the recovery codes, shown this once; turning it off asks for the password too.
 */
export function TwoFactor() {
  const { t } = useTranslation();
  const status = useTwoFactor();
  // Kept here, not in the query: the codes must stay on screen after the status turns to "on".
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!status.isSuccess) return <QueryState query={status} />;
  return (
    <section className="card">
      <h1>{t('twoFactor.title')}</h1>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        : status.data.enabled ? <TurnOff /> : <SetUp onConfirmed={setRecoveryCodes} />}
    </section>
  );
}

function SetUp({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const start = useMutation({
    mutationFn: () => ok(api.POST('/api/users/current/two-factor', { body: { password } })),
    onSuccess: () => setPassword(''),
  });
  const confirm = useMutation({
    mutationFn: () => ok(api.POST('/api/users/current/two-factor/confirm', { body: { code } })),
    onSuccess: (answer) => {
      onConfirmed(answer.recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: meKeys.twoFactor() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };

  if (!start.data) {
    return (
      <form onSubmit={submitPassword} className="form">
        <p>{t('twoFactor.off')}</p>
        <p className="muted">{t('twoFactor.intro')}</p>
        <label className="field">
          <span>{t('twoFactor.currentPassword')}</span>
          <input
            name="password" type="password" autoComplete="current-password" required
            value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="two-factor-password-hint"
          />
          <small id="two-factor-password-hint" className="muted">{t('twoFactor.passwordHint')}</small>
        </label>
        {start.isError && <ErrorNote error={start.error} />}
        <button type="submit" className="button button-primary" disabled={start.isPending}>
          {start.isPending ? t('twoFactor.starting') : t('twoFactor.start')}
        </button>
      </form>
    );
  }
  // The SVG is ASCII, so btoa takes it as it is.
  const qrSource = `data:image/svg+xml;base64,${btoa(start.data.qrSvg)}`;
  return (
    <form onSubmit={submit} className="form">
      <p>{t('twoFactor.scan')}</p>
      <img src={qrSource} alt={t('twoFactor.qrAlt')} width={220} height={220} />
      <p>
        {/* In groups of four, as authenticator apps show keys; they ignore the spaces. */}
        {t('twoFactor.secretLabel')} <code>{start.data.secret.match(/.{1,4}/g)!.join(' ')}</code>
      </p>
      <label className="field">
        <span>{t('twoFactor.code')}</span>
        <input
          name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required
          value={code} onChange={(e) => setCode(e.target.value.trim())} aria-describedby="two-factor-code-hint"
        />
        <small id="two-factor-code-hint" className="muted">{t('twoFactor.codeHint')}</small>
      </label>
      {confirm.isError && <ErrorNote error={confirm.error} />}
      <button type="submit" className="button button-primary" disabled={confirm.isPending}>
        {confirm.isPending ? t('twoFactor.confirming') : t('twoFactor.confirm')}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [isSaved, setSaved] = useState(false);
  return (
    <>
      <SuccessNote>{t('twoFactor.turnedOn')}</SuccessNote>
      <h2 className="card-title">{t('twoFactor.recoveryTitle')}</h2>
      <p>{t('twoFactor.recoveryIntro')}</p>
      <ol aria-label={t('twoFactor.recoveryTitle')}>
        {codes.map((code) => <li key={code}><code>{code}</code></li>)}
      </ol>
      <div className="form">
        <label className="checkbox-field">
          <input type="checkbox" checked={isSaved} onChange={(e) => setSaved(e.target.checked)} />
          <span>{t('twoFactor.saved')}</span>
        </label>
        <button type="button" className="button button-primary" disabled={!isSaved} onClick={onDone}>{t('twoFactor.done')}</button>
      </div>
    </>
  );
}

function TurnOff() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const turnOff = useMutation({
    mutationFn: () => ok(api.DELETE('/api/users/current/two-factor', { body: { password } })),
    onSuccess: () => {
      setPassword('');
      void queryClient.invalidateQueries({ queryKey: meKeys.twoFactor() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    turnOff.mutate();
  };
  return (
    <form onSubmit={submit} className="form">
      <p>{t('twoFactor.on')}</p>
      <label className="field">
        <span>{t('twoFactor.password')}</span>
        <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {turnOff.isError && <ErrorNote error={turnOff.error} />}
      <button type="submit" className="button button-danger" disabled={turnOff.isPending}>{t('twoFactor.turnOff')}</button>
    </form>
  );
}
