import { conflict } from '../errors.js';

/** Who records a person's availability for them (issue 35 #6). */

/** A coordinator records limits and household rules only for people without a login; the others set their own. */
export const recordsAvailabilityFor = (login: object | undefined) => login === undefined;

export function assertRecordsAvailabilityFor(login: object | undefined): void {
  if (!recordsAvailabilityFor(login)) throw conflict('This person signs in and sets their own limits and household rules');
}

