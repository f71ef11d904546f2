import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pino from 'pino';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openPostgres } from '../../src/db/database.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import { loggerOptions } from '../../src/http/logging.js';
import { onPostgres } from '../helpers/database.js';
import { newAdmin, newPerson, newUser, otherEventTypeId, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The value of one sample line (`name{labels} value`) of an exposition text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics (ours)', () => {
  let plain: TestServer;
  let server: TestServer;
  let admin: TestUser;
  before(async () => {
    [plain, server] = await Promise.all([startTestServer(), startTestServer({ metricsToken: TOKEN })]);
    admin = await newAdmin(server);
  });
  after(() => Promise.all([plain.close(), server.close()]));

  const scrape = () => server.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers 404 like any unknown path while METRICS_TOKEN is not set, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const answer = await plain.get('/metrics', { headers });
      assert.equal(answer.status, 404);
      assert.deepEqual(answer.body, { success: false, message: 'Not found', error: 'Not found', code: 404, request: { method: 'GET', path: '/metrics' } });
    }
  });

  it('refuses a missing, wrong or non-bearer token with 401 in the canonical error shape', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const answer = await server.get('/metrics', { headers: authorization === undefined ? {} : { authorization } });
      assert.equal(answer.status, 401, String(authorization));
      assert.equal(answer.body.success, false);
      assert.equal(answer.body.code, 401);
      assert.match(answer.body.message, /metrics token/);
      assert.equal(answer.headers['www-authenticate'], 'Bearer');
    }
  });

  it('does not take an API key in place of the token', async () => {
    assert.equal((await server.get('/metrics', { key: admin.apiKey })).status, 401);
  });

  it('times requests by route pattern, never by the URL that may carry a secret', async () => {
    const person = await newPerson(server);
    assert.equal((await server.get(`/api/person/${person.id}`, { key: admin.apiKey })).status, 200);
    assert.equal((await server.get('/api/person/999999', { key: admin.apiKey })).status, 404);
    await server.get('/api/public/calendar/secret-feed-token-1234/events');
    await server.get('/api/no-such-route-secret-5678');

    const answer = await scrape();
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.equal(answer.headers['cache-control'], 'no-store');
    const text = answer.text;
    assert.match(text, /# TYPE vms_http_request_duration_seconds histogram/);
    assert.equal(sample(text, 'vms_http_request_duration_seconds_count{method="GET",route="/api/person/:personId",status_code="200"}'), 1);
    assert.equal(sample(text, 'vms_http_request_duration_seconds_count{method="GET",route="/api/person/:personId",status_code="404"}'), 1);
    assert.equal(sample(text, 'vms_http_request_duration_seconds_count{method="GET",route="/api/public/calendar/:token/events",status_code="403"}'), 1);
    assert.ok((sample(text, 'vms_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}') ?? 0) >= 1);
    assert.ok(!text.includes('secret-feed-token-1234') && !text.includes('no-such-route-secret-5678'), 'no raw path reaches a label');
    assert.ok(!text.includes(`/api/person/${person.id}`));
  });

  it('reports the outbox by status and its failed send attempts, read from the database when scraped', async () => {
    const person = await newPerson(server);
    const outbox = createRepositories(server.database.db).notifications;
    const entry = (key: string) => ({ type: 'password_reset' as const, personId: person.id, keyParts: ['metrics', key], scheduledFor: '2026-01-01 09:00:00', createdAt: '2026-01-01 09:00:00' });
    const before = await scrape();
    const failedBefore = sample(before.text, 'vms_outbox_failed_sends_total') ?? -1;
    const pendingBefore = sample(before.text, 'vms_outbox_messages{status="pending"}') ?? -1;
    assert.ok(failedBefore >= 0 && pendingBefore >= 0, 'both series exist before any message');
    assert.equal(sample(before.text, 'vms_outbox_messages{status="cancelled"}'), 0, 'a status no row has counts 0');

    const retried = (await outbox.enqueue(entry('retried')))!;
    const givenUp = (await outbox.enqueue(entry('given-up')))!;
    await outbox.markFailure(retried, 'mail server down', '2026-01-01 09:01:00', 5);
    await outbox.markFailure(givenUp, 'mail server down', '2026-01-01 09:01:00', 2);
    await outbox.markFailure(givenUp, 'mail server down', '2026-01-01 09:02:00', 2);

    const text = (await scrape()).text;
    assert.equal(sample(text, 'vms_outbox_messages{status="pending"}'), pendingBefore + 1);
    assert.equal(sample(text, 'vms_outbox_messages{status="failed"}'), 1);
    assert.equal(sample(text, 'vms_outbox_failed_sends_total'), failedBefore + 3);
    assert.match(text, /# TYPE vms_outbox_failed_sends_total counter/);
  });

  it('counts timer-job runs by outcome', async () => {
    const staff = await newUser(server, { roles: ['addEvents'] });
    assert.deepEqual((await server.post('/api/background/timerjobs', { force: true }, { key: staff.apiKey })).body, { ran: true });
    assert.deepEqual((await server.post('/api/background/timerjobs', {}, { key: staff.apiKey })).body, { ran: false });
    const text = (await scrape()).text;
    assert.equal(sample(text, 'vms_timer_job_runs_total{outcome="ran"}'), 1);
    assert.equal(sample(text, 'vms_timer_job_runs_total{outcome="skipped"}'), 1);
  });

  it('reports the database connections, and the process figures of prom-client', async () => {
    const text = (await scrape()).text;
    if (onPostgres) {
      assert.ok((sample(text, 'vms_db_pool_connections{state="total"}') ?? 0) >= 1);
      assert.equal(typeof sample(text, 'vms_db_pool_connections{state="idle"}'), 'number');
      assert.equal(sample(text, 'vms_db_pool_connections{state="waiting"}'), 0);
    } else {
      assert.equal(sample(text, 'vms_db_pool_connections{state="total"}'), 1, 'the embedded database has one connection');
    }
    assert.match(text, /^process_cpu_user_seconds_total /m);
    assert.match(text, /^nodejs_eventloop_lag_seconds /m);
  });

  it('is documented with its own bearer scheme, not the API key', async () => {
    const { body } = await server.get('/api/openapi.json');
    assert.deepEqual(body.paths['/metrics'].get.security, [{ metricsToken: [] }]);
    assert.deepEqual(body.components.securitySchemes.metricsToken, { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, for GET /metrics only' });
  });
});

describe('request ids', () => {
  const lines: Array<Record<string, unknown>> = [];
  let server: TestServer;
  let planner: TestUser;
  before(async () => {
    const sink = new Writable({ write(chunk, _encoding, done) { for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line)); done(); } });
    server = await startTestServer({ logger: pino(loggerOptions('info'), sink) });
    planner = await newUser(server, { roles: ['addEvents'] });
  });
  after(() => server.close());

  it('keeps a proxy\'s sane X-Request-Id and echoes it, on success and on errors alike', async () => {
    for (const url of ['/healthz', '/api/users/current', '/api/no-such-route', '/api/person/%zz']) {
      const answer = await server.get(url, { headers: { 'x-request-id': 'proxy-7f3a.b_C' } });
      assert.equal(answer.headers['x-request-id'], 'proxy-7f3a.b_C', url);
    }
  });

  it('makes a new id when none is given or the given one is not a sane token of at most 64 characters', async () => {
    for (const given of [undefined, 'a'.repeat(65), 'two words', 'quote"d', '']) {
      const answer = await server.get('/healthz', { headers: given === undefined ? {} : { 'x-request-id': given } });
      assert.match(String(answer.headers['x-request-id']), UUID, String(given));
    }
    assert.equal((await server.get('/healthz', { headers: { 'x-request-id': 'a'.repeat(64) } })).headers['x-request-id'], 'a'.repeat(64));
  });

  it('puts the id on the request\'s log lines, a failing domain-event subscriber\'s included', async () => {
    const stop = server.app.services.publisher.subscribe(() => {
      throw new Error('subscriber broke');
    });
    try {
      const answer = await server.post('/api/events', {
        Title: 'Traced', Type: await otherEventTypeId(server, planner.apiKey), Start: '2026-05-03 10:00:00', End: '2026-05-03 11:00:00', PinnedCalendars: [],
      }, { key: planner.apiKey, headers: { 'x-request-id': 'trace-subscriber-1' } });
      assert.equal(answer.status, 200);
    } finally {
      stop();
    }
    const failure = lines.find((line) => line.msg === 'a domain event subscriber failed');
    assert.ok(failure, 'the failure is logged');
    assert.equal(failure.reqId, 'trace-subscriber-1');
    const ours = lines.filter((line) => line.reqId === 'trace-subscriber-1').map((line) => line.msg);
    // One line a request, at its answer, with what the incoming line used to say (issue 39 #4).
    assert.deepEqual(ours, ['a domain event subscriber failed', 'request completed']);
    const completed = lines.find((line) => line.reqId === 'trace-subscriber-1' && line.msg === 'request completed') as { req: { method: string; url: string }; res: { statusCode: number }; responseTime: unknown };
    assert.deepEqual([completed.req.method, completed.req.url, completed.res.statusCode], ['POST', '/api/events', 200]);
    assert.equal(typeof completed.responseTime, 'number');
  });
});

describe('configuration of operations (METRICS_TOKEN, DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS, SHUTDOWN_TIMEOUT_MS)', () => {
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.problems;
    }
  };

  it('has defaults: no metrics, a pool of 10, statements stopped after 30 s, 10 s to shut down', () => {
    const config = loadConfig({});
    assert.equal(config.metricsToken, undefined);
    assert.equal(config.databasePoolSize, 10);
    assert.equal(config.databaseStatementTimeoutMs, 30_000);
    assert.equal(config.shutdownTimeoutMs, 10_000);
  });

  it('reads the variables within their ranges', () => {
    const config = loadConfig({ METRICS_TOKEN: TOKEN, DATABASE_POOL_SIZE: '100', DATABASE_STATEMENT_TIMEOUT_MS: '0', SHUTDOWN_TIMEOUT_MS: '2500' });
    assert.equal(config.metricsToken, TOKEN);
    assert.equal(config.databasePoolSize, 100);
    assert.equal(config.databaseStatementTimeoutMs, 0);
    assert.equal(config.shutdownTimeoutMs, 2500);
  });

  it('refuses bad values, naming every one, and never prints the token', () => {
    const shortToken = 'too-short-token';
    const found = problems({ METRICS_TOKEN: shortToken, DATABASE_POOL_SIZE: '1', DATABASE_STATEMENT_TIMEOUT_MS: '3600001', SHUTDOWN_TIMEOUT_MS: 'soon' });
    assert.deepEqual(found, [
      'METRICS_TOKEN must be at least 16 characters long (got 15)',
      'DATABASE_POOL_SIZE must be a whole number from 2 to 100 (got "1")',
      'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 0 to 3600000 (got "3600001")',
      'SHUTDOWN_TIMEOUT_MS must be a whole number from 1 to 600000 (got "soon")',
    ]);
    assert.ok(!found.join('\n').includes(shortToken));
    assert.deepEqual(problems({ DATABASE_POOL_SIZE: '101' }), ['DATABASE_POOL_SIZE must be a whole number from 2 to 100 (got "101")']);
    assert.deepEqual(problems({ DATABASE_POOL_SIZE: '2.5' }), ['DATABASE_POOL_SIZE must be a whole number from 2 to 100 (got "2.5")']);
  });
});

describe('openPostgres with DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_MS', { skip: onPostgres ? false : 'the embedded database has no pool and ignores both' }, () => {
  const url = process.env.TEST_DATABASE_URL!;

  it('sets statement_timeout on every pooled connection, and a longer statement fails with 57014', async () => {
    const database = openPostgres(url, { poolSize: 2, statementTimeoutMs: 200 });
    try {
      const shown = await Promise.all([1, 2, 3].map(() => sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db)));
      assert.deepEqual(shown.map(({ rows }) => rows[0].statement_timeout), ['200ms', '200ms', '200ms']);
      await assert.rejects(sql`select pg_sleep(2)`.execute(database.db), (error: { code?: string }) => error.code === '57014');
    } finally {
      await database.close();
    }
  });

  it('leaves the server\'s own statement_timeout with 0', async () => {
    const database = openPostgres(url, { statementTimeoutMs: 0 });
    try {
      const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db);
      assert.equal(rows[0].statement_timeout, '0');
    } finally {
      await database.close();
    }
  });

  it('opens at most the pool size, and reports the queries waiting for a connection', async () => {
    const database = openPostgres(url, { poolSize: 2 });
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let checkedOut = 0;
      const holders = [1, 2].map(() => database.db.connection().execute(async () => {
        checkedOut++;
        await released;
      }));
      while (checkedOut < 2) await new Promise((resolve) => setImmediate(resolve));
      const queries = Promise.all([1, 2, 3].map(() => sql`select 1`.execute(database.db)));
      const waiting = () => {
        const stats = database.poolStats();
        return 'waiting' in stats ? stats.waiting : 0;
      };
      while (waiting() < 3) await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(database.poolStats(), { total: 2, idle: 0, waiting: 3 });
      release();
      await Promise.all([...holders, queries]);
      assert.deepEqual(database.poolStats(), { total: 2, idle: 2, waiting: 0 });
    } finally {
      await database.close();
    }
  });
});
