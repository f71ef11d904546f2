/**
 * The one gap derivation (contract §13.3), used by every figure about staffing: occurrence lists, E1, E6,
 * E8, E10, E16. "Live" means pending or accepted; pending counts as live.
 */

import { groupBy } from '../collections.js';

export interface RequirementRow {
  id: number;
  positionId: number;
  positionName: string;
  minCount: number;
  maxCount: number | null;
  notes: string | null;
  /** Set on the occurrence's own (override) rows, null on the schedule's template rows. */
  overrideOccurrenceId: number | null;
  scheduleId: number | null;
}

export interface EffectiveRequirement extends RequirementRow {
  source: 'schedule' | 'occurrence';
  liveCount: number;
  pendingCount: number;
  gapCount: number;
  openCount: number;
}

export interface OccurrenceFigures {
  requiredCount: number;
  /**
   * Places of Min filled: Σ min(live, Min) per requirement, so that a position with more people than its Min does not
   * hide another's gap ("21 of 21 filled" beside "Singer: 2 missing"); always requiredCount − gapCount.
   */
  filledCount: number;
  requirementCount: number;
  capacity: number;
  liveCount: number;
  gapCount: number;
  openCount: number;
  pendingCount: number;
  gaps: Array<{ positionId: number; positionName: string; gapCount: number }>;
  requirementsOverridden: boolean;
}

/** How many may serve in a requirement: MaxCount, or MinCount when MaxCount is blank. */
export const capacityOf = (requirement: { minCount: number; maxCount: number | null }) => requirement.maxCount ?? requirement.minCount;

/**
 * The effective requirements of one occurrence: the schedule's rows united with the occurrence's own,
 * the occurrence's row winning per position; an override of Min 0 and Max 0 drops the position.
 */
export function effectiveRequirements(
  rows: readonly RequirementRow[],
  counts: ReadonlyMap<number, { liveCount: number; pendingCount: number }>,
): EffectiveRequirement[] {
  // One pass and plain objects: the dashboard derives this for 500 occurrences on every call.
  const overridden = new Set<number>();
  for (const row of rows) if (row.overrideOccurrenceId !== null) overridden.add(row.positionId);
  const result: EffectiveRequirement[] = [];
  for (const row of rows) {
    const isOwn = row.overrideOccurrenceId !== null;
    if ((!isOwn && overridden.has(row.positionId)) || (isOwn && row.minCount === 0 && row.maxCount === 0)) continue;
    const count = counts.get(row.positionId);
    const liveCount = count?.liveCount ?? 0;
    result.push({
      id: row.id,
      positionId: row.positionId,
      positionName: row.positionName,
      minCount: row.minCount,
      maxCount: row.maxCount,
      notes: row.notes,
      overrideOccurrenceId: row.overrideOccurrenceId,
      scheduleId: row.scheduleId,
      source: isOwn ? 'occurrence' : 'schedule',
      liveCount,
      pendingCount: count?.pendingCount ?? 0,
      gapCount: Math.max(0, row.minCount - liveCount),
      openCount: Math.max(0, capacityOf(row) - liveCount),
    });
  }
  return result.sort((a, b) => a.positionId - b.positionId);
}

/** The per-occurrence sums of §13.3. */
export function occurrenceFigures(requirements: readonly EffectiveRequirement[], hasOwnRows: boolean): OccurrenceFigures {
  const sum = (pick: (r: EffectiveRequirement) => number) => requirements.reduce((total, r) => total + pick(r), 0);
  return {
    requiredCount: sum((r) => r.minCount),
    filledCount: sum((r) => r.minCount - r.gapCount),
    requirementCount: requirements.filter((r) => capacityOf(r) > 0).length,
    capacity: sum(capacityOf),
    liveCount: sum((r) => r.liveCount),
    gapCount: sum((r) => r.gapCount),
    openCount: sum((r) => r.openCount),
    pendingCount: sum((r) => r.pendingCount),
    gaps: requirements.filter((r) => r.gapCount > 0).map((r) => ({ positionId: r.positionId, positionName: r.positionName, gapCount: r.gapCount })),
    requirementsOverridden: hasOwnRows,
  };
}

/** Groups raw rows by occurrence and derives each occurrence's effective requirements. */
export function effectiveRequirementsByOccurrence(
  rows: ReadonlyArray<RequirementRow & { occurrenceId: number }>,
  counts: ReadonlyArray<{ occurrenceId: number; positionId: number; liveCount: number; pendingCount: number }>,
): Map<number, { requirements: EffectiveRequirement[]; hasOwnRows: boolean }> {
  const countsByOccurrence = new Map<number, Map<number, { liveCount: number; pendingCount: number }>>();
  for (const count of counts) {
    let perPosition = countsByOccurrence.get(count.occurrenceId);
    if (!perPosition) countsByOccurrence.set(count.occurrenceId, (perPosition = new Map()));
    perPosition.set(count.positionId, count);
  }
  const rowsByOccurrence = groupBy(rows, (row) => row.occurrenceId);
  const result = new Map<number, { requirements: EffectiveRequirement[]; hasOwnRows: boolean }>();
  for (const [occurrenceId, occurrenceRows] of rowsByOccurrence) {
    result.set(occurrenceId, {
      requirements: effectiveRequirements(occurrenceRows, countsByOccurrence.get(occurrenceId) ?? new Map()),
      hasOwnRows: occurrenceRows.some((row) => row.overrideOccurrenceId !== null),
    });
  }
  return result;
}
