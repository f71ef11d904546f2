import type { Repositories } from '../../db/repositories/index.js';
import type { AutoFillScope } from '../../db/repositories/auto-fill.repository.js';
import { monthOf } from '../availability/preferences.js';
import { groupBy } from '../collections.js';
import { addDays } from '../dates.js';
import { displayName } from '../ministries/views.js';
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
  const [services, rotation, blockouts, preferences, households, required] = await Promise.all([
    repos.autoFill.servicesOf(personIds, addDays(fairnessRange.from, -1), addDays(fairnessRange.to, 1)),
    repos.autoFill.rotationDates(personIds, scope.ministryId, today),
    repos.blockouts.overlapping(personIds, addDays(fairnessRange.from, -1), addDays(fairnessRange.to, 1)),
    repos.preferences.forPeople(personIds),
    repos.householdRules.forPeople(personIds),
    repos.credentials.requiredInMinistry(scope.ministryId),
  ]);
  const held = required.length > 0 ? await repos.credentials.heldBy(personIds, [...new Set(required.map((r) => r.credential_id))]) : [];
  const [servicesOf, blockoutsOf, preferencesOf, heldOf, qualifiedOf] = [
    groupBy(services, (r) => r.person_id), groupBy(blockouts, (r) => r.person_id), groupBy(preferences, (r) => r.person_id),
    groupBy(held, (r) => r.person_id), groupBy(qualified, (r) => r.person_id),
  ];
  const rotationOf = new Map(rotation.map((row) => [row.person_id, row]));
  const candidates: Candidate[] = personIds.map((personId) => {
    const rows = qualifiedOf.get(personId)!;
    return {
      personId,
      name: displayName(rows[0]),
      inPool: Boolean(rows[0].in_pool),
      qualifiedFor: rows.map((row) => row.position_id),
      blockouts: blockoutsOf.get(personId) ?? [],
      credentials: heldOf.get(personId) ?? [],
      assignments: (servicesOf.get(personId) ?? []).map((row) => ({ occurrenceId: row.occurrence_id, ministryId: row.ministry_id, date: row.date, start: row.start_at, end: row.end_at })),
      preferences: preferencesOf.get(personId) ?? [],
      lastServed: rotationOf.get(personId)?.last_served ?? null,
      latestScheduled: rotationOf.get(personId)?.latest_scheduled ?? null,
    };
  });
  const requiredCredentials = new Map(positionIds.map((positionId) => [positionId, required.filter((r) => r.position_id === null || r.position_id === positionId)]));
  const input: PlannerInput = {
    ministryId: scope.ministryId, fairnessRange, needs, candidates, requiredCredentials, households,
    allowOutsidePool: window.allowOutsidePool, seed: window.seed,
  };
  return { input, occurrenceIds: occurrences.map((o) => o.id) };
}
