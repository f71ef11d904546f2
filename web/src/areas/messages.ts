import type { en } from '../i18n/en';
import { adminMessages } from './admin/messages';
import { autofillMessages } from './autofill/messages';
import { dashboardMessages } from './dashboard/messages';
import { eventsMessages } from './events/messages';
import { invitationsMessages } from './invitations/messages';
import { messagingMessages } from './messaging/messages';
import { occurrencesMessages } from './occurrences/messages';
import { reportsMessages } from './reports/messages';
import { rosterMessages } from './roster/messages';
import { schedulesMessages } from './schedules/messages';
import { setupMessages } from './setup/messages';

/** Each workspace area's strings, by the name its keys start with (kept apart from the pages, which use the catalogue). */
export const AREA_MESSAGES = {
  dashboard: dashboardMessages, occurrences: occurrencesMessages, roster: rosterMessages, schedules: schedulesMessages, events: eventsMessages, setup: setupMessages,
  admin: adminMessages, autofill: autofillMessages, invitations: invitationsMessages, messaging: messagingMessages, reports: reportsMessages,
};

type AreaStrings = { [Name in keyof typeof AREA_MESSAGES]: (typeof AREA_MESSAGES)[Name]['en'] };

// Every key `t()` is given is checked against the English catalogue and the areas' strings: an unknown key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & AreaStrings };
  }
}
