import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';
import './messaging.css';

const MessagePage = lazyPage(() => import('./MessagePage'), (module) => module.MessagePage);

/** Messages from the workspace (issue 34 #1): write to a team, the pool, or the people of a service, and follow their delivery. */
export const messagingArea: Area = {
  audience: 'coordinator',
  routes: [<Route key="message" path="/ministries/message" element={<MessagePage />} />],
  nav: [{ to: '/ministries/message', label: 'messaging.nav' }],
};
