/**
 * Who may serve where (issue 32): one table of placement rules that every path placing a person asks — E14
 * assign, E11 sign-up, a substitute's proposal and approval, auto-fill (preview, commit, re-fill on decline) —
 * and that the lists a person is picked from mark by (the eligible and substitute lists, open spots).
 *
 * A rule has a code, a kind per path (`refuse`: that path never places; `warn`: the place is made and the answer
 * says so, the list marks it; `prefer`: auto-fill's ordering), a check over one loaded fact set, and its words.
 * The refusals the contract orders and words itself (E14's I1–I8, E11's checks) stay with their paths; the
 * table holds what the contract leaves to us, and `occurrenceClosed`, the I5 check every path shares.
 */

import type { FactBlockout, PlacementFactRow } from '../../db/read-models/placement-facts.js';
import type { Repositories } from '../../db/repositories/index.js';
import { covers, type BlockoutPeriod } from '../availability/blockouts.js';
import { missingOn, type MissingCredential } from '../availability/credentials.js';
import { monthOf, preferenceStanding, type PreferenceFacts } from '../availability/preferences.js';
import { addDays } from '../dates.js';
import { displayName } from '../people/display-name.js';
import { isOver } from '../occurrences/timing.js';

/** The paths that place a person. A list marks what the write it leads to warns about. */
export type PlacementPath = 'assign' | 'signup' | 'substitute' | 'autofill';
export type RuleKind = 'refuse' | 'warn' | 'prefer';

/** One place to fill: a position on an occurrence, its shift wall-clock in the church's time zone. */
export interface Place {
  occurrenceId: number;
  ministryId: number;
  positionId: number;
  date: string;
  start: string;
  end: string;
}

/** A shift a person serves (live or completed). */
export interface Shift {
  occurrenceId: number;
  ministryId: number;
  date: string;
  start: string;
  end: string;
  positionName?: string;
}

export interface Partner {
  personId: number;
  displayName: string;
  rule: 'together' | 'apart';
}

/** What the rules read about one person. */
export interface PersonFacts<B extends BlockoutPeriod = FactBlockout> {
  personId: number;
  inPool: boolean;
  blockouts: readonly B[];
  credentials: ReadonlyArray<{ credential_id: number; expires_on: string | null }>;
  preferences: readonly PreferenceFacts[];
  shifts: readonly Shift[];
  partners: readonly Partner[];
}

/** What the rules read about the places' ministry and who serves where. */
export interface Setting {
  allowOutsidePool: boolean;
  /** The credentials the place requires (its ministry's, for every position or for its own). */
  required(place: Pick<Place, 'ministryId' | 'positionId'>): ReadonlyArray<{ credential_id: number; credential_name: string }>;
  /** Whether the person holds a live place on the occurrence. */
  serves(personId: number, occurrenceId: number): boolean;
}

export type Finding<B extends BlockoutPeriod = FactBlockout> =
  | { code: 'outside_pool' }
  | { code: 'blocked_out'; blockout: B }
  | { code: 'missing_credential'; missing: MissingCredential[] }
  | { code: 'already_serving' }
  | { code: 'conflict'; shift: Shift }
  | { code: 'over_preference'; servings: number; max: number }
  | { code: 'household_apart'; partners: Partner[] }
  | { code: 'outside_preferred_weeks' }
  | { code: 'household_together'; partners: Partner[] };

export type RuleCode = Finding['code'];

interface Rule {
  kinds: Partial<Record<PlacementPath, RuleKind>>;
  check<B extends BlockoutPeriod>(place: Place, person: PersonFacts<B>, setting: Setting): Finding<B> | undefined;
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start < b.end && b.start < a.end;

/** Servings this month by ministry: what a monthly limit counts. */
function monthCounts(shifts: readonly Shift[], date: string): Map<number, number> {
  const month = monthOf(date);
  const counts = new Map<number, number>();
  for (const shift of shifts) {
    if (shift.date >= month.from && shift.date <= month.to) counts.set(shift.ministryId, (counts.get(shift.ministryId) ?? 0) + 1);
  }
  return counts;
}

/** How the person stands against their monthly limit and preferred weeks at the place. */
export const standingAt = (place: Place, person: PersonFacts<BlockoutPeriod>) =>
  preferenceStanding(person.preferences, place.ministryId, place.date, monthCounts(person.shifts, place.date));

const partnersServing = (place: Place, person: PersonFacts<BlockoutPeriod>, setting: Setting, rule: Partner['rule']) =>
  person.partners.filter((partner) => partner.rule === rule && setting.serves(partner.personId, place.occurrenceId));

/**
 * The table, in the order auto-fill reports the first rule a candidate breaks. E14 warns about everything the
 * spec leaves it free to allow; E11 does too, without the pool (I3 does not apply to sign-up); auto-fill never
 * places what would be warned about. A substitute has agreed: the coordinator who approves is warned as on E14.
 */
export const PLACEMENT_RULES: Readonly<Record<RuleCode, Rule>> = {
  outside_pool: {
    // E14 refuses it itself (I3, in the contract's order, unless allowOutsidePool); E11 and E9 do not apply I3.
    kinds: { autofill: 'refuse' },
    check: (_place, person, setting) => (!person.inPool && !setting.allowOutsidePool ? { code: 'outside_pool' } : undefined),
  },
  blocked_out: {
    kinds: { assign: 'warn', signup: 'warn', substitute: 'warn', autofill: 'refuse' },
    check: (place, person) => {
      const blockout = person.blockouts.find((period) => covers(period, place.start, place.end));
      return blockout ? { code: 'blocked_out', blockout } : undefined;
    },
  },
  missing_credential: {
    kinds: { assign: 'warn', signup: 'warn', substitute: 'warn', autofill: 'refuse' },
    check: (place, person, setting) => {
      const missing = missingOn(setting.required(place), person.credentials, place.date);
      return missing.length > 0 ? { code: 'missing_credential', missing } : undefined;
    },
  },
  already_serving: {
    // I7: E14 allows another position on the occurrence without condition; E10 flags it (alreadyServing).
    kinds: { autofill: 'refuse' },
    check: (place, person) => (person.shifts.some((shift) => shift.occurrenceId === place.occurrenceId) ? { code: 'already_serving' } : undefined),
  },
  conflict: {
    kinds: { assign: 'warn', signup: 'warn', substitute: 'warn', autofill: 'refuse' },
    check: (place, person) => {
      const shift = person.shifts.find((s) => s.occurrenceId !== place.occurrenceId && overlaps(s, place));
      return shift ? { code: 'conflict', shift } : undefined;
    },
  },
  over_preference: {
    kinds: { assign: 'warn', signup: 'warn', substitute: 'warn', autofill: 'refuse' },
    check: (place, person) => {
      const standing = standingAt(place, person);
      return standing.overPreference ? { code: 'over_preference', servings: standing.servingsThisMonth, max: standing.maxPerMonth! } : undefined;
    },
  },
  household_apart: {
    kinds: { assign: 'warn', signup: 'warn', substitute: 'warn', autofill: 'refuse' },
    check: (place, person, setting) => {
      const partners = partnersServing(place, person, setting, 'apart');
      return partners.length > 0 ? { code: 'household_apart', partners } : undefined;
    },
  },
  outside_preferred_weeks: {
    kinds: { autofill: 'prefer' },
    check: (place, person) => (standingAt(place, person).outsidePreferredWeeks ? { code: 'outside_preferred_weeks' } : undefined),
  },
  household_together: {
    kinds: { autofill: 'prefer' },
    check: (place, person, setting) => {
      const partners = partnersServing(place, person, setting, 'together');
      return partners.length > 0 ? { code: 'household_together', partners } : undefined;
    },
  },
};

const RULE_CODES = Object.keys(PLACEMENT_RULES) as RuleCode[];

/** The codes of one kind on a path, in the table's order. */
export const codesOf = (path: PlacementPath, kind: RuleKind): RuleCode[] => RULE_CODES.filter((code) => PLACEMENT_RULES[code].kinds[path] === kind);

/** Codes a warning (and a list's mark) can carry: the union of every path's `warn` rules. */
export const WARNING_CODES = ['blocked_out', 'missing_credential', 'conflict', 'over_preference', 'household_apart'] as const satisfies readonly RuleCode[];
export type WarningCode = (typeof WARNING_CODES)[number];

/** What the rules of `kind` on `path` find for the person at the place, in the table's order. */
export function findings<B extends BlockoutPeriod>(path: PlacementPath, kind: RuleKind, place: Place, person: PersonFacts<B>, setting: Setting): Finding<B>[] {
  return codesOf(path, kind).flatMap((code) => PLACEMENT_RULES[code].check(place, person, setting) ?? []);
}

/** The first `refuse` rule of `path` the person breaks at the place. */
export const refusal = <B extends BlockoutPeriod>(path: PlacementPath, place: Place, person: PersonFacts<B>, setting: Setting) =>
  findings(path, 'refuse', place, person, setting)[0];

/** The marks a list shows for a person at a place: the codes the write it leads to (`path`) would warn with. */
export const marksOf = (path: PlacementPath, place: Place, person: PersonFacts, setting: Setting) =>
  findings(path, 'warn', place, person, setting).map((finding) => finding.code as WarningCode);

/** I5 for every path (contract §18 #1): the occurrence is cancelled or over. */
export const occurrenceClosed = (occurrence: { status: string; end_at: string } | undefined, now: string) =>
  !occurrence || occurrence.status === 'cancelled' || isOver(occurrence.end_at, now);
export const OCCURRENCE_CLOSED = 'This occurrence is cancelled or already over';

// Words. The web app has its own, in English and Spanish, for the codes; these are the API's (and mail's) English.

/** A rule's words in a list of reasons ("2 blocked out, 1 at their monthly limit"). */
export const RULE_WORDS: Readonly<Record<RuleCode, string>> = {
  outside_pool: 'outside the pool',
  blocked_out: 'blocked out',
  missing_credential: 'missing a required credential',
  already_serving: 'already serving this occurrence',
  conflict: 'serving an overlapping shift',
  over_preference: 'at their monthly limit',
  household_apart: 'a household member serves it and they serve apart',
  outside_preferred_weeks: 'outside their preferred weeks',
  household_together: 'serves with their household',
};

const range = (from: string, to: string) => (from === to ? from : `${from} to ${to}`);
const names = (partners: readonly Partner[]) => partners.map((p) => p.displayName).join(', ');

export interface Warning {
  code: WarningCode;
  message: string;
  blockoutId?: number;
  credentialId?: number;
  occurrenceId?: number;
  personIds?: number[];
}

/** The warnings an answer carries for findings of `warn` rules; `who` is the person placed, or `you` on the member routes. */
export function warningsOf(found: readonly Finding[], who: 'you' | string): Warning[] {
  const you = who === 'you';
  const subject = you ? 'You are' : `${who} is`;
  return found.flatMap((finding): Warning[] => {
    switch (finding.code) {
      case 'blocked_out': {
        const row = finding.blockout;
        const times = row.start_time ? ` (${row.start_time.slice(0, 5)}–${row.end_time!.slice(0, 5)})` : '';
        return [{ code: 'blocked_out', message: `${subject} blocked out on ${range(row.start_date, row.end_date)}${times}${row.repeat_until ? `, weekly until ${row.repeat_until}` : ''}`, blockoutId: row.id }];
      }
      case 'missing_credential':
        return finding.missing.map((missing) => ({
          code: 'missing_credential' as const,
          message: `${you ? 'You lack' : `${who} lacks`} ${missing.name} (${missing.expiredOn ? `expired on ${missing.expiredOn}` : 'not recorded'})`,
          credentialId: missing.credentialId,
        }));
      case 'conflict': {
        const { shift } = finding;
        return [{
          code: 'conflict',
          message: `${subject} already serving${shift.positionName ? ` as ${shift.positionName}` : ''} on ${shift.date}, ${shift.start.slice(11, 16)}–${shift.end.slice(11, 16)}, which overlaps this shift`,
          occurrenceId: shift.occurrenceId,
        }];
      }
      case 'over_preference':
        return [{ code: 'over_preference', message: `${subject} at ${you ? 'your' : 'their'} monthly limit (${finding.servings} of at most ${finding.max} this month)` }];
      case 'household_apart':
        return [{
          code: 'household_apart',
          message: `${you ? 'You serve' : `${who} serves`} apart from ${names(finding.partners)}, who already ${finding.partners.length > 1 ? 'serve' : 'serves'} this occurrence`,
          personIds: finding.partners.map((p) => p.personId),
        }];
      default:
        return [];
    }
  });
}

/** Auto-fill's short detail of why a candidate was passed over. */
export function detailOf(finding: Finding<BlockoutPeriod>): string | undefined {
  switch (finding.code) {
    case 'blocked_out': return range(finding.blockout.start_date, finding.blockout.end_date);
    case 'missing_credential': return finding.missing.map((m) => m.name).join(', ');
    case 'conflict': return `serves ${finding.shift.start.slice(0, 16)}–${finding.shift.end.slice(11, 16)}`;
    case 'over_preference': return `${finding.servings} of at most ${finding.max} this month`;
    case 'household_apart': return names(finding.partners);
    default: return undefined;
  }
}

/** The facts of the people for places dated `from` to `to`, with who serves where. */
export interface LoadedFacts {
  people: Map<number, PersonFacts>;
  setting: Setting;
  /** Live places of the family members the people have a rule with. */
  partnerPlaces: Array<{ personId: number; displayName: string; occurrenceId: number }>;
}

/**
 * The one loader: everything the rules read about the people for places between two dates, in one statement
 * whatever the number of people or places. Service counts toward monthly limits, so the whole months are read.
 * `inPool` is the caller's to give (the lists and E14 already know it; true when left out).
 */
export async function loadPlacementFacts(
  repos: Repositories,
  people: ReadonlyArray<{ personId: number; inPool?: boolean }>,
  ministryIds: number | readonly number[],
  dates: { from: string; to: string },
  options: { allowOutsidePool?: boolean } = {},
): Promise<LoadedFacts> {
  const range = factRange(dates);
  const rows = await repos.placementFacts.forPeople(
    [...new Set(people.map((p) => p.personId))], typeof ministryIds === 'number' ? [ministryIds] : ministryIds, range.from, range.to,
  );
  return placementFactsOf(rows, people, options);
}

/** The dates whose facts the rules read for places between two dates: service counts toward monthly limits, so whole months. */
export const factRange = (dates: { from: string; to: string }) => ({ from: addDays(monthOf(dates.from).from, -1), to: addDays(monthOf(dates.to).to, 1) });

/** The facts of rows read over `factRange` (by the loader above, or beside E14's lock). */
export function placementFactsOf(
  rows: readonly PlacementFactRow[],
  people: ReadonlyArray<{ personId: number; inPool?: boolean }>,
  options: { allowOutsidePool?: boolean } = {},
): LoadedFacts {
  const required = rows[0]?.required ?? [];
  const inPool = new Map(people.map((p) => [p.personId, p.inPool ?? true]));
  const serving = new Set<string>();
  const facts = new Map<number, PersonFacts>();
  const partnerPlaces: LoadedFacts['partnerPlaces'] = [];
  for (const row of rows) {
    for (const shift of row.shifts) serving.add(`${row.person_id}:${shift.occurrence_id}`);
    for (const partner of row.partners) {
      for (const occurrenceId of partner.serves) {
        serving.add(`${partner.person_id}:${occurrenceId}`);
        partnerPlaces.push({ personId: partner.person_id, displayName: displayName(partner), occurrenceId });
      }
    }
    facts.set(row.person_id, {
      personId: row.person_id,
      inPool: inPool.get(row.person_id) ?? true,
      blockouts: row.blockouts,
      credentials: row.credentials,
      preferences: row.preferences,
      shifts: row.shifts.map((s) => ({ occurrenceId: s.occurrence_id, ministryId: s.ministry_id, date: s.date, start: s.start, end: s.end, positionName: s.position_name })),
      partners: row.partners.map((p) => ({ personId: p.person_id, displayName: displayName(p), rule: p.rule })),
    });
  }
  return {
    people: facts,
    partnerPlaces,
    setting: {
      allowOutsidePool: options.allowOutsidePool ?? false,
      required: (place) => required.filter((r) => r.ministry_id === place.ministryId && (r.position_id === null || r.position_id === place.positionId)),
      serves: (personId, occurrenceId) => serving.has(`${personId}:${occurrenceId}`),
    },
  };
}

/**
 * What the placement rules warn about when `personId` takes the place on `path`, read before the write so that
 * the answer says what the list showed (the person's own new place is not yet counted against them).
 */
export async function placementWarnings(repos: Repositories, path: PlacementPath, place: Place, personId: number, who: 'you' | string) {
  return warningsAt(await loadPlacementFacts(repos, [{ personId }], place.ministryId, { from: place.date, to: place.date }), path, place, personId, who);
}

/** What the rules of `path` warn about for `personId` at the place, on facts loaded already. */
export const warningsAt = ({ people, setting }: LoadedFacts, path: PlacementPath, place: Place, personId: number, who: 'you' | string) =>
  warningsOf(findings(path, 'warn', place, people.get(personId)!, setting), who);

/** The place of a position on an occurrence as the repositories read it. */
export const placeOf = (occurrence: { id: number; ministry_id: number; occurrence_date: string; start_at: string; end_at: string }, positionId: number): Place => ({
  occurrenceId: occurrence.id, ministryId: occurrence.ministry_id, positionId, date: occurrence.occurrence_date, start: occurrence.start_at, end: occurrence.end_at,
});
