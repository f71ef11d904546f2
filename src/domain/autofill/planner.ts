/**
 * The auto-fill planner (issue 18): pure, deterministic for a seed. It proposes people for open needs under the
 * rules in the order — hard rules, then soft preferences, then fairness — and explains every choice.
 */

import type { BlockoutPeriod } from '../availability/blockouts.js';
import { monthOf, type PreferenceFacts } from '../availability/preferences.js';
import { detailOf, findings, refusal, RULE_WORDS, type Finding, type Partner, type PersonFacts, type Place, type Setting, type Shift } from '../staffing/placement.js';

/** Places to fill for one position on one occurrence. */
export interface PlannerNeed {
  occurrenceId: number;
  positionId: number;
  positionName: string;
  date: string;
  /** Wall-clock `YYYY-MM-DD HH:MM:SS` in the church's time zone. */
  start: string;
  end: string;
  open: number;
}

export interface Candidate {
  personId: number;
  name: string;
  inPool: boolean;
  /** Positions the person is actively qualified for. */
  qualifiedFor: readonly number[];
  blockouts: readonly BlockoutPeriod[];
  credentials: ReadonlyArray<{ credential_id: number; expires_on: string | null }>;
  assignments: readonly Shift[];
  preferences: readonly PreferenceFacts[];
  /** Last date served before today in the ministry, and latest date scheduled in it (future included). */
  lastServed: string | null;
  latestScheduled: string | null;
}

export interface PlannerInput {
  ministryId: number;
  /** Assignments of the ministry in this range count toward fairness (the months the window touches). */
  fairnessRange: { from: string; to: string };
  needs: readonly PlannerNeed[];
  candidates: readonly Candidate[];
  /** Credentials each position requires (the ministry's own and the position's). */
  requiredCredentials: ReadonlyMap<number, ReadonlyArray<{ credential_id: number; credential_name: string }>>;
  households: ReadonlyArray<{ person_id: number; other_person_id: number; rule: 'together' | 'apart' }>;
  /** Live places of people who are no candidates (family members a household rule names). */
  alsoServing?: ReadonlyArray<{ personId: number; occurrenceId: number; displayName: string }>;
  allowOutsidePool: boolean;
  seed: number;
}

/**
 * Why a candidate was not chosen for a place: a `refuse` rule of the placement table (auto-fill's path), a soft
 * preference, or fairness.
 */
export const PASS_REASONS = [
  'outside_pool', 'blocked_out', 'missing_credential', 'already_serving', 'conflict', 'over_preference', 'household_apart',
  'outside_preferred_weeks', 'household_together_elsewhere', 'more_assignments', 'served_more_recently', 'seeded_order',
] as const;
export type PassReason = (typeof PASS_REASONS)[number];

export interface Proposal {
  occurrenceId: number;
  positionId: number;
  positionName: string;
  date: string;
  personId: number;
  name: string;
  reasons: {
    qualified: true;
    inPool: boolean;
    lastServed: string | null;
    latestScheduled: string | null;
    /** Times in the ministry this month, before this proposal. */
    timesThisMonth: number;
    /** Assignments in the ministry over the fairness range, before this proposal. */
    assignmentsInWindow: number;
    outsidePreferredWeeks: boolean;
    servesWithHousehold: boolean;
    passedOver: Array<{ personId: number; name: string; reason: PassReason; detail?: string }>;
  };
}

export interface Unfilled {
  occurrenceId: number;
  positionId: number;
  positionName: string;
  date: string;
  missing: number;
  why: string;
  excluded: Partial<Record<PassReason, number>>;
}

export interface PlanResult {
  proposals: Proposal[];
  unfilled: Unfilled[];
  fairness: { eligiblePeople: number; before: Fairness; after: Fairness };
}

export interface Fairness {
  spread: number;
  gini: number;
  counts: { min: number; max: number };
}

/** A 32-bit hash of the seed and a person: the stable, seeded tie-break (FNV-1a mixed with murmur's finaliser). */
function seededRank(seed: number, personId: number): number {
  let h = 0x811c9dc5 ^ (seed | 0);
  for (const value of [seed >>> 16, seed & 0xffff, personId >>> 16, personId & 0xffff]) {
    h = Math.imul(h ^ value, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Max − min and the Gini coefficient of the counts (0 when everyone has the same). */
export function fairnessOf(counts: readonly number[]): Fairness {
  if (counts.length === 0) return { spread: 0, gini: 0, counts: { min: 0, max: 0 } };
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  const sorted = [...counts].sort((a, b) => a - b);
  const total = sorted.reduce((sum, n) => sum + n, 0);
  // Gini from the sorted counts: Σ (2i − n − 1)·x_i / (n · Σx).
  const weighted = sorted.reduce((sum, x, i) => sum + (2 * (i + 1) - sorted.length - 1) * x, 0);
  const gini = total === 0 ? 0 : weighted / (sorted.length * total);
  return { spread: max - min, gini: Math.round(gini * 1000) / 1000, counts: { min, max } };
}

interface State {
  candidate: Candidate;
  /** Every shift held, and each proposed so far in this run. */
  shifts: Shift[];
  /** Count in the ministry over the fairness range, proposals included. */
  inWindow: number;
  latest: string | null;
  rank: number;
}

/** Plans the needs; see the module comment. The input is not changed. */
export function plan(input: PlannerInput): PlanResult {
  const states = new Map<number, State>();
  for (const candidate of input.candidates) {
    const inWindow = candidate.assignments.filter((shift) => shift.ministryId === input.ministryId
      && shift.date >= input.fairnessRange.from && shift.date <= input.fairnessRange.to).length;
    states.set(candidate.personId, { candidate, shifts: [...candidate.assignments], inWindow, latest: candidate.latestScheduled, rank: seededRank(input.seed, candidate.personId) });
  }
  const names = new Map<number, string>([
    ...(input.alsoServing ?? []).map((row) => [row.personId, row.displayName] as const),
    ...input.candidates.map((c) => [c.personId, c.name] as const),
  ]);
  const partnersOf = new Map<number, Partner[]>();
  for (const rule of input.households) {
    for (const [a, b] of [[rule.person_id, rule.other_person_id], [rule.other_person_id, rule.person_id]]) {
      partnersOf.set(a, [...(partnersOf.get(a) ?? []), { personId: b, displayName: names.get(b) ?? '', rule: rule.rule }]);
    }
  }
  const elsewhere = new Set((input.alsoServing ?? []).map((row) => `${row.personId}:${row.occurrenceId}`));
  const qualifiedFor = (positionId: number) => input.candidates.filter((c) => c.qualifiedFor.includes(positionId));
  const serves = (personId: number, occurrenceId: number) => elsewhere.has(`${personId}:${occurrenceId}`)
    || (states.get(personId)?.shifts.some((shift) => shift.occurrenceId === occurrenceId) ?? false);
  const settingOf = (need: PlannerNeed): Setting => ({
    allowOutsidePool: input.allowOutsidePool,
    required: () => input.requiredCredentials.get(need.positionId) ?? [],
    serves,
  });
  const placeOf = (need: PlannerNeed): Place => ({ ...need, ministryId: input.ministryId });
  const factsOf = (state: State): PersonFacts<BlockoutPeriod> => ({
    ...state.candidate, shifts: state.shifts, partners: partnersOf.get(state.candidate.personId) ?? [],
  });

  /** The first `refuse` rule of auto-fill the candidate breaks for the need, with a detail for the reasons. */
  const hardReason = (state: State, need: PlannerNeed): { reason: PassReason; detail?: string } | undefined => {
    const found = refusal('autofill', placeOf(need), factsOf(state), settingOf(need));
    if (!found) return undefined;
    const detail = detailOf(found);
    return { reason: found.code as PassReason, ...(detail !== undefined && { detail }) };
  };
  const prefers = (state: State, need: PlannerNeed) => new Set(findings('autofill', 'prefer', placeOf(need), factsOf(state), settingOf(need)).map((f: Finding<BlockoutPeriod>) => f.code));
  // Rules that the run's own proposals cannot make a candidate break.
  const isStatic = (reason: PassReason) => reason === 'outside_pool' || reason === 'blocked_out' || reason === 'missing_credential';

  // Hardest first: the fewest people who pass the rules that do not change during the run.
  const staticEligible = (need: PlannerNeed) => qualifiedFor(need.positionId).filter((c) => {
    const state = states.get(c.personId)!;
    const reason = hardReason(state, need)?.reason;
    return reason === undefined || !isStatic(reason);
  }).length;
  const needs = input.needs
    .filter((need) => need.open > 0)
    .map((need) => ({ need, eligible: staticEligible(need) }))
    .sort((a, b) => a.eligible - b.eligible || (a.need.start < b.need.start ? -1 : a.need.start > b.need.start ? 1 : 0)
      || a.need.occurrenceId - b.need.occurrenceId || a.need.positionId - b.need.positionId);

  const proposals: Proposal[] = [];
  const unfilled: Unfilled[] = [];
  for (const { need } of needs) {
    let filled = 0;
    for (; filled < need.open; filled++) {
      const passed: Proposal['reasons']['passedOver'] = [];
      const open: Array<{ state: State; outside: number; offWeek: boolean; together: boolean }> = [];
      for (const candidate of qualifiedFor(need.positionId)) {
        const state = states.get(candidate.personId)!;
        const hard = hardReason(state, need);
        if (hard) {
          passed.push({ personId: candidate.personId, name: candidate.name, ...hard });
          continue;
        }
        const preferred = prefers(state, need);
        open.push({ state, outside: candidate.inPool ? 0 : 1, offWeek: preferred.has('outside_preferred_weeks'), together: preferred.has('household_together') });
      }
      if (open.length === 0) {
        const excluded: Unfilled['excluded'] = {};
        for (const p of passed) excluded[p.reason] = (excluded[p.reason] ?? 0) + 1;
        unfilled.push({
          occurrenceId: need.occurrenceId, positionId: need.positionId, positionName: need.positionName, date: need.date,
          missing: need.open - filled, excluded,
          why: passed.length === 0 ? 'Nobody is actively qualified for this position' : `Every qualified person is excluded: ${describe(excluded)}`,
        });
        break;
      }
      // Pool first, then soft preferences, then fairness (fewest assignments, longest since scheduled, seeded order).
      const key = (o: (typeof open)[number]) => [o.outside, o.offWeek ? 1 : 0, o.together ? 0 : 1, o.state.inWindow] as const;
      open.sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
        const [la, lb] = [a.state.latest ?? '', b.state.latest ?? ''];
        if (la !== lb) return la < lb ? -1 : 1;
        return a.state.rank - b.state.rank || a.state.candidate.personId - b.state.candidate.personId;
      });
      const [chosen, ...others] = open;
      for (const other of others) {
        const reason: PassReason = other.outside > chosen.outside ? 'outside_pool'
          : other.offWeek && !chosen.offWeek ? 'outside_preferred_weeks'
            : !other.together && chosen.together ? 'household_together_elsewhere'
              : other.state.inWindow > chosen.state.inWindow ? 'more_assignments'
                : (other.state.latest ?? '') > (chosen.state.latest ?? '') ? 'served_more_recently' : 'seeded_order';
        passed.push({ personId: other.state.candidate.personId, name: other.state.candidate.name, reason });
      }
      const person = chosen.state;
      const month = monthOf(need.date);
      proposals.push({
        occurrenceId: need.occurrenceId, positionId: need.positionId, positionName: need.positionName, date: need.date,
        personId: person.candidate.personId, name: person.candidate.name,
        reasons: {
          qualified: true,
          inPool: person.candidate.inPool,
          lastServed: person.candidate.lastServed,
          latestScheduled: person.latest,
          timesThisMonth: person.shifts.filter((s) => s.ministryId === input.ministryId && s.date >= month.from && s.date <= month.to).length,
          assignmentsInWindow: person.inWindow,
          outsidePreferredWeeks: chosen.offWeek,
          servesWithHousehold: chosen.together,
          passedOver: passed,
        },
      });
      person.shifts.push({ occurrenceId: need.occurrenceId, ministryId: input.ministryId, date: need.date, start: need.start, end: need.end });
      if (need.date >= input.fairnessRange.from && need.date <= input.fairnessRange.to) person.inWindow += 1;
      if (person.latest === null || need.date > person.latest) person.latest = need.date;
    }
  }

  // Eligible people: qualified for a position the run fills, and allowed by the pool rule.
  const positions = new Set(input.needs.map((need) => need.positionId));
  const eligible = input.candidates.filter((c) => (c.inPool || input.allowOutsidePool) && c.qualifiedFor.some((p) => positions.has(p)));
  const proposed = new Map<number, number>();
  for (const p of proposals) proposed.set(p.personId, (proposed.get(p.personId) ?? 0) + 1);
  const before = eligible.map((c) => states.get(c.personId)!.inWindow - (proposed.get(c.personId) ?? 0));
  return {
    proposals,
    unfilled,
    fairness: { eligiblePeople: eligible.length, before: fairnessOf(before), after: fairnessOf(eligible.map((c) => states.get(c.personId)!.inWindow)) },
  };
}

const WORDS: Record<PassReason, string> = {
  outside_pool: RULE_WORDS.outside_pool,
  blocked_out: RULE_WORDS.blocked_out,
  missing_credential: RULE_WORDS.missing_credential,
  already_serving: RULE_WORDS.already_serving,
  conflict: RULE_WORDS.conflict,
  over_preference: RULE_WORDS.over_preference,
  household_apart: RULE_WORDS.household_apart,
  outside_preferred_weeks: RULE_WORDS.outside_preferred_weeks,
  household_together_elsewhere: 'a household member serves elsewhere',
  more_assignments: 'more assignments',
  served_more_recently: 'served more recently',
  seeded_order: 'seeded order',
};

function describe(excluded: Unfilled['excluded']): string {
  return Object.entries(excluded).map(([reason, n]) => `${n} ${WORDS[reason as PassReason]}`).join(', ');
}
