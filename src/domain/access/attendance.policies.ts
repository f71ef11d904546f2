import { forbidden } from '../errors.js';
import { hasRole } from './caller.js';
import { hasTeamAuthority, type VolunteerActor } from './volunteer-access.js';

/** Who may check people in and out of an event, and see who came (issue 36 #1). */

/** Where a person is placed on one of the event's occurrences: the team (of a ministry) the placement serves. */
export interface Placement {
  team_id: number;
  ministry_id: number;
}

/** AddEvents (or an administrator) checks anyone in to any event. */
export const checksInAnyone = (actor: VolunteerActor) => hasRole(actor.caller, 'addEvents');

/** A coordinator or team leader checks in the people placed on the occurrences they staff. */
export const checksInPlacement = (actor: VolunteerActor, placement: Placement) =>
  hasTeamAuthority(actor, { id: placement.team_id, ministry_id: placement.ministry_id });

/** Whether the caller may check in (out, undo, mark) a person placed at `placements` on the event. */
export const checksInPerson = (actor: VolunteerActor, placements: readonly Placement[]) =>
  checksInAnyone(actor) || placements.some((placement) => checksInPlacement(actor, placement));

export const CHECK_IN_REFUSAL = 'Not authorized to check this person in to this event';
export const ATTENDEES_REFUSAL = 'Not authorized to see who checked in to this event';

export function assertChecksInPerson(actor: VolunteerActor, placements: readonly Placement[]): void {
  if (!checksInPerson(actor, placements)) throw forbidden(CHECK_IN_REFUSAL);
}

/** The attendee list: the whole event for AddEvents, else those placed on occurrences the caller staffs, and 403 with none. */
export function assertSeesAttendees(actor: VolunteerActor, placements: readonly Placement[]): void {
  if (!checksInAnyone(actor) && !placements.some((placement) => checksInPlacement(actor, placement))) throw forbidden(ATTENDEES_REFUSAL);
}

export const KIOSK_ONLY_REFUSAL = 'This church checks volunteers in at the kiosk at the door: show the QR code on My schedule there.';

/** From the phone only where the church allows it (setting sSelfCheckIn); `kiosk` leaves the door tablet alone. */
export function assertChecksInFromPhone(selfCheckIn: 'phone' | 'kiosk'): void {
  if (selfCheckIn === 'kiosk') throw forbidden(KIOSK_ONLY_REFUSAL);
}

/**
 * A kiosk checks in and out only the people placed at its event. Anyone else, whether the id is a person's or
 * nobody's, gets the same 403 without a name: the kiosk's key alone must not tell who exists, nor read their names.
 * 403 rather than 404 because the refusal is about the kiosk's reach (its event), which says nothing of the id.
 */
export const KIOSK_PERSON_REFUSAL = 'This person is not serving at this event.';

export const kioskReaches = (placements: readonly Placement[]) => placements.length > 0;

export function assertKioskReaches(placements: readonly Placement[]): void {
  if (!kioskReaches(placements)) throw forbidden(KIOSK_PERSON_REFUSAL);
}
