import { conflict, notFound } from '../errors.js';

/** Who records a person's availability for them (issue 35 #6). */

/** A coordinator records limits and household rules only for people without a login; the others set their own. */
export const recordsAvailabilityFor = (login: object | undefined) => login === undefined;

export function assertRecordsAvailabilityFor(login: object | undefined): void {
  if (!recordsAvailabilityFor(login)) throw conflict('This person signs in and sets their own limits and household rules');
}

/** A household rule is recorded for a person when it names them, on either side. */
export const isHouseholdRuleOf = (personId: number, rule: { person_id: number; other_person_id: number }) =>
  rule.person_id === personId || rule.other_person_id === personId;

/** A rule that does not name the person is not found under that person (their address names only their own). */
export function assertHouseholdRuleOf(personId: number, rule: { person_id: number; other_person_id: number } | undefined): asserts rule {
  if (!rule || !isHouseholdRuleOf(personId, rule)) throw notFound('Household rule not found');
}
