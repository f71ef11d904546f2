import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './setup.css';

const MinistriesPage = lazyPage(() => import('./MinistriesPage'), (module) => module.MinistriesPage);
const MinistryPage = lazyPage(() => import('./MinistryPage'), (module) => module.MinistryPage);

/** Ministry setup: ministries, teams, positions, the pool, qualifications and who runs what. */
export const setupArea: Area = {
  audience: 'coordinator',
  routes: [
    <Route key="setup" path="/ministries/setup" element={<MinistriesPage />} />,
    <Route key="setup-ministry" path="/ministries/setup/:ministryId" element={<MinistryPage />} />,
  ],
  nav: [{ to: '/ministries/setup', label: 'setup.nav' }],
};
