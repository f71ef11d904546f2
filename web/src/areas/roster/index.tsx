import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './roster.css';

const RosterPage = lazyPage(() => import('./RosterPage'), (module) => module.RosterPage);

/** The roster (issue 35): who serves when, across weeks, for a ministry or a team. */
export const rosterArea: Area = {
  audience: 'coordinator',
  routes: [<Route key="roster" path="/ministries/roster" element={<RosterPage />} />],
  nav: [{ to: '/ministries/roster', label: 'roster.nav' }],
};
