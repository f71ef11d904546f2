import { Route } from 'react-router';
import type { Area } from '../area';
import { OccurrenceList } from './OccurrenceList';
import { OccurrencePage } from './OccurrencePage';
import './occurrences.css';

export const occurrencesArea: Area = {
  audience: 'coordinator',
  routes: [
    <Route key="occurrences" path="/ministries/occurrences" element={<OccurrenceList />} />,
    <Route key="occurrence" path="/ministries/occurrences/:occurrenceId" element={<OccurrencePage />} />,
  ],
  nav: [{ to: '/ministries/occurrences', label: 'occurrences.nav' }],
};
