import { Route } from 'react-router';
import type { Area } from '../area';
import { Dashboard } from './Dashboard';
import './dashboard.css';

export const dashboardArea: Area = {
  audience: 'coordinator',
  routes: [<Route key="dashboard" path="/ministries/dashboard" element={<Dashboard />} />],
  nav: [{ to: '/ministries/dashboard', label: 'dashboard.nav' }],
};
