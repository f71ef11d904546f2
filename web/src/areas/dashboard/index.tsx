import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './dashboard.css';

const Dashboard = lazyPage(() => import('./Dashboard'), (module) => module.Dashboard);

export const dashboardArea: Area = {
  audience: 'coordinator',
  routes: [<Route key="dashboard" path="/ministries/dashboard" element={<Dashboard />} />],
  nav: [{ to: '/ministries/dashboard', label: 'dashboard.nav' }],
};
