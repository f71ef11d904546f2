import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
