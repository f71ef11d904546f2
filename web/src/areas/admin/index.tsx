import { Navigate, Route } from 'react-router';
import type { Area } from '../area';
import { CalendarsPage } from './CalendarsPage';
import { GroupsPage } from './GroupsPage';
import { PeoplePage } from './PeoplePage';
import { RegistrationsPage } from './RegistrationsPage';
import { SettingsPage } from './SettingsPage';
import { UsersPage } from './UsersPage';
import './admin.css';

export const adminArea: Area = {
  audience: 'admin',
  routes: [
    <Route key="admin" path="/admin" element={<Navigate to="/admin/users" replace />} />,
    <Route key="users" path="/admin/users" element={<UsersPage />} />,
    <Route key="settings" path="/admin/settings" element={<SettingsPage />} />,
    <Route key="people" path="/admin/people" element={<PeoplePage />} />,
    <Route key="groups" path="/admin/groups" element={<GroupsPage />} />,
    <Route key="calendars" path="/admin/calendars" element={<CalendarsPage />} />,
    <Route key="registrations" path="/admin/registrations" element={<RegistrationsPage />} />,
  ],
  nav: [
    { to: '/admin/users', label: 'admin.nav.users' },
    { to: '/admin/settings', label: 'admin.nav.settings' },
    { to: '/admin/people', label: 'admin.nav.people' },
    { to: '/admin/groups', label: 'admin.nav.groups' },
    { to: '/admin/calendars', label: 'admin.nav.calendars' },
    { to: '/admin/registrations', label: 'admin.nav.registrations' },
  ],
};
