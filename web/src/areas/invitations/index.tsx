import { Route } from 'react-router';
import { lazyPage, type Area } from '../area';

const InvitationsPage = lazyPage(() => import('./InvitationsPage'), (module) => module.InvitationsPage);

/** Invitations to create a login: the list opens from the Invite dialogs of the People, pool and team pages. */
export const invitationsArea: Area = {
  audience: 'coordinator',
  routes: [<Route key="invitations" path="/ministries/invitations" element={<InvitationsPage />} />],
  nav: [],
};
