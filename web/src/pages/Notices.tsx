import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

export function NotEnabled() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h1>{t('notEnabled.title')}</h1>
      <p>{t('notEnabled.text')}</p>
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h1>{t('app.notFound')}</h1>
      <p><Link to="/">{t('app.goHome')}</Link></p>
    </section>
  );
}

/** Where a page the reader may not open sends them; `role` names what it needs, as in the reference system. */
export function AccessDenied() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className="card">
      <h1>{t('workspace.accessDeniedTitle')}</h1>
      <p>{params.get('role') === 'Admin' ? t('workspace.accessDeniedAdmin') : t('workspace.accessDenied')}</p>
      <p><Link to="/">{t('app.goHome')}</Link></p>
    </section>
  );
}
