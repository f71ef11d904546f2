import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './reports.css';

// The pages, and uPlot with them, load when first opened: a volunteer's phone never downloads them.
const ReportsPage = lazyPage(() => import('./ReportsPage'), (module) => module.ReportsPage);
const AvailabilityPage = lazyPage(() => import('./AvailabilityPage'), (module) => module.AvailabilityPage);

/** Reports with charts and people's availability at a glance (issue 35 #4, #6), for a ministry's coordinators. */
export const reportsArea: Area = {
  audience: 'coordinator',
  routes: [
    <Route key="reports" path="/ministries/reports" element={<ReportsPage />} />,
    <Route key="availability" path="/ministries/availability" element={<AvailabilityPage />} />,
  ],
  nav: [{ to: '/ministries/reports', label: 'reports.nav' }, { to: '/ministries/availability', label: 'reports.glance.nav' }],
};
