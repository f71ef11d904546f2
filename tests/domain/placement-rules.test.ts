import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { FactBlockout } from '../../src/db/read-models/placement-facts.js';
import { plan, type Candidate, type PlannerInput } from '../../src/domain/autofill/planner.js';
import {
  codesOf, findings, marksOf, PLACEMENT_RULES, refusal, WARNING_CODES, warningsOf,
  type Partner, type PersonFacts, type Place, type PlacementPath, type Setting, type Shift,
} from '../../src/domain/staffing/placement.js';

/** The placement table's promises (issue 32), on random churches: marks and warnings agree; auto-fill places nothing a rule refuses. */
const MINISTRY = 1;
const PATHS: PlacementPath[] = ['assign', 'signup', 'substitute', 'autofill'];
const DATES = ['2026-03-08', '2026-03-15', '2026-03-22', '2026-04-05'];
const TIMES = [['09:00', '10:00'], ['09:30', '11:00'], ['11:00', '12:00']] as const;

const slot = fc.record({ date: fc.constantFrom(...DATES), times: fc.constantFrom(...TIMES) })
  .map(({ date, times }) => ({ date, start: `${date} ${times[0]}:00`, end: `${date} ${times[1]}:00` }));

const blockout = fc.record({ id: fc.nat(), day: fc.constantFrom(...DATES), allDay: fc.boolean() }).map(({ id, day, allDay }): FactBlockout => ({
  id, person_id: 1, start_date: day, end_date: day, start_time: allDay ? null : '09:15:00', end_time: allDay ? null : '09:45:00',
  repeat_until: null, reason: null, created_by_person_id: null,
}));

const shift = fc.record({ occurrenceId: fc.integer({ min: 1, max: 6 }), ministryId: fc.constantFrom(MINISTRY, 2), at: slot })
  .map(({ occurrenceId, ministryId, at }): Shift => ({ occurrenceId, ministryId, ...at, positionName: 'Usher' }));

const person = (personId: number) => fc.record({
  inPool: fc.boolean(),
  blockouts: fc.array(blockout, { maxLength: 2 }),
  credentials: fc.array(fc.record({ credential_id: fc.constantFrom(1, 2), expires_on: fc.constantFrom(null, '2026-03-10', '2026-12-31') }), { maxLength: 2 }),
  preferences: fc.array(fc.record({ ministry_id: fc.constantFrom(null, MINISTRY, 2), max_per_month: fc.constantFrom(null, 1, 2), preferred_weeks: fc.constantFrom(null, '1,3', '2') }), { maxLength: 2 }),
  shifts: fc.array(shift, { maxLength: 3 }),
  partners: fc.array(fc.record({ personId: fc.integer({ min: 50, max: 52 }), displayName: fc.constant('Kin'), rule: fc.constantFrom<Partner['rule']>('together', 'apart') }), { maxLength: 2 }),
}).map((facts): PersonFacts => ({ personId, ...facts }));

const world = fc.record({
  place: fc.record({ occurrenceId: fc.integer({ min: 1, max: 6 }), positionId: fc.constantFrom(1, 2), at: slot })
    .map(({ occurrenceId, positionId, at }): Place => ({ occurrenceId, positionId, ministryId: MINISTRY, ...at })),
  person: person(1),
  required: fc.array(fc.record({ credential_id: fc.constantFrom(1, 2), credential_name: fc.constant('Check') }), { maxLength: 2 }),
  serving: fc.array(fc.record({ personId: fc.integer({ min: 50, max: 52 }), occurrenceId: fc.integer({ min: 1, max: 6 }) }), { maxLength: 4 }),
  allowOutsidePool: fc.boolean(),
});

const settingOf = (w: { required: ReadonlyArray<{ credential_id: number; credential_name: string }>; serving: Array<{ personId: number; occurrenceId: number }>; allowOutsidePool: boolean }): Setting => ({
  allowOutsidePool: w.allowOutsidePool,
  required: () => w.required,
  serves: (personId, occurrenceId) => w.serving.some((s) => s.personId === personId && s.occurrenceId === occurrenceId),
});

describe('the placement rules (property-based)', () => {
  it('give each rule one kind per path, and warn only with codes the wire knows', () => {
    for (const path of PATHS) {
      const kinds = ['refuse', 'warn', 'prefer'] as const;
      const all = kinds.flatMap((kind) => codesOf(path, kind));
      assert.equal(new Set(all).size, all.length, `${path}: a rule has one kind`);
      for (const code of codesOf(path, 'warn')) assert.ok((WARNING_CODES as readonly string[]).includes(code), `${path}: ${code} is a warning code`);
    }
    assert.deepEqual(Object.keys(PLACEMENT_RULES).filter((code) => PATHS.some((path) => PLACEMENT_RULES[code as keyof typeof PLACEMENT_RULES].kinds[path] === 'warn')).sort(), [...WARNING_CODES].sort());
  });

  it("mark a list's person with exactly the codes the write warns with, for every path", () => {
    fc.assert(fc.property(world, (w) => {
      const setting = settingOf(w);
      for (const path of PATHS) {
        const warnings = warningsOf(findings(path, 'warn', w.place, w.person, setting), 'Ada');
        assert.deepEqual([...new Set(warnings.map((warning) => warning.code))], marksOf(path, w.place, w.person, setting));
        for (const warning of warnings) assert.ok(warning.message.length > 0);
      }
    }), { numRuns: 300 });
  });

  it('let auto-fill propose nobody a refuse rule forbids at the moment of the proposal', () => {
    const church = fc.record({
      people: fc.array(person(0), { minLength: 1, maxLength: 6 }),
      needs: fc.array(fc.record({ occurrenceId: fc.integer({ min: 1, max: 6 }), at: slot, open: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 4 }),
      required: fc.array(fc.record({ credential_id: fc.constantFrom(1, 2), credential_name: fc.constant('Check') }), { maxLength: 1 }),
      allowOutsidePool: fc.boolean(),
      seed: fc.nat(),
    });
    fc.assert(fc.property(church, (c) => {
      // One occurrence has one shift: the first need drawn for an id fixes its time.
      const timeOf = new Map<number, { date: string; start: string; end: string }>();
      for (const need of c.needs) if (!timeOf.has(need.occurrenceId)) timeOf.set(need.occurrenceId, need.at);
      const needs = [...new Map(c.needs.map((n) => [n.occurrenceId, n])).values()]
        .map((n) => ({ occurrenceId: n.occurrenceId, positionId: 1, positionName: 'P', ...timeOf.get(n.occurrenceId)!, open: n.open }));
      const candidates: Candidate[] = c.people.map((p, i) => ({
        ...p, personId: 100 + i, name: `P${i}`, qualifiedFor: [1],
        assignments: p.shifts.filter((s) => !timeOf.has(s.occurrenceId) || s.date === timeOf.get(s.occurrenceId)!.date)
          .map((s) => (timeOf.has(s.occurrenceId) ? { ...s, ...timeOf.get(s.occurrenceId)! } : s)),
        lastServed: null, latestScheduled: null,
      }));
      const households = candidates.length > 1 ? [{ person_id: candidates[0].personId, other_person_id: candidates[1].personId, rule: 'apart' as const }] : [];
      const input: PlannerInput = {
        ministryId: MINISTRY, fairnessRange: { from: '2026-03-01', to: '2026-04-30' }, needs, candidates,
        requiredCredentials: new Map([[1, c.required]]), households, allowOutsidePool: c.allowOutsidePool, seed: c.seed,
      };
      const shifts = new Map(candidates.map((candidate) => [candidate.personId, [...candidate.assignments]]));
      const partnersOf = (personId: number): Partner[] => households.flatMap((h) => (h.person_id === personId ? [{ personId: h.other_person_id, displayName: '', rule: h.rule }]
        : h.other_person_id === personId ? [{ personId: h.person_id, displayName: '', rule: h.rule }] : []));
      const setting: Setting = {
        allowOutsidePool: c.allowOutsidePool,
        required: () => c.required,
        serves: (personId, occurrenceId) => (shifts.get(personId) ?? []).some((s) => s.occurrenceId === occurrenceId),
      };
      for (const proposal of plan(input).proposals) {
        const need = needs.find((n) => n.occurrenceId === proposal.occurrenceId)!;
        const candidate = candidates.find((p) => p.personId === proposal.personId)!;
        const place: Place = { ...need, ministryId: MINISTRY };
        const facts: PersonFacts = { ...candidate, blockouts: candidate.blockouts as FactBlockout[], shifts: shifts.get(candidate.personId)!, partners: partnersOf(candidate.personId) };
        assert.equal(refusal('autofill', place, facts, setting), undefined);
        shifts.get(candidate.personId)!.push({ occurrenceId: need.occurrenceId, ministryId: MINISTRY, date: need.date, start: need.start, end: need.end });
      }
    }), { numRuns: 300 });
  });
});
