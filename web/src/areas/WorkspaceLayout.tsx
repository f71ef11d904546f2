import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { AREAS } from '.';
import { useLoadedOnce } from './area';
import { addAreaMessages } from '../i18n';
import { usePermissions, managesAnything } from '../permissions';
import { useCurrentUser } from '../session';
import { Loading } from '../components/feedback';
import { Header, InitialPasswordBanner, SignOutButton } from '../components/Layout';
import { NavMenu } from '../components/NavMenu';

let areaStrings: Promise<void> | undefined;
let areaStringsLoaded = false;
/** The areas' strings, fetched once, the first time the workspace opens. */
const loadAreaStrings = () => (areaStrings ??= import('../areas/messages').then(({ AREA_MESSAGES }) => {
  addAreaMessages(AREA_MESSAGES);
  areaStringsLoaded = true;
}));

/**
 * The frame of the coordinator's and administrator's pages: made for a desk (wide tables), usable on a
 * tablet; the links a reader sees follow what they may do. It asks for the reader's permissions while the areas'
 * strings load, and waits for the strings in state (useLoadedOnce).
 */
export function WorkspaceLayout() {
  usePermissions();
  return useLoadedOnce(() => areaStringsLoaded, loadAreaStrings) ? <Workspace /> : <Loading />;
}

function Workspace() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const permissions = usePermissions();
  const isAdmin = Boolean(user.data?.roles.admin);
  const isManager = Boolean(permissions.data && managesAnything(permissions.data));
  const areas = AREAS.filter((area) => (area.audience === 'admin' ? isAdmin : isManager));
  const pages = areas.filter((area) => !area.menu).flatMap((area) => area.nav).map((link) => ({ to: link.to, label: t(link.label) }));
  return (
    <div className="shell workspace">
      <Header title={t('workspace.title')}>
        <Link to="/" className="button button-quiet">{t('workspace.toMySchedule')}</Link>
        <SignOutButton />
      </Header>
      {areas.length > 0 && (
        <nav className="workspace-nav" aria-label={t('workspace.navigation')}>
          {/* On a phone the pages' links would wrap to five rows: there they are grouped under one menu (issue 37). */}
          {pages.length > 0 && (
            <div className="workspace-pages-menu">
              <NavMenu label={t('workspace.pages')} className="workspace-link" links={pages} />
            </div>
          )}
          {areas.map((area) => (area.menu
            ? <NavMenu key={area.menu} label={t(area.menu)} className="workspace-link" links={area.nav.map((link) => ({ to: link.to, label: t(link.label) }))} />
            : area.nav.map((link) => <NavLink key={link.to} to={link.to} className="workspace-link workspace-page-link">{t(link.label)}</NavLink>)))}
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
