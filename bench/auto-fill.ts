/**
 * The auto-fill figures of issue 18 on the seeded church (`npm run seed`, scale 1 by default): the preview of a
 * coordinator's ministry over a quarter (13 weeks, the scheduling horizon raised to 13 first) timed over HTTP
 * (median of 5) and its SQL statements at three window sizes; the commit of that preview timed over HTTP, and the
 * statements of each occurrence's transaction in a second commit (up to Max) counted in the data layer; and the
 * fairness of the quarter (spread and Gini coefficient per eligible person) for the planner's proposals against a
 * naive "first eligible person in the eligible list's order" fill of the same needs from the same facts. Not a test:
 * it prints a table and writes bench/results/auto-fill-<date>.json.
 *
 *   npm run bench:auto-fill -- [--scale 1] [--runs 5] [--weeks 13] [--database pglite|postgres|both]
 *
 * The embedded database always, unless `--database postgres`; the PostgreSQL server named by DATABASE_URL too when
 * it is set (its own databases: the seeded copy `vms_afbench_seed_<scale>`, kept, and the run's `vms_afbench`, dropped).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRepositories } from '../src/db/repositories/index.js';
import { countStatements } from '../src/db/statement-count.js';
import { covers } from '../src/domain/availability/blockouts.js';
import { missingOn } from '../src/domain/availability/credentials.js';
import { monthOf, preferenceStanding } from '../src/domain/availability/preferences.js';
import { groupBy } from '../src/domain/collections.js';
import { addDays } from '../src/domain/dates.js';
import { fairnessOf, plan, type Candidate, type Fairness, type PlannerInput, type PlannerNeed } from '../src/domain/autofill/planner.js';
import type { Shift } from '../src/domain/staffing/placement.js';
import { loadPlannerInput } from '../src/domain/autofill/planner-input.js';
import { call, login, percentile } from './lib/http.js';
import { buildInProcess, statementsOf } from './lib/in-process.js';
import { dropPostgres, pgliteCopy, postgresCopy, scaleRecipe } from './lib/seeded.js';
import { startService } from './lib/service.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
    weeks: { type: 'string', default: '13' },
    database: { type: 'string' },
  },
});
const scale = Number(values.scale);
const runs = Number(values.runs);
const weeks = Number(values.weeks);
const serverUrl = process.env.DATABASE_URL;
const kinds: Array<'pglite' | 'postgres'> = values.database === 'postgres' ? ['postgres']
  : values.database === 'pglite' ? ['pglite'] : serverUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!(scale > 0) || !(runs > 0) || !(weeks >= 1 && weeks <= 52) || (values.database !== undefined && !['pglite', 'postgres', 'both'].includes(values.database))
  || (kinds.includes('postgres') && !serverUrl)) {
  console.error('usage: npm run bench:auto-fill -- [--scale N] [--runs N] [--weeks 1–52] [--database pglite|postgres|both]; postgres needs DATABASE_URL');
  process.exit(2);
}
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'changeme';
const SEED_PASSWORD = 'seed-password';
const RUN_DATABASE = 'vms_afbench';
const SEEDED_DATABASE = `vms_afbench_seed_${String(scale).replace(/\W/g, '_')}`;
const PREVIEW = '/api/ministries/auto-fill/preview';
const COMMIT = '/api/ministries/auto-fill/commit';
const step = (text: string) => console.log(`bench:auto-fill: ${text}`);
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

interface FairnessFigures {
  eligiblePeople: number;
  proposals: number;
  unfilledPlaces: number;
  hardRuleBreaks: number;
  /** The fill alone: how many people it gave a place, and the most places it gave one person. */
  placed: { people: number; mostToOnePerson: number };
  before: Fairness;
  after: Fairness;
}

export interface AutoFillFigures {
  database: string;
  scale: number;
  ministry: { id: number; name: string };
  window: { from: string; to: string; weeks: number };
  preview: { occurrences: number; proposals: number; unfilledPlaces: number; medianMs: number; timesMs: number[] };
  previewStatements: Array<{ weeks: number; occurrences: number; proposals: number; statements: number }>;
  commit: { ms: number; created: number; skipped: number; occurrences: number };
  commitStatements: { fillTo: 'max'; occurrences: number; created: number; total: number; perOccurrence: number; inEachTransaction: { min: number; max: number }; outsideTransactions: number };
  /** `sameProposalsAsPreview`: the planner on the facts read here answered exactly the preview timed over HTTP. */
  fairness: { range: { from: string; to: string }; ours: FairnessFigures; naive: FairnessFigures; plannerSummaryAfter: Fairness; sameProposalsAsPreview: boolean };
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<AutoFillFigures> {
  const runDir = path.join(os.tmpdir(), `vms-afbench-${process.pid}`);
  step(`${kind}: preparing a copy of the seeded church at scale ${scale}`);
  const { target } = kind === 'pglite' ? await pgliteCopy(scaleRecipe(scale), runDir) : await postgresCopy(scaleRecipe(scale, SEEDED_DATABASE), serverUrl!, RUN_DATABASE);
  try {
    // 1. Over HTTP: settings, the busiest of the coordinator's ministries, and the preview timed.
    let service = await startService(target);
    let base = service.baseUrl;
    const adminKey = await login(base, 'admin', ADMIN_PASSWORD);
    await call(base, 'POST', '/admin/api/system/config/iLoginRateLimitPerMinute', { key: adminKey, body: { value: 0 } });
    await call(base, 'POST', '/admin/api/system/config/iVolunteerSchedulingHorizonWeeks', { key: adminKey, body: { value: weeks } });
    const key = await login(base, 'coordinator', SEED_PASSWORD);
    const dashboard = await call(base, 'GET', '/api/ministries/dashboard', { key });
    const from: string = dashboard.from;
    const to = addDays(from, weeks * 7);
    let chosen = { id: 0, name: '', proposals: -1 };
    for (const { id, name } of dashboard.scope.ministries as Array<{ id: number; name: string }>) {
      const answer = await call(base, 'POST', PREVIEW, { key, body: { ministryId: id, from, to } });
      if (answer.summary.proposalCount > chosen.proposals) chosen = { id, name, proposals: answer.summary.proposalCount };
    }
    const body = { ministryId: chosen.id, from, to };
    step(`${kind}: ${chosen.name} (${chosen.proposals} proposals over ${from} to ${to}); timing the preview ${runs} times`);
    const timesMs: number[] = [];
    let preview: any;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      preview = await call(base, 'POST', PREVIEW, { key, body });
      timesMs.push(round(performance.now() - started));
    }
    await service.stop();

    // 2. In process, before anything is written: the statements of the preview at three sizes, and the fairness of ours against naive.
    step(`${kind}: preview statements and fairness, in process`);
    let inProcess = await buildInProcess(target);
    const previewStatements: AutoFillFigures['previewStatements'] = [];
    let fairness: AutoFillFigures['fairness'];
    try {
      for (const size of [1, Math.min(4, weeks), weeks]) {
        const sized = { ...body, to: addDays(from, size * 7) };
        const statements = await statementsOf(inProcess.app, 'POST', PREVIEW, key, sized);
        const answer = (await inProcess.app.http.inject({ method: 'POST', url: PREVIEW, headers: { 'x-api-key': key }, payload: sized })).json();
        previewStatements.push({ weeks: size, occurrences: answer.summary.occurrenceCount, proposals: answer.summary.proposalCount, statements });
      }
      const now = await inProcess.app.services.time.now();
      const input = await plannerInput(inProcess.database.db, chosen.id, from, to, now);
      fairness = compare(input, preview);
    } finally {
      await inProcess.close();
    }

    // 3. Over HTTP: the commit of the timed preview's token (the whole plan), timed.
    step(`${kind}: committing the preview over HTTP`);
    service = await startService(target);
    base = service.baseUrl;
    const started = performance.now();
    const committed = await call(base, 'POST', COMMIT, { key, body: { token: preview.token }, expected: 201 });
    const commitMs = round(performance.now() - started);
    await service.stop();

    // 4. In process: a second commit of the quarter up to Max, its statements split by transaction.
    step(`${kind}: statements of a commit up to Max, in process`);
    inProcess = await buildInProcess(target);
    let commitStatements: AutoFillFigures['commitStatements'];
    try {
      const inject = (url: string, payload: object) => inProcess.app.http.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
      const token = (await inject(PREVIEW, { ...body, fillTo: 'max' })).json().token;
      const counted = await countStatements(() => inject(COMMIT, { token }));
      if (counted.result.statusCode !== 201) throw new Error(`The commit up to Max answered ${counted.result.statusCode}: ${counted.result.body.slice(0, 300)}`);
      const created: Array<{ occurrenceId: number }> = counted.result.json().created;
      const transactions = transactionsOf(counted.sql);
      const inside = transactions.reduce((sum, n) => sum + n, 0);
      commitStatements = {
        fillTo: 'max',
        occurrences: transactions.length,
        created: created.length,
        total: counted.statements,
        perOccurrence: round(counted.statements / Math.max(1, transactions.length)),
        inEachTransaction: { min: Math.min(...transactions), max: Math.max(...transactions) },
        outsideTransactions: counted.statements - inside,
      };
    } finally {
      await inProcess.close();
    }

    return {
      database: kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server',
      scale,
      ministry: { id: chosen.id, name: chosen.name },
      window: { from, to, weeks },
      preview: {
        occurrences: preview.summary.occurrenceCount, proposals: preview.summary.proposalCount, unfilledPlaces: preview.summary.unfilledPlaces,
        medianMs: percentile([...timesMs].sort((a, b) => a - b), 50), timesMs,
      },
      previewStatements,
      commit: { ms: commitMs, created: committed.created.length, skipped: committed.skipped.length, occurrences: new Set(committed.created.map((c: { occurrenceId: number }) => c.occurrenceId)).size },
      commitStatements,
      fairness,
    };
  } finally {
    if (target.kind === 'pglite') fs.rmSync(runDir, { recursive: true, force: true });
    else await dropPostgres(serverUrl!, RUN_DATABASE);
  }
}

/** Statements from each `begin` to its `commit` (or `rollback`), one entry per transaction. */
function transactionsOf(sql: readonly string[]): number[] {
  const counts: number[] = [];
  let open = -1;
  sql.forEach((text, i) => {
    const word = text.trim().split(/\s+/)[0].toLowerCase();
    if (word === 'begin' || word === 'start') open = i;
    else if ((word === 'commit' || word === 'rollback') && open >= 0) {
      counts.push(i - open + 1);
      open = -1;
    }
  });
  return counts;
}

/**
 * The planner's input for a ministry's window, read by the service's own loader, so that the naive fill below works
 * on exactly the facts the preview answered from.
 */
async function plannerInput(db: Parameters<typeof createRepositories>[0], ministryId: number, from: string, to: string, now: string): Promise<PlannerInput> {
  const window = { from, to, fillTo: 'min' as const, allowOutsidePool: false, seed: 1 };
  return (await loadPlannerInput(createRepositories(db), { ministryId }, window, now, now.slice(0, 10))).input;
}

type Place = { occurrenceId: number; positionId: number; personId: number };

/**
 * The hard rules, checked against the shifts a person holds so far: answers whether `candidate` may take a
 * place of `need`. Written here apart from the planner so that the planner's own proposals are checked by it too.
 */
function hardRules(input: PlannerInput) {
  const shifts = new Map(input.candidates.map((c) => [c.personId, [...c.assignments] as Shift[]]));
  const apartFrom = new Map<number, number[]>();
  for (const rule of input.households.filter((r) => r.rule === 'apart')) {
    apartFrom.set(rule.person_id, [...(apartFrom.get(rule.person_id) ?? []), rule.other_person_id]);
    apartFrom.set(rule.other_person_id, [...(apartFrom.get(rule.other_person_id) ?? []), rule.person_id]);
  }
  const serves = (personId: number, occurrenceId: number) => (shifts.get(personId) ?? []).some((s) => s.occurrenceId === occurrenceId);
  return {
    allows(candidate: Candidate, need: PlannerNeed): boolean {
      const held = shifts.get(candidate.personId)!;
      const month = monthOf(need.date);
      const counts = new Map<number, number>();
      for (const s of held) if (s.date >= month.from && s.date <= month.to) counts.set(s.ministryId, (counts.get(s.ministryId) ?? 0) + 1);
      return candidate.qualifiedFor.includes(need.positionId)
        && (candidate.inPool || input.allowOutsidePool)
        && !candidate.blockouts.some((period) => covers(period, need.start, need.end))
        && missingOn(input.requiredCredentials.get(need.positionId) ?? [], candidate.credentials, need.date).length === 0
        && !held.some((s) => s.occurrenceId === need.occurrenceId || (s.start < need.end && need.start < s.end))
        && !preferenceStanding(candidate.preferences, input.ministryId, need.date, counts).overPreference
        && !(apartFrom.get(candidate.personId) ?? []).some((partner) => serves(partner, need.occurrenceId));
    },
    take(personId: number, need: PlannerNeed) {
      shifts.get(personId)!.push({ occurrenceId: need.occurrenceId, ministryId: input.ministryId, date: need.date, start: need.start, end: need.end });
    },
  };
}

/**
 * The naive fill: needs in date order, each place to the first person of the eligible list (the occurrence page's
 * rotation order as answered when the fill starts: latest date scheduled, then name) whom the hard rules allow.
 */
function naiveFill(input: PlannerInput): { picks: Place[]; unfilled: number } {
  const rules = hardRules(input);
  const list = [...input.candidates].sort((a, b) => (a.latestScheduled ?? '').localeCompare(b.latestScheduled ?? '')
    || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.personId - b.personId);
  const needs = [...input.needs].sort((a, b) => a.start.localeCompare(b.start) || a.occurrenceId - b.occurrenceId || a.positionId - b.positionId);
  const picks: Place[] = [];
  let unfilled = 0;
  for (const need of needs) {
    for (let place = 0; place < need.open; place++) {
      const person = list.find((c) => rules.allows(c, need));
      if (!person) {
        unfilled += need.open - place;
        break;
      }
      rules.take(person.personId, need);
      picks.push({ occurrenceId: need.occurrenceId, positionId: need.positionId, personId: person.personId });
    }
  }
  return { picks, unfilled };
}

/** Spread and Gini per eligible person over the fairness range, existing service counted, and hard-rule breaks replayed in fill order. */
function fairnessFigures(input: PlannerInput, picks: readonly Place[], unfilledPlaces: number): FairnessFigures {
  const positions = new Set(input.needs.map((need) => need.positionId));
  const eligible = input.candidates.filter((c) => (c.inPool || input.allowOutsidePool) && c.qualifiedFor.some((p) => positions.has(p)));
  const inRange = (date: string) => date >= input.fairnessRange.from && date <= input.fairnessRange.to;
  const before = new Map(eligible.map((c) => [c.personId, c.assignments.filter((s) => s.ministryId === input.ministryId && inRange(s.date)).length]));
  const after = new Map(before);
  const needOf = new Map(input.needs.map((need) => [`${need.occurrenceId}:${need.positionId}`, need]));
  const byId = new Map(input.candidates.map((c) => [c.personId, c]));
  const rules = hardRules(input);
  let hardRuleBreaks = 0;
  for (const pick of picks) {
    const need = needOf.get(`${pick.occurrenceId}:${pick.positionId}`)!;
    if (!rules.allows(byId.get(pick.personId)!, need)) hardRuleBreaks++;
    rules.take(pick.personId, need);
    if (after.has(pick.personId) && inRange(need.date)) after.set(pick.personId, after.get(pick.personId)! + 1);
  }
  const placesOf = [...groupBy(picks, (p) => p.personId).values()].map((places) => places.length);
  return {
    eligiblePeople: eligible.length, proposals: picks.length, unfilledPlaces, hardRuleBreaks,
    placed: { people: placesOf.length, mostToOnePerson: Math.max(0, ...placesOf) },
    before: fairnessOf([...before.values()]), after: fairnessOf([...after.values()]),
  };
}

function compare(input: PlannerInput, preview: any): AutoFillFigures['fairness'] {
  const ours = plan(input);
  const answered = preview.proposals.map((p: Place) => `${p.occurrenceId}:${p.positionId}:${p.personId}`).join(',');
  const replanned = ours.proposals.map((p) => `${p.occurrenceId}:${p.positionId}:${p.personId}`).join(',');
  const naive = naiveFill(input);
  return {
    range: input.fairnessRange,
    ours: fairnessFigures(input, ours.proposals, ours.unfilled.reduce((sum, u) => sum + u.missing, 0)),
    naive: fairnessFigures(input, naive.picks, naive.unfilled),
    plannerSummaryAfter: preview.summary.after,
    sameProposalsAsPreview: answered === replanned,
  };
}

function table(results: readonly AutoFillFigures[]): string {
  const placed = (x: FairnessFigures) => `${x.proposals} places to ${x.placed.people} people (at most ${x.placed.mostToOnePerson} each), ${x.hardRuleBreaks} rule breaks`;
  const f = (x: Fairness) => `spread ${x.spread} (${x.counts.min}–${x.counts.max}), Gini ${x.gini}`;
  const rows: Array<[string, (r: AutoFillFigures) => string, string]> = [
    ['ministry, window', (r) => `${r.ministry.name}, ${r.window.from} to ${r.window.to}`, ''],
    ['preview: occurrences / proposals / unfilled places', (r) => `${r.preview.occurrences} / ${r.preview.proposals} / ${r.preview.unfilledPlaces}`, ''],
    ['preview, median of runs (ms)', (r) => `${r.preview.medianMs} (${r.preview.timesMs.join(', ')})`, '≤ 1000 PG'],
    ['preview SQL statements (weeks: statements)', (r) => r.previewStatements.map((s) => `${s.weeks}: ${s.statements}`).join(', '), 'fixed'],
    ['commit over HTTP (ms)', (r) => `${r.commit.ms} (${r.commit.created} created on ${r.commit.occurrences} occ., ${r.commit.skipped} skipped)`, '≤ 2000 PG'],
    ['commit up to Max: statements per occurrence', (r) => `${r.commitStatements.perOccurrence} (${r.commitStatements.total} for ${r.commitStatements.occurrences} occ., ${r.commitStatements.created} created)`, '≤ 12'],
    ['  in each occurrence\'s transaction', (r) => `${r.commitStatements.inEachTransaction.min}–${r.commitStatements.inEachTransaction.max}`, ''],
    ['  outside them (once per commit)', (r) => `${r.commitStatements.outsideTransactions}`, ''],
    ['eligible people, fairness range', (r) => `${r.fairness.ours.eligiblePeople}, ${r.fairness.range.from} to ${r.fairness.range.to}`, ''],
    ['before the fill', (r) => f(r.fairness.ours.before), ''],
    ['after ours', (r) => `${f(r.fairness.ours.after)}; ${placed(r.fairness.ours)}`, ''],
    ['ours = the preview timed', (r) => (r.fairness.sameProposalsAsPreview ? 'yes' : 'no'), ''],
    ['after naive first eligible', (r) => `${f(r.fairness.naive.after)}; ${placed(r.fairness.naive)}`, 'ours strictly better'],
  ];
  const header = ['figure', ...results.map((r) => `${r.database}, scale ${r.scale}`), 'target'];
  const body = rows.map(([name, value, target]) => [name, ...results.map(value), target]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const results: AutoFillFigures[] = [];
for (const kind of kinds) results.push(await benchOn(kind));
console.log(`\n${table(results)}\n`);
const file = path.join('bench/results', `auto-fill-${new Date().toISOString().slice(0, 10)}.json`);
// A run on one database keeps the same day's figures of the other.
const earlier: AutoFillFigures[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).results : [];
const kept = [...earlier.filter((old) => !results.some((r) => r.database === old.database)), ...results];
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify({ ranAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, results: kept }, null, 2)}\n`);
step(`figures written to ${file}`);
