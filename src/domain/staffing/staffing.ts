import type { Repositories } from '../../db/repositories/index.js';
import { effectiveRequirementsByOccurrence } from './gaps.js';

/** Loads and derives the effective requirements of many occurrences in two queries. */
export async function loadEffectiveRequirements(repos: Repositories, occurrenceIds: readonly number[]) {
  const [rows, counts] = await Promise.all([repos.gapInputs.requirementRows(occurrenceIds), repos.gapInputs.liveCounts(occurrenceIds)]);
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
    counts.map((count) => ({ occurrenceId: count.occurrence_id, positionId: count.position_id, liveCount: count.live_count, pendingCount: count.pending_count })),
  );
}

/** Σ gapCount over the effective requirements of the given occurrences (E16 `unfilledPositionCount`). */
export async function unfilledPositionCount(repos: Repositories, occurrenceIds: readonly number[]): Promise<number> {
  let total = 0;
  for (const { requirements } of (await loadEffectiveRequirements(repos, occurrenceIds)).values()) {
    for (const requirement of requirements) total += requirement.gapCount;
  }
  return total;
}
