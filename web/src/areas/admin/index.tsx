import { Navigate, Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './admin.css';

const CalendarsPage = lazyPage(() => import('./CalendarsPage'), (module) => module.CalendarsPage);
const GroupsPage = lazyPage(() => import('./GroupsPage'), (module) => module.GroupsPage);
const PeoplePage = lazyPage(() => import('./PeoplePage'), (module) => module.PeoplePage);
const ImportPage = lazyPage(() => import('./ImportPage'), (module) => module.ImportPage);
const KiosksPage = lazyPage(() => import('./KiosksPage'), (module) => module.KiosksPage);
const RegistrationsPage = lazyPage(() => import('./RegistrationsPage'), (module) => module.RegistrationsPage);
const SettingsPage = lazyPage(() => import('./SettingsPage'), (module) => module.SettingsPage);
const UsersPage = lazyPage(() => import('./UsersPage'), (module) => module.UsersPage);

export const adminArea: Area = {
  audience: 'admin',
  menu: 'admin.nav.menu',
  routes: [
    <Route key="admin" path="/admin" element={<Navigate to="/admin/users" replace />} />,
    <Route key="users" path="/admin/users" element={<UsersPage />} />,
    <Route key="settings" path="/admin/settings" element={<SettingsPage />} />,
    <Route key="people" path="/admin/people" element={<PeoplePage />} />,
    <Route key="people-import" path="/admin/people/import" element={<ImportPage />} />,
    <Route key="groups" path="/admin/groups" element={<GroupsPage />} />,
    <Route key="calendars" path="/admin/calendars" element={<CalendarsPage />} />,
    <Route key="registrations" path="/admin/registrations" element={<RegistrationsPage />} />,
    <Route key="kiosks" path="/admin/kiosks" element={<KiosksPage />} />,
  ],
  nav: [
    { to: '/admin/users', label: 'admin.nav.users' },
    { to: '/admin/settings', label: 'admin.nav.settings' },
    { to: '/admin/people', label: 'admin.nav.people' },
    { to: '/admin/groups', label: 'admin.nav.groups' },
    { to: '/admin/calendars', label: 'admin.nav.calendars' },
    { to: '/admin/registrations', label: 'admin.nav.registrations' },
    { to: '/admin/kiosks', label: 'admin.nav.kiosks' },
    // A coordinator's page (the invitations sent), listed here so that the office finds it without an Invite dialog.
    { to: '/ministries/invitations', label: 'admin.nav.invitations' },
  ],
};
