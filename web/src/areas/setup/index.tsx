import { Route } from 'react-router';
import type { Area } from '../area';
import { MinistriesPage } from './MinistriesPage';
import { MinistryPage } from './MinistryPage';
import './setup.css';

/** Ministry setup: ministries, teams, positions, the pool, qualifications and who runs what. */
export const setupArea: Area = {
  audience: 'coordinator',
  routes: [
    <Route key="setup" path="/ministries/setup" element={<MinistriesPage />} />,
    <Route key="setup-ministry" path="/ministries/setup/:ministryId" element={<MinistryPage />} />,
  ],
  nav: [{ to: '/ministries/setup', label: 'setup.nav' }],
};
