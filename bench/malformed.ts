/**
 * 20,000 malformed requests over every operation of the OpenAPI document (issue 13): the embedded database, and
 * the PostgreSQL server named by DATABASE_URL when it is set. Prints the answers by status and every operation
 * that answered a 5xx, and writes bench/results/malformed-<date>.json. Not a test: `npm test` runs a smaller
 * sample of the same generator (tests/http/malformed-input.test.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fc from 'fast-check';
import { newAdmin } from '../tests/helpers/factories.js';
import { malformedRequests, operationsOf, problemWith } from '../tests/helpers/malformed-requests.js';
import { startTestServer } from '../tests/helpers/server.js';

const TOTAL = Number(process.env.MALFORMED_REQUESTS ?? 20_000);

interface Run {
  database: string;
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  problems: Record<string, number>;
}

async function runOn(database: string): Promise<Run> {
  execFileSync('npx', ['tsx', 'tests/prepare.ts'], { stdio: 'inherit' });
  const server = await startTestServer();
  try {
    const setup = await newAdmin(server);
    for (const name of ['iLoginRateLimitPerMinute', 'iPublicFormRateLimitPerMinute']) {
      await server.post(`/admin/api/system/config/${name}`, { value: '3' }, { key: setup.apiKey });
    }
    const operations = operationsOf((await server.get('/api/openapi.json')).body);
    const perOperation = Math.ceil(TOTAL / operations.length);
    const run: Run = { database, requests: 0, seconds: 0, statuses: {}, problems: {} };
    const started = performance.now();
    for (const [index, operation] of operations.entries()) {
      const caller = await newAdmin(server);
      const samples = fc.sample(malformedRequests(operation), { numRuns: perOperation, seed: 42 + index });
      for (const request of samples) {
        const answer = await server.app.http.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { 'x-api-key': caller.apiKey, ...(request.payload !== undefined && { 'content-type': 'application/json' }) },
          ...(request.payload !== undefined && { payload: request.payload }),
        });
        run.requests++;
        run.statuses[answer.statusCode] = (run.statuses[answer.statusCode] ?? 0) + 1;
        if (problemWith(answer.statusCode, String(answer.headers['content-type'] ?? ''), answer.body)) {
          const key = `${operation.method} ${operation.path}`;
          run.problems[key] = (run.problems[key] ?? 0) + 1;
        }
      }
      if ((index + 1) % 25 === 0) console.log(`${database}: ${index + 1}/${operations.length} operations, ${run.requests} requests`);
    }
    run.seconds = Math.round((performance.now() - started) / 100) / 10;
    return run;
  } finally {
    await server.close();
  }
}

const runs: Run[] = [];
delete process.env.TEST_DATABASE_URL;
runs.push(await runOn('pglite'));
if (process.env.DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  runs.push(await runOn('postgres'));
}
for (const run of runs) {
  const problems = Object.entries(run.problems);
  console.log(`\n${run.database}: ${run.requests} requests in ${run.seconds} s; by status ${JSON.stringify(run.statuses)}`);
  console.log(problems.length === 0 ? '  no 5xx and no error outside the canonical shape' : problems.map(([op, n]) => `  ${n} × ${op}`).join('\n'));
}
fs.mkdirSync('bench/results', { recursive: true });
const file = `bench/results/malformed-${new Date().toISOString().slice(0, 10)}.json`;
fs.writeFileSync(file, `${JSON.stringify(runs, null, 2)}\n`);
console.log(`\nwrote ${file}`);
process.exitCode = runs.some((run) => Object.keys(run.problems).length > 0) ? 1 : 0;
