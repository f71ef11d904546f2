import type { EventRow, MinistryRow } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import { hasRole } from './caller.js';
import type { VolunteerActor } from './volunteer-access.js';

/** Who may do what with calendar events and the ministries' own events (contract §6, §15.4). */

/** A ministry's own events are those it owns (`event_ministry_id`); the others are not its to staff, edit or delete. */
export const ownsEvent = (ministry: Pick<MinistryRow, 'id'>, event: Pick<EventRow, 'event_ministry_id'>) => event.event_ministry_id === ministry.id;

export function assertOwnsEvent(ministry: Pick<MinistryRow, 'id' | 'name'>, event: Pick<EventRow, 'event_ministry_id' | 'title'>): void {
  if (!ownsEvent(ministry, event)) throw forbidden(`${event.title} is not an event of ${ministry.name}`);
}

/** AddEvents pins to any calendar and deletes a ministry's events whoever staffs them (§6.2, §6.4). */
export const keepsChurchCalendar = (actor: VolunteerActor) => hasRole(actor.caller, 'addEvents');
