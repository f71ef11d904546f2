/**
 * `npm run bench -- --shape peer`: the figures of issue 21 on a one-ministry church (bench/lib/peer-seed.ts) for
 * the embedded database and, when DATABASE_URL names a PostgreSQL server, for that server too: my assignments,
 * the occurrence staffing view, a whole Sunday's occurrence list, the same Sunday with its people (the roster of
 * one date) and E14 assign, each under `connections` connections with its CPU per request. Writes bench/results/peer-<date>.json and prints one table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countStatements } from '../src/db/statement-count.js';
import { Random } from '../scripts/seed/support.js';
import { call } from './lib/http.js';
import { answersCell, cpuCell, markdownTable, speedCell } from './lib/figure-table.js';
import { buildInProcess, statementsOf } from './lib/in-process.js';
import { measureReads, signInPeer, type PeerRead } from './lib/peer-church.js';
import { CpuMeter } from './lib/peer-cpu.js';
import { measure, type LoadOptions, type Rotation, type ServingFigure } from './lib/peer-load.js';
import { PEER_VOLUNTEERS } from './lib/peer-seed.js';
import { peerRecipe } from './lib/peer-seeded.js';
import { dropPostgres, pgliteCopy, postgresCopy } from './lib/seeded.js';
import { startService } from './lib/service.js';

const RUN_DATABASE = 'vms_peer_run';
const SECONDS = 10;
const V = '/api/ministries';
const step = (text: string) => console.log(`bench: ${text}`);

type Serving = PeerRead | 'assign';

export interface PeerFigures {
  database: string;
  /** Seconds the seed took in this run; null when the cached church was copied. */
  seedSeconds: number | null;
  ceiling: ServingFigure;
  /** Each serving figure with its share of the same run's ceiling: the machine's speed swings by 2× between days. */
  serving: Record<Serving, ServingFigure & { ratioToCeiling: number }>;
  /** E14 requests prepared: distinct (occurrence, position, person), each qualified, in the pool, with room. */
  assignPrepared: number;
  /** SQL statements of one request of each figure (recorded in the data layer, after a warm-up). */
  statements: Record<Serving, number>;
}

interface Triple {
  occurrenceId: number;
  positionId: number;
  personId: number;
}

interface StaffingNeed {
  positionId: number;
  minCount: number;
  maxCount: number | null;
  liveCount: number;
  assignments: Array<{ personId: number }>;
}

/**
 * Every E14 request that should answer 201 on the upcoming occurrences: per need, as many people as it has
 * room for (Max less live), taken in turn from those qualified for the position and not on it yet. Shuffled
 * (fixed seed) so that parallel requests spread over occurrences as a coordinator's would.
 */
async function assignTriples(base: string, key: string, occurrenceIds: readonly number[]): Promise<Triple[]> {
  const qualified = new Map<number, number[]>();
  const turn = new Map<number, number>();
  const triples: Triple[] = [];
  for (const occurrenceId of occurrenceIds) {
    const { requirements } = await call<{ requirements: StaffingNeed[] }>(base, 'GET', `${V}/occurrences/${occurrenceId}/staffing`, { key });
    for (const need of requirements) {
      if (!qualified.has(need.positionId)) {
        const { qualifications } = await call(base, 'GET', `${V}/positions/${need.positionId}/qualifications?active=1`, { key });
        qualified.set(need.positionId, qualifications.map((q: { personId: number }) => q.personId));
        turn.set(need.positionId, 0);
      }
      const people = qualified.get(need.positionId)!;
      const taken = new Set(need.assignments.map((a) => a.personId));
      let room = (need.maxCount ?? need.minCount) - need.liveCount;
      for (let tries = 0; room > 0 && tries < people.length; tries++) {
        const personId = people[turn.get(need.positionId)! % people.length];
        turn.set(need.positionId, turn.get(need.positionId)! + 1);
        if (taken.has(personId)) continue;
        taken.add(personId);
        triples.push({ occurrenceId, positionId: need.positionId, personId });
        room--;
      }
    }
  }
  return new Random(21).sample(triples, triples.length);
}

async function benchOn(kind: 'pglite' | 'postgres', connections: number): Promise<PeerFigures> {
  const serverUrl = process.env.DATABASE_URL;
  const runDir = path.join(os.tmpdir(), `vms-bench-peer-${process.pid}`);
  step(`${kind}: preparing a copy of the seeded peer church`);
  const { target, seedSeconds } = kind === 'pglite' ? await pgliteCopy(peerRecipe, runDir) : await postgresCopy(peerRecipe, serverUrl!, RUN_DATABASE);
  try {
    const service = await startService(target);
    const base = service.baseUrl;
    step(`${kind}: service ready in ${service.readyMs} ms; signing in ${PEER_VOLUNTEERS} volunteers and the coordinator`);
    const { coordinatorKey, occurrenceIds, sundays, reads } = await signInPeer(base);
    // One prepared assignment is kept for the statement count after the load.
    const [countedTriple, ...triples] = await assignTriples(base, coordinatorKey, occurrenceIds);
    step(`${kind}: ${occurrenceIds.length} upcoming occurrences on ${sundays.length} Sundays; ${triples.length} E14 assignments prepared`);

    const cpu = new CpuMeter(service.pid, target.kind === 'postgres' ? { url: serverUrl!, database: RUN_DATABASE } : undefined);
    const options = (rotation: Rotation): LoadOptions => ({ baseUrl: base, connections, rotation, seconds: SECONDS });
    step(`${kind}: ceiling (GET /healthz, ${connections} connections, ${SECONDS} s)`);
    const ceiling = await measure(options(() => ({ path: '/healthz' })), cpu);
    const withRatio = (figure: ServingFigure) => ({ ...figure, ratioToCeiling: ratioTo(ceiling, figure) });
    const measured = await measureReads(reads, options, cpu, (name) => step(`${kind}: ${name} (${connections} connections, ${SECONDS} s after a warm-up)`));
    const serving = Object.fromEntries(Object.entries(measured).map(([name, figure]) => [name, withRatio(figure)])) as Record<Serving, ServingFigure & { ratioToCeiling: number }>;
    step(`${kind}: E14 assign, ${triples.length} requests or ${SECONDS} s`);
    serving.assign = withRatio(await measure({
      ...options((i) => {
        // Past the list only if autocannon sent more than `amount`: a repeat, which would show as a 409.
        const { occurrenceId, positionId, personId } = triples[i % triples.length];
        return { method: 'POST', path: `${V}/occurrences/${occurrenceId}/assignments`, key: coordinatorKey, body: { positionId, personId } };
      }),
      amount: triples.length,
    }, cpu));
    await service.stop();

    step(`${kind}: statements per request`);
    const inProcess = await buildInProcess(target);
    let statements: Record<Serving, number>;
    try {
      const { app } = inProcess;
      // The reads go first: they warm the coordinator's cached key and grants, as the load did for E14.
      const readStatements = {} as Record<PeerRead, number>;
      for (const [name, rotation] of Object.entries(reads) as Array<[PeerRead, Rotation]>) {
        const { path: url, key } = rotation(0);
        readStatements[name] = await statementsOf(app, 'GET', url, key!);
      }
      const assigned = await countStatements(() => app.http.inject({
        method: 'POST', url: `${V}/occurrences/${countedTriple.occurrenceId}/assignments`, headers: { 'x-api-key': coordinatorKey },
        payload: { positionId: countedTriple.positionId, personId: countedTriple.personId },
      }));
      if (assigned.result.statusCode !== 201) throw new Error(`E14 answered ${assigned.result.statusCode}: ${assigned.result.body.slice(0, 300)}`);
      statements = { ...readStatements, assign: assigned.statements };
    } finally {
      await inProcess.close();
    }
    return {
      database: kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server',
      seedSeconds, ceiling, serving, assignPrepared: triples.length, statements,
    };
  } finally {
    if (target.kind === 'pglite') fs.rmSync(runDir, { recursive: true, force: true });
    else await dropPostgres(serverUrl!, RUN_DATABASE);
  }
}

const ratioTo = (ceiling: ServingFigure, figure: ServingFigure) => Math.round((figure.requestsPerSecond / ceiling.requestsPerSecond) * 100) / 100;

/** Issue 39's targets, as shares of the same run's ceiling. */
const FIGURES: Array<[Serving, string, string]> = [
  ['myAssignments', 'my assignments (GET /api/me/assignments)', '≥ 0.45 of ceiling, p99 ≤ 40 ms'],
  ['occurrenceStaffing', 'occurrence staffing', '≥ 0.40 of ceiling'],
  ['sundayView', 'whole Sunday (occurrence list of one date)', ''],
  ['sundayWithPeople', 'whole Sunday with its people (roster of one date)', '≥ 0.15 of ceiling'],
  ['assign', 'E14 assign', '≥ 0.15 of ceiling'],
];

function table(results: readonly PeerFigures[]): string {
  const rows: Array<[string, (f: PeerFigures) => string, string]> = [
    ['ceiling: GET /healthz req/s (p50 / p99 ms)', (f) => speedCell(f.ceiling), ''],
    ...FIGURES.flatMap(([key, name, target]): Array<[string, (f: PeerFigures) => string, string]> => [
      [`${name}: req/s (p50 / p99 ms)`, (f) => speedCell(f.serving[key]), ''],
      ['  share of the ceiling', (f) => f.serving[key].ratioToCeiling.toFixed(2), target],
      ['  CPU ms per request (service + database)', (f) => cpuCell(f.serving[key]), key === 'assign' ? '' : '≤ 1.5'],
      ['  answers', (f) => answersCell(f.serving[key]) + (key === 'assign' ? ` (${f.assignPrepared} prepared)` : ''), ''],
      ['  SQL statements per request', (f) => `${f.statements[key]}`, ''],
    ]),
    ['seed (s)', (f) => (f.seedSeconds === null ? 'cached' : `${f.seedSeconds}`), ''],
  ];
  const header = ['figure', ...results.map((f) => f.database), 'target'];
  const body = rows.map(([name, value, target]) => [name, ...results.map(value), target]);
  return markdownTable(header, body);
}

export async function benchPeer(connections: number, kinds: ReadonlyArray<'pglite' | 'postgres'>): Promise<void> {
  const results: PeerFigures[] = [];
  for (const kind of kinds) results.push(await benchOn(kind, connections));
  console.log(`\n${table(results)}\n`);
  const file = path.join('bench/results', `peer-${new Date().toISOString().slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ranAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, results }, null, 2)}\n`);
  step(`figures written to ${file}`);
}
