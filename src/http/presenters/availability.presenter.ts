import type { Static } from '@sinclair/typebox';
import type { BlockoutRow } from '../../db/schema.js';
import type { Caller } from '../../domain/access/caller.js';
import { showsBlockoutReason } from '../../domain/access/ministries.policies.js';
import type { HouseholdService } from '../../domain/availability/household.service.js';
import { weeksOf } from '../../domain/availability/preferences.js';
import { displayName } from '../../domain/people/display-name.js';
import type { Blockout, Credential, CredentialRequirement, HeldCredential, Household, Preference } from '../schemas/availability.schemas.js';

/** Availability on the wire (ours, issue 17): blockouts, credentials, their requirements and holders, serving preferences. */

type BlockoutFacts = Omit<BlockoutRow, 'created_at'>;

/** A blockout as `reader` may see it: the reason is null unless `showsBlockoutReason`, the dates always. */
export const presentBlockout = (row: BlockoutFacts, reader: Caller): Static<typeof Blockout> => ({
  id: row.id,
  personId: row.person_id,
  startDate: row.start_date,
  endDate: row.end_date,
  startTime: row.start_time?.slice(0, 5) ?? null,
  endTime: row.end_time?.slice(0, 5) ?? null,
  repeatWeeklyUntil: row.repeat_until,
  reason: showsBlockoutReason(reader, row) ? row.reason : null,
});

/** An answer carrying one blockout (and whatever else it says), as `reader` may see it. */
export const presentWithBlockout = <T extends { blockout: BlockoutFacts }>({ blockout, ...rest }: T, reader: Caller) =>
  ({ ...rest, blockout: presentBlockout(blockout, reader) });

export const presentBlockouts = ({ blockouts }: { blockouts: BlockoutFacts[] }, reader: Caller) =>
  ({ blockouts: blockouts.map((row) => presentBlockout(row, reader)) });

/**
 * The eligible and substitute lists for one occurrence (issue 17): each person with their marks, the blockout that
 * covers the shift shown as `reader` may see it.
 */
export const presentMarkedPeople = <P extends { blockout: BlockoutFacts | null; emailHint?: string | null }>({ people }: { people: P[] }, reader: Caller) =>
  ({ people: people.map(({ blockout, ...person }) => ({ ...person, blockout: blockout && presentBlockout(blockout, reader) })) });

/**
 * The substitutes a volunteer may propose (issue 37 #2): namesakes told apart by their family only, since a
 * volunteer's page shows nobody's e-mail, not even its first letters.
 */
export const presentSubstitutes = <P extends { blockout: BlockoutFacts | null; emailHint?: string | null }>({ people }: { people: P[] }, reader: Caller) =>
  presentMarkedPeople({ people: people.map(({ emailHint: _hidden, ...person }) => person) }, reader);

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

type HouseholdRuleRow = Awaited<ReturnType<HouseholdService['mine']>>['rules'][number];

/** My household: my family's other members, and each rule I am part of named by the other person in it. */
export function presentHousehold(household: Awaited<ReturnType<HouseholdService['mine']>>): Static<typeof Household> {
  return {
    familyId: household.familyId,
    members: household.members.map((person) => ({ personId: person.id, displayName: displayName(person) })),
    rules: household.rules.map((row) => householdRuleSeenBy(household.personId, row)),
  };
}

/** A household rule as one of its two people sees it: named by the other person in it. */
export function householdRuleSeenBy(personId: number, row: HouseholdRuleRow) {
  const isFirst = row.person_id === personId;
  return {
    id: row.id,
    otherPersonId: isFirst ? row.other_person_id : row.person_id,
    otherName: isFirst ? displayName({ first_name: row.second_first_name, last_name: row.second_last_name }) : displayName({ first_name: row.first_first_name, last_name: row.first_last_name }),
    rule: row.rule,
  };
}
