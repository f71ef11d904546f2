import type { Area } from './area';
import { adminArea } from './admin';
import { autofillArea } from './autofill';
import { dashboardArea } from './dashboard';
import { eventsArea } from './events';
import { invitationsArea } from './invitations';
import { messagingArea } from './messaging';
import { occurrencesArea } from './occurrences';
import { reportsArea } from './reports';
import { rosterArea } from './roster';
import { schedulesArea } from './schedules';
import { setupArea } from './setup';

/** The workspace's areas, in the order their links appear. */
export const AREAS: Area[] = [dashboardArea, occurrencesArea, rosterArea, schedulesArea, reportsArea, eventsArea, setupArea, adminArea, autofillArea, invitationsArea, messagingArea];
