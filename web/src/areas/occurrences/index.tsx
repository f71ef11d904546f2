import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './occurrences.css';

const OccurrenceList = lazyPage(() => import('./OccurrenceList'), (module) => module.OccurrenceList);
const OccurrencePage = lazyPage(() => import('./OccurrencePage'), (module) => module.OccurrencePage);

export const occurrencesArea: Area = {
  audience: 'coordinator',
  routes: [
    <Route key="occurrences" path="/ministries/occurrences" element={<OccurrenceList />} />,
    <Route key="occurrence" path="/ministries/occurrences/:occurrenceId" element={<OccurrencePage />} />,
  ],
  nav: [{ to: '/ministries/occurrences', label: 'occurrences.nav' }],
};
