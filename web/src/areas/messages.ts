import { adminMessages } from './admin/messages';
import { autofillMessages } from './autofill/messages';
import { dashboardMessages } from './dashboard/messages';
import { eventsMessages } from './events/messages';
import { occurrencesMessages } from './occurrences/messages';
import { schedulesMessages } from './schedules/messages';
import { setupMessages } from './setup/messages';

/** Each workspace area's strings, by the name its keys start with (kept apart from the pages, which use the catalogue). */
export const AREA_MESSAGES: Record<string, { en: object; es: object }> = {
  dashboard: dashboardMessages, occurrences: occurrencesMessages, schedules: schedulesMessages, events: eventsMessages, setup: setupMessages,
  admin: adminMessages, autofill: autofillMessages,
};
