import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { covers, type BlockoutPeriod } from '../../src/domain/availability/blockouts.js';
import { missingOn } from '../../src/domain/availability/credentials.js';
import { monthOf } from '../../src/domain/availability/preferences.js';
import { plan, type Candidate, type PlannerInput, type PlannerNeed } from '../../src/domain/autofill/planner.js';
import type { Shift } from '../../src/domain/staffing/placement.js';

/** A small seeded generator (mulberry32), so that a failing case can be replayed from its number. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { int, chance: (p: number) => next() < p, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] };
}

const MINISTRY = 1;
const DATES = ['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12', '2026-04-19'];
const SHIFTS = [['09:00', '10:00'], ['09:30', '11:00'], ['11:00', '12:00'], ['18:00', '19:30']];

/** A random church: occurrences with needs, a pool with qualifications, blockouts, credentials, households, preferences and existing service. */
function randomInput(caseNumber: number): PlannerInput {
  const g = generator(caseNumber);
  const positions = [1, 2, 3, 4].slice(0, g.int(1, 4));
  const occurrences = DATES.flatMap((date, d) => Array.from({ length: g.int(1, 2) }, (_, k) => {
    const [start, end] = g.pick(SHIFTS);
    return { id: 100 + d * 10 + k, date, start: `${date} ${start}:00`, end: `${date} ${end}:00` };
  }));
  const needs: PlannerNeed[] = occurrences.flatMap((o) => positions.filter(() => g.chance(0.7)).map((positionId) => ({
    occurrenceId: o.id, positionId, positionName: `P${positionId}`, date: o.date, start: o.start, end: o.end, open: g.int(0, 3),
  })));
  const credentialFor = new Map(positions.filter(() => g.chance(0.3)).map((p) => [p, [{ credential_id: p, credential_name: `C${p}` }]]));
  const people = Array.from({ length: g.int(2, 14) }, (_, i) => 1000 + i);
  const candidates: Candidate[] = people.map((personId) => {
    const blockouts: BlockoutPeriod[] = Array.from({ length: g.int(0, 2) }, () => {
      const day = g.pick(DATES);
      const timed = g.chance(0.4);
      return { start_date: day, end_date: day, start_time: timed ? '08:30:00' : null, end_time: timed ? '09:45:00' : null, repeat_until: g.chance(0.2) ? '2026-04-30' : null };
    });
    const assignments: Shift[] = Array.from({ length: g.int(0, 3) }, () => {
      const o = g.pick(occurrences);
      const [start, end] = g.pick(SHIFTS);
      return g.chance(0.5)
        ? { occurrenceId: o.id, ministryId: MINISTRY, date: o.date, start: o.start, end: o.end }
        : { occurrenceId: 900 + g.int(0, 50), ministryId: 2, date: o.date, start: `${o.date} ${start}:00`, end: `${o.date} ${end}:00` };
    });
    return {
      personId,
      name: `Person ${personId}`,
      inPool: g.chance(0.8),
      qualifiedFor: positions.filter(() => g.chance(0.6)),
      blockouts,
      credentials: positions.filter(() => g.chance(0.6)).map((p) => ({ credential_id: p, expires_on: g.chance(0.3) ? g.pick(DATES) : null })),
      assignments,
      preferences: [MINISTRY, null].filter(() => g.chance(0.35)).map((ministryId) => ({
        ministry_id: ministryId, max_per_month: g.chance(0.7) ? g.int(1, 3) : null,
        preferred_weeks: g.chance(0.4) ? [1, 3].join(',') : null,
      })),
      lastServed: g.chance(0.5) ? '2026-02-15' : null,
      latestScheduled: g.chance(0.5) ? g.pick(DATES) : null,
    };
  });
  const households = Array.from({ length: g.int(0, 3) }, () => {
    const [a, b] = [g.pick(people), g.pick(people)];
    return { person_id: Math.min(a, b), other_person_id: Math.max(a, b), rule: g.pick(['together', 'apart'] as const) };
  }).filter((rule) => rule.person_id !== rule.other_person_id);
  return {
    ministryId: MINISTRY, fairnessRange: { from: '2026-03-01', to: '2026-04-30' }, needs, candidates, requiredCredentials: credentialFor, households,
    allowOutsidePool: g.chance(0.3), seed: g.int(0, 1000),
  };
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start < b.end && b.start < a.end;

/** Every hard rule of issue 18, checked on the result as a whole (held service plus every proposal). */
function assertHardRules(input: PlannerInput, caseNumber: number) {
  const result = plan(input);
  const at = `case ${caseNumber}`;
  const needOf = new Map(input.needs.map((n) => [`${n.occurrenceId}:${n.positionId}`, n]));
  const person = new Map(input.candidates.map((c) => [c.personId, c]));
  const proposedPer = new Map<string, number>();
  const shiftsOf = new Map(input.candidates.map((c) => [c.personId, [...c.assignments]]));
  for (const proposal of result.proposals) {
    const need = needOf.get(`${proposal.occurrenceId}:${proposal.positionId}`)!;
    const candidate = person.get(proposal.personId)!;
    assert.ok(candidate.qualifiedFor.includes(need.positionId), `${at}: qualified`);
    assert.ok(candidate.inPool || input.allowOutsidePool, `${at}: pool`);
    assert.ok(!candidate.blockouts.some((b) => covers(b, need.start, need.end)), `${at}: blocked out`);
    assert.deepEqual(missingOn(input.requiredCredentials.get(need.positionId) ?? [], candidate.credentials, need.date), [], `${at}: credential`);
    const key = `${need.occurrenceId}:${need.positionId}`;
    proposedPer.set(key, (proposedPer.get(key) ?? 0) + 1);
    assert.ok(proposedPer.get(key)! <= need.open, `${at}: never more than the open places`);
    shiftsOf.get(proposal.personId)!.push({ occurrenceId: need.occurrenceId, ministryId: MINISTRY, date: need.date, start: need.start, end: need.end, proposed: true } as Shift);
  }
  for (const [personId, shifts] of shiftsOf) {
    const proposed = shifts.filter((s) => (s as { proposed?: boolean }).proposed);
    for (const p of proposed) {
      const others = shifts.filter((s) => s !== p);
      assert.ok(!others.some((s) => s.occurrenceId === p.occurrenceId), `${at}: ${personId} already serves occurrence ${p.occurrenceId}`);
      assert.ok(!others.some((s) => overlaps(s, p)), `${at}: ${personId} serves an overlapping shift`);
    }
    const candidate = person.get(personId)!;
    for (const month of new Set(proposed.map((s) => monthOf(s.date).from))) {
      const inMonth = shifts.filter((s) => monthOf(s.date).from === month);
      const heldInMonth = inMonth.filter((s) => !(s as { proposed?: boolean }).proposed);
      // The ministry's own limit replaces the general one; only the limit that applies binds.
      const limit = candidate.preferences.find((p) => p.ministry_id === MINISTRY && p.max_per_month !== null)
        ?? candidate.preferences.find((p) => p.ministry_id === null && p.max_per_month !== null);
      if (limit) {
        const counted = (list: Shift[]) => list.filter((s) => limit.ministry_id === null || s.ministryId === limit.ministry_id).length;
        assert.ok(counted(inMonth) <= Math.max(limit.max_per_month!, counted(heldInMonth)), `${at}: ${personId} over at most ${limit.max_per_month} a month`);
      }
    }
  }
  for (const rule of input.households.filter((r) => r.rule === 'apart')) {
    const [a, b] = [shiftsOf.get(rule.person_id)!, shiftsOf.get(rule.other_person_id)!];
    const proposedClash = a.some((s) => b.some((t) => s.occurrenceId === t.occurrenceId && s.ministryId === MINISTRY
      && ((s as { proposed?: boolean }).proposed || (t as { proposed?: boolean }).proposed)));
    assert.ok(!proposedClash, `${at}: household apart on one occurrence`);
  }
  return result;
}

describe('the auto-fill planner (property-based)', () => {
  it('never breaks a hard rule on 400 random churches', () => {
    for (let caseNumber = 1; caseNumber <= 400; caseNumber++) assertHardRules(randomInput(caseNumber), caseNumber);
  });

  it('gives the same answer again for the same seed', () => {
    for (let caseNumber = 1; caseNumber <= 100; caseNumber++) {
      assert.deepEqual(plan(randomInput(caseNumber)), plan(randomInput(caseNumber)), `case ${caseNumber}`);
    }
  });

  it('fills every place it can when nothing stands in the way, and spreads them evenly', () => {
    const needs: PlannerNeed[] = DATES.map((date, i) => ({ occurrenceId: i + 1, positionId: 1, positionName: 'P1', date, start: `${date} 09:00:00`, end: `${date} 10:00:00`, open: 1 }));
    const candidates: Candidate[] = [1, 2, 3, 4].map((personId) => ({
      personId, name: `P${personId}`, inPool: true, qualifiedFor: [1], blockouts: [], credentials: [], assignments: [], preferences: [], lastServed: null, latestScheduled: null,
    }));
    const result = plan({ ministryId: 1, fairnessRange: { from: '2026-03-01', to: '2026-04-30' }, needs, candidates, requiredCredentials: new Map(), households: [], allowOutsidePool: false, seed: 3 });
    assert.equal(result.proposals.length, 8);
    assert.deepEqual(result.fairness.after, { spread: 0, gini: 0, counts: { min: 2, max: 2 } });
  });
});
