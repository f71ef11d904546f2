import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { api, ok } from '../api/client';
import { CURRENT_USER, useCurrentUser } from '../session';
import { Loading } from './feedback';
import { managesAnything, usePermissions } from '../permissions';

const LINKS = [
  { to: '/', key: 'nav.schedule' },
  { to: '/open-spots', key: 'nav.openSpots' },
  { to: '/help-wanted', key: 'nav.helpWanted' },
  { to: '/me', key: 'nav.me' },
] as const;

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <Header title={t('app.title')}>
        <WorkspaceLink />
        <SignOutButton />
      </Header>
      <nav className="tabs-nav" aria-label={t('app.mainNavigation')}>
        {LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end={link.to === '/'} className="tab-link">
            <span>{t(link.key)}</span>
          </NavLink>
        ))}
      </nav>
      <main id="content" className="content" tabIndex={-1}>
        <InitialPasswordBanner />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** The skip link and the top bar of every frame: its title, and the buttons at its end. */
export function Header({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <header className="top-bar">
        <span className="brand">{title}</span>
        {children && <span className="top-bar-end">{children}</span>}
      </header>
    </>
  );
}

/** Shown on every signed-in page while the first administrator keeps the password the service was started with. */
export function InitialPasswordBanner() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user.data?.hasInitialPassword) return null;
  return (
    <div className="note note-warning" role="status">
      <p>{t('initialPassword.text')} <Link to="/account/password">{t('initialPassword.link')}</Link></p>
    </div>
  );
}

export function SignOutButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => ok(api.DELETE('/api/users/current/session')),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER, null);
      void navigate('/sign-in');
    },
  });
  return (
    <button type="button" className="button button-quiet" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      {signOut.isPending ? t('signOut.working') : t('signOut.action')}
    </button>
  );
}

/** Pages that need no sign-in (sign-in itself, password reset) share this frame. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <Header title={t('app.title')} />
      <main id="content" className="content content-narrow" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** The link from the volunteer's pages into the workspace, for those who run a part of the rota or the church. */
export function WorkspaceLink() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const permissions = usePermissions();
  const isManager = Boolean(permissions.data && managesAnything(permissions.data));
  if (!isManager && !user.data?.roles.admin) return null;
  return <Link to={isManager ? '/ministries/dashboard' : '/admin/users'} className="button button-quiet">{t('workspace.open')}</Link>;
}
