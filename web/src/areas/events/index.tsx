import { Route } from 'react-router';
import type { Area } from '../area';
import { EventsPage } from './EventsPage';
import './events.css';

export const eventsArea: Area = {
  audience: 'coordinator',
  routes: [<Route key="events" path="/ministries/events" element={<EventsPage />} />],
  nav: [{ to: '/ministries/events', label: 'events.nav' }],
};
