import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './events.css';

const EventsPage = lazyPage(() => import('./EventsPage'), (module) => module.EventsPage);

export const eventsArea: Area = {
  audience: 'coordinator',
  routes: [<Route key="events" path="/ministries/events" element={<EventsPage />} />],
  nav: [{ to: '/ministries/events', label: 'events.nav' }],
};
