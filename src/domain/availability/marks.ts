import type { Repositories } from '../../db/repositories/index.js';
import { loadPlacementFacts, marksOf, PLACEMENT_RULES, standingAt, type PersonFacts, type Place, type PlacementPath, type Setting } from '../staffing/placement.js';

/** The occurrence and position a list is for. */
export interface OccurrenceContext {
  id: number;
  ministry_id: number;
  occurrence_date: string;
  start_at: string;
  end_at: string;
  positionId: number;
}

const placeOf = (context: OccurrenceContext): Place => ({
  occurrenceId: context.id, ministryId: context.ministry_id, positionId: context.positionId,
  date: context.occurrence_date, start: context.start_at, end: context.end_at,
});

/** One person's marks at the place: `marks` are the codes the write on `path` would warn with, the rest their details. */
export function markOf(path: PlacementPath, place: Place, facts: PersonFacts, setting: Setting) {
  const blockout = PLACEMENT_RULES.blocked_out.check(place, facts, setting);
  const missing = PLACEMENT_RULES.missing_credential.check(place, facts, setting);
  const apart = PLACEMENT_RULES.household_apart.check(place, facts, setting);
  const together = PLACEMENT_RULES.household_together.check(place, facts, setting);
  const partners = (found: typeof apart) => (found && 'partners' in found ? found.partners.map(({ personId, displayName }) => ({ personId, displayName })) : []);
  return {
    marks: marksOf(path, place, facts, setting),
    blockedOut: blockout !== undefined,
    blockout: blockout?.code === 'blocked_out' ? blockout.blockout : null,
    ...standingAt(place, facts),
    householdTogetherWith: partners(together),
    householdConflictWith: partners(apart),
    missingRequirements: missing?.code === 'missing_credential' ? missing.missing : [],
  };
}

/**
 * Marks each person at one place by the placement rules (issue 32), as the write on `path` would warn: `marks`
 * lists the codes, the other fields say why (issue 17). Nobody is removed: the coordinator decides. Blocked-out
 * people are listed last, the order otherwise kept. A covering blockout is answered whole: its presenter shows the
 * reason only to readers `showsBlockoutReason` allows.
 */
export async function markAvailability<P extends { personId: number; inPool?: boolean }>(repos: Repositories, people: readonly P[], context: OccurrenceContext, path: PlacementPath) {
  const place = placeOf(context);
  const { people: facts, setting } = await loadPlacementFacts(repos, people, context.ministry_id, { from: place.date, to: place.date });
  const marked = people.map((person) => ({ ...person, ...markOf(path, place, facts.get(person.personId)!, setting) }));
  return [...marked.filter((person) => !person.blockedOut), ...marked.filter((person) => person.blockedOut)];
}
