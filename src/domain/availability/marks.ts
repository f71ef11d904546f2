import type { Repositories } from '../../db/repositories/index.js';
import type { BlockoutRow } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import { groupBy } from '../collections.js';
import { displayName } from '../ministries/views.js';
import { blockoutView, coveringBlockout } from './blockouts.js';
import { missingOn } from './credentials.js';
import { monthOf, preferenceStanding } from './preferences.js';

interface Shift {
  start_at: string;
  end_at: string;
}

/** The occurrence a list is for, and who serves on it (live). */
export interface OccurrenceContext extends Shift {
  ministry_id: number;
  occurrence_date: string;
  positionId: number;
  serving: ReadonlyArray<{ person_id: number }>;
}

/** The blockout of `personId` that covers the shift, if any. */
export async function blockoutOn(repos: Repositories, personId: number, shift: Shift): Promise<BlockoutRow | undefined> {
  const rows = await repos.blockouts.overlapping([personId], shift.start_at.slice(0, 10), shift.end_at.slice(0, 10));
  return coveringBlockout(rows, shift.start_at, shift.end_at);
}

/**
 * Marks each person against what they told us and what the ministry requires, for one occurrence (issue 17):
 * a blockout that covers it (`blockedOut`, `blockout`), their monthly limit and preferred weeks, family members
 * serving it whom they serve with or apart from, and required credentials they lack on its date. Nobody is
 * removed: the coordinator decides. Blocked-out people are listed last, the order otherwise kept. A blockout
 * shows `reader` its reason only where `readsBlockoutReason` allows.
 */
export async function markAvailability<P extends { personId: number }>(repos: Repositories, people: readonly P[], context: OccurrenceContext, reader: Caller) {
  const ids = people.map((person) => person.personId);
  const month = monthOf(context.occurrence_date);
  const [blockouts, preferences, counts, rules, required] = await Promise.all([
    repos.blockouts.overlapping(ids, context.start_at.slice(0, 10), context.end_at.slice(0, 10)),
    repos.preferences.forPeople(ids),
    repos.volunteerRoster.servingCounts(ids, month.from, month.to),
    repos.householdRules.forPeople(ids),
    repos.credentials.requiredFor(context.ministry_id, context.positionId),
  ]);
  const held = required.length > 0 ? await repos.credentials.heldBy(ids, required.map((r) => r.credential_id)) : [];
  const serving = new Set(context.serving.map((row) => row.person_id));
  const blockoutsOf = groupBy(blockouts, (row) => row.person_id);
  const preferencesOf = groupBy(preferences, (row) => row.person_id);
  const countsOf = groupBy(counts, (row) => row.person_id);
  const heldOf = groupBy(held, (row) => row.person_id);
  const partners = (personId: number, rule: 'together' | 'apart') => rules
    .filter((row) => row.rule === rule && (row.person_id === personId || row.other_person_id === personId))
    .map((row) => (row.person_id === personId
      ? { personId: row.other_person_id, displayName: displayName({ first_name: row.second_first_name, last_name: row.second_last_name }) }
      : { personId: row.person_id, displayName: displayName({ first_name: row.first_first_name, last_name: row.first_last_name }) }))
    .filter((partner) => serving.has(partner.personId));
  const marked = people.map((person) => {
    const blockout = coveringBlockout(blockoutsOf.get(person.personId) ?? [], context.start_at, context.end_at);
    const servings = new Map((countsOf.get(person.personId) ?? []).map((row) => [row.ministry_id, Number(row.n)]));
    return {
      ...person,
      blockedOut: blockout !== undefined,
      blockout: blockout ? blockoutView(blockout, reader) : null,
      ...preferenceStanding(preferencesOf.get(person.personId) ?? [], context.ministry_id, context.occurrence_date, servings),
      householdTogetherWith: partners(person.personId, 'together'),
      householdConflictWith: partners(person.personId, 'apart'),
      missingRequirements: missingOn(required, heldOf.get(person.personId) ?? [], context.occurrence_date),
    };
  });
  return [...marked.filter((person) => !person.blockedOut), ...marked.filter((person) => person.blockedOut)];
}
