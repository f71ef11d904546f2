import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  capacityOf,
  effectiveRequirements,
  effectiveRequirementsByOccurrence,
  occurrenceFigures,
  type RequirementRow,
} from '../../src/domain/staffing/gaps.js';

const SCHEDULE = 7;
const OCCURRENCE = 70;

let nextId = 100;
/** A schedule (template) row. */
const plan = (positionId: number, minCount: number, maxCount: number | null = null): RequirementRow => ({
  id: nextId++, positionId, positionName: `Position ${positionId}`, minCount, maxCount, notes: null, overrideOccurrenceId: null, scheduleId: SCHEDULE,
});
/** An occurrence's own (override) row. */
const own = (positionId: number, minCount: number, maxCount: number | null = null, occurrenceId = OCCURRENCE): RequirementRow => ({
  id: nextId++, positionId, positionName: `Position ${positionId}`, minCount, maxCount, notes: null, overrideOccurrenceId: occurrenceId, scheduleId: null,
});
const counts = (entries: Array<[positionId: number, live: number, pending: number]>) =>
  new Map(entries.map(([positionId, liveCount, pendingCount]) => [positionId, { liveCount, pendingCount }]));
const shape = (requirements: ReturnType<typeof effectiveRequirements>) =>
  requirements.map((r) => [r.positionId, r.source, r.minCount, r.maxCount]);

describe('capacityOf', () => {
  it('is maxCount, or minCount when Max is blank', () => {
    assert.equal(capacityOf({ minCount: 2, maxCount: 5 }), 5);
    assert.equal(capacityOf({ minCount: 2, maxCount: null }), 2);
    assert.equal(capacityOf({ minCount: 0, maxCount: 0 }), 0);
  });
});

describe('effectiveRequirements', () => {
  it("keeps the schedule's rows when the occurrence has none of its own", () => {
    const rows = [plan(1, 2, 3), plan(2, 1)];
    const result = effectiveRequirements(rows, new Map());
    assert.deepEqual(shape(result), [[1, 'schedule', 2, 3], [2, 'schedule', 1, null]]);
    assert.deepEqual(result.map((r) => r.id), rows.map((r) => r.id));
  });

  it("lets the occurrence's row win per position, and unites positions only one side has", () => {
    const override = own(2, 4, 5);
    const result = effectiveRequirements([plan(1, 2), plan(2, 1), override, own(3, 1)], new Map());
    assert.deepEqual(shape(result), [[1, 'schedule', 2, null], [2, 'occurrence', 4, 5], [3, 'occurrence', 1, null]]);
    assert.equal(result[1].id, override.id);
    assert.equal(result[1].overrideOccurrenceId, OCCURRENCE);
  });

  it('lets the override win whatever order the rows come in', () => {
    assert.deepEqual(shape(effectiveRequirements([own(2, 4), plan(2, 1)], new Map())), [[2, 'occurrence', 4, null]]);
    assert.deepEqual(shape(effectiveRequirements([plan(2, 1), own(2, 4)], new Map())), [[2, 'occurrence', 4, null]]);
  });

  it('drops a position overridden with Min 0 and Max 0, but keeps a Min 0 override with a Max', () => {
    assert.deepEqual(shape(effectiveRequirements([plan(1, 2), plan(2, 1), own(2, 0, 0)], new Map())), [[1, 'schedule', 2, null]]);
    assert.deepEqual(shape(effectiveRequirements([plan(2, 1), own(2, 0, 2)], new Map())), [[2, 'occurrence', 0, 2]]);
  });

  it('orders the requirements by position', () => {
    assert.deepEqual(effectiveRequirements([plan(9, 1), own(3, 1), plan(5, 1)], new Map()).map((r) => r.positionId), [3, 5, 9]);
  });

  it('derives liveCount, pendingCount, gapCount and openCount per requirement, floored at 0', () => {
    const result = effectiveRequirements(
      [plan(1, 2, 4), plan(2, 2), plan(3, 1, 1), plan(4, 3)],
      counts([[1, 1, 1], [2, 2, 0], [3, 3, 2]]),
    );
    assert.deepEqual(result.map((r) => [r.positionId, r.liveCount, r.pendingCount, r.gapCount, r.openCount]), [
      [1, 1, 1, 1, 3], // Min 2 Max 4, one live: one short, three more possible
      [2, 2, 0, 0, 0], // Max blank: capacity is Min
      [3, 3, 2, 0, 0], // over-staffed
      [4, 0, 0, 3, 3], // nobody yet
    ]);
  });
});

describe('occurrenceFigures', () => {
  it('sums the counts over the effective requirements', () => {
    const requirements = effectiveRequirements([plan(1, 2, 4), plan(2, 1), plan(3, 0, 2)], counts([[1, 1, 1], [2, 1, 0], [3, 1, 1]]));
    assert.deepEqual(occurrenceFigures(requirements, false), {
      requiredCount: 3,
      // Places of Min filled: the third live person serves where Min is 0, so filled stays below live.
      filledCount: 2,
      requirementCount: 3,
      capacity: 7,
      liveCount: 3,
      gapCount: 1,
      openCount: 4,
      pendingCount: 2,
      gaps: [{ positionId: 1, positionName: 'Position 1', gapCount: 1 }],
      requirementsOverridden: false,
    });
  });

  it('counts only positions with room in requirementCount', () => {
    const requirements = effectiveRequirements([plan(1, 1), own(2, 0), own(3, 0, 1)], new Map());
    const figures = occurrenceFigures(requirements, true);
    assert.equal(figures.requirementCount, 2);
    assert.equal(figures.capacity, 2);
    assert.equal(figures.requiredCount, 1);
  });

  it('lists in gaps only the positions still short, in position order', () => {
    const requirements = effectiveRequirements([plan(4, 2), plan(1, 1), plan(2, 3)], counts([[1, 1, 0], [2, 1, 1]]));
    assert.deepEqual(occurrenceFigures(requirements, false).gaps, [
      { positionId: 2, positionName: 'Position 2', gapCount: 2 },
      { positionId: 4, positionName: 'Position 4', gapCount: 2 },
    ]);
  });

  it('answers zeros for an occurrence that needs nobody, carrying the overridden flag', () => {
    assert.deepEqual(occurrenceFigures([], true), {
      requiredCount: 0, filledCount: 0, requirementCount: 0, capacity: 0, liveCount: 0, gapCount: 0, openCount: 0, pendingCount: 0, gaps: [], requirementsOverridden: true,
    });
    assert.equal(occurrenceFigures([], false).requirementsOverridden, false);
  });

  it('ignores live assignments on positions without a requirement', () => {
    const requirements = effectiveRequirements([plan(1, 1)], counts([[1, 0, 0], [8, 3, 3]]));
    const figures = occurrenceFigures(requirements, false);
    assert.deepEqual([figures.liveCount, figures.pendingCount, figures.gapCount], [0, 0, 1]);
  });
});

describe('effectiveRequirementsByOccurrence', () => {
  it('derives each occurrence from its own rows and counts only', () => {
    const rows = [
      { ...plan(1, 2), occurrenceId: 70 },
      { ...plan(1, 2), occurrenceId: 71 },
      { ...own(1, 5, null, 71), occurrenceId: 71 },
    ];
    const result = effectiveRequirementsByOccurrence(rows, [
      { occurrenceId: 70, positionId: 1, liveCount: 1, pendingCount: 0 },
      { occurrenceId: 71, positionId: 1, liveCount: 2, pendingCount: 2 },
    ]);
    const first = result.get(70)!;
    const second = result.get(71)!;
    assert.deepEqual(shape(first.requirements), [[1, 'schedule', 2, null]]);
    assert.deepEqual([first.requirements[0].liveCount, first.requirements[0].gapCount, first.hasOwnRows], [1, 1, false]);
    assert.deepEqual(shape(second.requirements), [[1, 'occurrence', 5, null]]);
    assert.deepEqual([second.requirements[0].liveCount, second.requirements[0].pendingCount, second.requirements[0].gapCount, second.hasOwnRows], [2, 2, 3, true]);
  });

  it('marks an occurrence overridden even when its own rows drop every position', () => {
    const result = effectiveRequirementsByOccurrence([{ ...plan(1, 2), occurrenceId: 70 }, { ...own(1, 0, 0, 70), occurrenceId: 70 }], []);
    assert.deepEqual(result.get(70), { requirements: [], hasOwnRows: true });
    assert.equal(occurrenceFigures(result.get(70)!.requirements, result.get(70)!.hasOwnRows).requirementsOverridden, true);
  });

  it('leaves out occurrences without any row', () => {
    const result = effectiveRequirementsByOccurrence([{ ...plan(1, 1), occurrenceId: 70 }], [{ occurrenceId: 72, positionId: 1, liveCount: 1, pendingCount: 0 }]);
    assert.deepEqual([...result.keys()], [70]);
  });
});
