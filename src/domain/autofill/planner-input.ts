import type { Repositories } from '../../db/repositories/index.js';
import type { AutoFillScope } from '../../db/repositories/auto-fill.repository.js';
import { monthOf } from '../availability/preferences.js';
import { groupBy } from '../collections.js';
import { displayName } from '../people/display-name.js';
import { loadPlacementFacts } from '../staffing/placement.js';
import { loadEffectiveRequirements } from '../staffing/staffing.js';
import type { Candidate, PlannerInput, PlannerNeed } from './planner.js';

/** The window and options a plan is made for. */
export interface PlanWindow {
  from: string;
  to: string;
  fillTo: 'min' | 'max';
  allowOutsidePool: boolean;
  seed: number;
}

/**
 * Every fact the planner reads for the scope's open needs in the window, in a fixed number of queries whatever the
 * window's size; people in `exclude` are no candidates. Answers the planner's input and the occurrences it covers.
 */
export async function loadPlannerInput(repos: Repositories, scope: AutoFillScope, window: PlanWindow, now: string, today: string, exclude: ReadonlySet<number> = new Set()) {
  const occurrences = await repos.autoFill.openOccurrences(scope, window.from, window.to, now);
  const effective = await loadEffectiveRequirements(repos, occurrences.map((o) => o.id));
  const needs: PlannerNeed[] = occurrences.flatMap((occurrence) => (effective.get(occurrence.id)?.requirements ?? []).map((requirement) => ({
    occurrenceId: occurrence.id, positionId: requirement.positionId, positionName: requirement.positionName,
    date: occurrence.date, start: occurrence.start_at, end: occurrence.end_at,
    open: window.fillTo === 'max' ? requirement.openCount : requirement.gapCount,
  }))).filter((need) => need.open > 0);
  const dates = occurrences.map((o) => o.date).sort();
  const fairnessRange = dates.length === 0 ? { from: window.from, to: window.to } : { from: monthOf(dates[0]).from, to: monthOf(dates[dates.length - 1]).to };
  const positionIds = [...new Set(needs.map((need) => need.positionId))];
  const qualified = (await repos.autoFill.qualifiedPeople(scope.ministryId, positionIds)).filter((row) => !exclude.has(row.person_id));
  const personIds = [...new Set(qualified.map((row) => row.person_id))];
  const qualifiedOf = groupBy(qualified, (r) => r.person_id);
  const [facts, rotation] = await Promise.all([
    loadPlacementFacts(repos, personIds.map((personId) => ({ personId, inPool: Boolean(qualifiedOf.get(personId)![0].in_pool) })), scope.ministryId, fairnessRange),
    repos.autoFill.rotationDates(personIds, scope.ministryId, today),
  ]);
  const rotationOf = new Map(rotation.map((row) => [row.person_id, row]));
  const candidates: Candidate[] = personIds.map((personId) => {
    const rows = qualifiedOf.get(personId)!;
    const person = facts.people.get(personId)!;
    return {
      personId,
      name: displayName(rows[0]),
      inPool: person.inPool,
      qualifiedFor: rows.map((row) => row.position_id),
      blockouts: person.blockouts,
      credentials: person.credentials,
      preferences: person.preferences,
      assignments: person.shifts,
      lastServed: rotationOf.get(personId)?.last_served ?? null,
      latestScheduled: rotationOf.get(personId)?.latest_scheduled ?? null,
    };
  });
  const households = new Map<string, PlannerInput['households'][number]>();
  for (const person of facts.people.values()) {
    for (const partner of person.partners) {
      const [low, high] = [Math.min(person.personId, partner.personId), Math.max(person.personId, partner.personId)];
      households.set(`${low}:${high}`, { person_id: low, other_person_id: high, rule: partner.rule });
    }
  }
  const requiredCredentials = new Map(positionIds.map((positionId) => [positionId, facts.setting.required({ ministryId: scope.ministryId, positionId })]));
  const candidateIds = new Set(personIds);
  const input: PlannerInput = {
    ministryId: scope.ministryId, fairnessRange, needs, candidates, requiredCredentials, households: [...households.values()],
    alsoServing: facts.partnerPlaces.filter((place) => !candidateIds.has(place.personId)),
    allowOutsidePool: window.allowOutsidePool, seed: window.seed,
  };
  return { input, occurrenceIds: occurrences.map((o) => o.id) };
}
