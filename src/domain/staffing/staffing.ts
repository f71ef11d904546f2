import type { Repositories } from '../../db/repositories/index.js';
import { isLive, type AssignmentStatus } from '../../db/schema.js';
import { effectiveRequirementsByOccurrence } from './gaps.js';

type RequirementRows = Awaited<ReturnType<Repositories['gapInputs']['requirementRows']>>;
type LiveCount = { occurrenceId: number; positionId: number; liveCount: number; pendingCount: number };

function effectiveFrom(rows: RequirementRows, counts: readonly LiveCount[]) {
  return effectiveRequirementsByOccurrence(
    rows.map((row) => ({
      occurrenceId: row.occurrence_id,
      id: row.id,
      positionId: row.position_id,
      positionName: row.position_name,
      minCount: row.min_count,
      maxCount: row.max_count,
      notes: row.notes,
      overrideOccurrenceId: row.override_occurrence_id,
      scheduleId: row.schedule_id,
    })),
    counts,
  );
}

/** Loads and derives the effective requirements of many occurrences in two queries. */
export async function loadEffectiveRequirements(repos: Repositories, occurrenceIds: readonly number[]) {
  const [rows, counts] = await Promise.all([repos.gapInputs.requirementRows(occurrenceIds), repos.gapInputs.liveCounts(occurrenceIds)]);
  return effectiveFrom(rows, counts.map((count) => ({ occurrenceId: count.occurrence_id, positionId: count.position_id, liveCount: count.live_count, pendingCount: count.pending_count })));
}

/**
 * The effective requirements of occurrences whose assignments the caller has loaded already: the counts are taken
 * from them, which saves the counting query (one statement, however many occurrences).
 */
export async function effectiveRequirementsOfPlaced(
  repos: Repositories, occurrenceIds: readonly number[], assignments: ReadonlyArray<{ occurrence_id: number; position_id: number; status: AssignmentStatus }>,
) {
  const counts = new Map<string, LiveCount>();
  for (const assignment of assignments) {
    if (!isLive(assignment.status)) continue;
    const key = `${assignment.occurrence_id}:${assignment.position_id}`;
    const count = counts.get(key) ?? { occurrenceId: assignment.occurrence_id, positionId: assignment.position_id, liveCount: 0, pendingCount: 0 };
    count.liveCount++;
    if (assignment.status === 'pending') count.pendingCount++;
    counts.set(key, count);
  }
  return effectiveFrom(await repos.gapInputs.requirementRows(occurrenceIds), [...counts.values()]);
}

/** The effective requirements of one occurrence whose assignments the caller has loaded already. */
export async function effectiveRequirementsWith(repos: Repositories, occurrenceId: number, assignments: ReadonlyArray<{ position_id: number; status: AssignmentStatus }>) {
  return (await effectiveRequirementsOfPlaced(repos, [occurrenceId], assignments.map((a) => ({ ...a, occurrence_id: occurrenceId })))).get(occurrenceId)
    ?? { requirements: [], hasOwnRows: false };
}

/** The id of the requirement a position's assignment on the occurrence counts against, if any, among its requirement rows. */
export function requirementAmong(rows: RequirementRows, occurrenceId: number, positionId: number): number | null {
  return effectiveFrom(rows, []).get(occurrenceId)?.requirements.find((r) => r.positionId === positionId)?.id ?? null;
}

/** Σ gapCount over the effective requirements of the given occurrences (E16 `unfilledPositionCount`). */
export async function unfilledPositionCount(repos: Repositories, occurrenceIds: readonly number[]): Promise<number> {
  let total = 0;
  for (const { requirements } of (await loadEffectiveRequirements(repos, occurrenceIds)).values()) {
    for (const requirement of requirements) total += requirement.gapCount;
  }
  return total;
}
