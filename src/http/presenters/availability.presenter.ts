import type { Static } from '@sinclair/typebox';
import type { HouseholdService } from '../../domain/availability/household.service.js';
import { weeksOf } from '../../domain/availability/preferences.js';
import { displayName } from '../../domain/people/display-name.js';
import type { Credential, CredentialRequirement, HeldCredential, Household, Preference } from '../schemas/availability.schemas.js';

/** Availability on the wire (ours, issue 17): credentials, their requirements and holders, serving preferences. */

export const presentCredential = (row: { id: number; name: string; description: string | null; active: boolean }): Static<typeof Credential> =>
  ({ id: row.id, name: row.name, description: row.description, active: row.active });

export const presentCredentialRequirement = (row: {
  id: number; credential_id: number; credential_name: string; ministry_id: number; position_id: number | null; position_name: string | null;
}): Static<typeof CredentialRequirement> =>
  ({ id: row.id, credentialId: row.credential_id, credentialName: row.credential_name, ministryId: row.ministry_id, positionId: row.position_id, positionName: row.position_name });

export const presentHeldCredential = (row: { credential_id: number; credential_name: string; expires_on: string | null }): Static<typeof HeldCredential> =>
  ({ credentialId: row.credential_id, name: row.credential_name, expiresOn: row.expires_on });

export const presentPreference = (
  row: { id: number; ministry_id: number | null; ministry_name: string | null; max_per_month: number | null; preferred_weeks: string | null },
): Static<typeof Preference> =>
  ({ id: row.id, ministryId: row.ministry_id, ministryName: row.ministry_name, maxPerMonth: row.max_per_month, preferredWeeks: weeksOf(row) });

/** My household: my family's other members, and each rule I am part of named by the other person in it. */
export function presentHousehold(household: Awaited<ReturnType<HouseholdService['mine']>>): Static<typeof Household> {
  return {
    familyId: household.familyId,
    members: household.members.map((person) => ({ personId: person.id, displayName: displayName(person) })),
    rules: household.rules.map((row) => {
      const isFirst = row.person_id === household.personId;
      return {
        id: row.id,
        otherPersonId: isFirst ? row.other_person_id : row.person_id,
        otherName: isFirst ? displayName({ first_name: row.second_first_name, last_name: row.second_last_name }) : displayName({ first_name: row.first_first_name, last_name: row.first_last_name }),
        rule: row.rule,
      };
    }),
  };
}
