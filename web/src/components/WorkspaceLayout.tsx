import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { AREAS } from '../areas';
import { addAreaMessages } from '../i18n';
import { usePermissions, managesAnything } from '../permissions';
import { useCurrentUser } from '../session';
import { Loading } from './feedback';
import { InitialPasswordBanner, SignOutButton } from './Layout';

let areaStrings: Promise<void> | undefined;
/** The areas' strings, fetched once, the first time the workspace opens. */
const loadAreaStrings = () => (areaStrings ??= import('../areas/messages').then(({ AREA_MESSAGES }) => addAreaMessages(AREA_MESSAGES)));

/**
 * The frame of the coordinator's and administrator's pages: made for a desk (wide tables), usable on a
 * tablet; the links a reader sees follow what they may do.
 */
export function WorkspaceLayout() {
  return (
    <Suspense fallback={<Loading />}>
      <Workspace />
    </Suspense>
  );
}

function Workspace() {
  use(loadAreaStrings());
  const { t } = useTranslation();
  const user = useCurrentUser();
  const permissions = usePermissions();
  const isAdmin = Boolean(user.data?.roles.admin);
  const isManager = Boolean(permissions.data && managesAnything(permissions.data));
  const links = AREAS.filter((area) => (area.audience === 'admin' ? isAdmin : isManager)).flatMap((area) => area.nav);
  return (
    <div className="shell workspace">
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <header className="top-bar">
        <span className="brand">{t('workspace.title')}</span>
        <span className="top-bar-end">
          <Link to="/" className="button button-quiet">{t('workspace.toMySchedule')}</Link>
          <SignOutButton />
        </span>
      </header>
      {links.length > 0 && (
        <nav className="workspace-nav" aria-label={t('workspace.navigation')}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className="workspace-link">{t(link.label)}</NavLink>
          ))}
        </nav>
      )}
      <main id="content" className="content content-wide" tabIndex={-1}>
        <InitialPasswordBanner />
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
