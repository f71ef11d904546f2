import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { newUser, type TestUser } from '../helpers/factories.js';
import { startTestServer, TEST_PASSWORD_COST, type TestServer } from '../helpers/server.js';
import { buildApp, type App } from '../../src/app.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import type { Roles } from '../../src/domain/access/caller.js';

const steps: Array<() => Promise<void>> = [];

/**
 * Runs `step` once before the file's tests, after the server has started and after the steps set up before it.
 * Use it instead of a root-level `before`: Node 20 runs a file's root `before` hooks concurrently.
 */
export function setUp(step: () => Promise<unknown> | void): void {
  steps.push(async () => {
    await step();
  });
}

/**
 * Runs the file's tests with the process in another time zone, set before its server starts and put back after
 * its tests: the test runner runs several files one after another in one process (scripts/build-tests.mjs).
 */
export function useProcessTimeZone(zone: string): void {
  const earlier = process.env.TZ;
  before(() => {
    process.env.TZ = zone;
  });
  after(() => {
    if (earlier === undefined) delete process.env.TZ;
    else process.env.TZ = earlier;
  });
}

/**
 * A test server for the whole file: started before the `setUp` steps, closed after the tests. The answer stands
 * for it from then on, so a file declares it once instead of `let server` plus two hooks.
 */
export function useServer(options: Parameters<typeof startTestServer>[0] = {}): TestServer {
  let current: TestServer | undefined;
  before(async () => {
    current = await startTestServer(options);
    for (const step of steps) await step();
  });
  after(() => current?.close());
  const started = () => {
    if (!current) throw new Error('The test server starts in the first before() hook, and setUp() steps run after it');
    return current;
  };
  return {
    get app() { return started().app; },
    get database() { return started().database; },
    get clock() { return started().clock; },
    request: (method, url, opts) => started().request(method, url, opts),
    get: (url, opts) => started().get(url, opts),
    post: (url, body, opts) => started().post(url, body, opts),
    put: (url, body, opts) => started().put(url, body, opts),
    delete: (url, opts) => started().delete(url, opts),
    close: () => started().close(),
  };
}

/**
 * A second instance of the service on the file's database (issue 19), built in a `setUp` step. Both instances
 * follow settings changes as `npm start` makes them. Closed after the tests, and the file's server after it: the
 * database must outlive both, and `useServer`'s own hook runs alongside this one.
 */
export function useSecondInstance(server: TestServer): { readonly app: App } {
  let other: App | undefined;
  const stops: Array<() => Promise<void>> = [];
  setUp(async () => {
    other = await buildApp({ database: server.database, clock: server.clock, passwordCost: TEST_PASSWORD_COST, logger: false });
    for (const app of [server.app, other]) stops.push(await app.services.settings.followChanges(server.database.listen));
  });
  after(async () => {
    for (const stop of stops) await stop();
    await other?.http.close();
    await server.close();
  });
  return {
    get app() {
      if (!other) throw new Error('The second instance is built in a setUp() step');
      return other;
    },
  };
}

/**
 * A login made in a `setUp` step: the object is filled in then, so tests read its fields as they would a `let`
 * set in a hook.
 */
export function useUser(server: TestServer, roles: Array<keyof Roles> = []): TestUser {
  const user = {} as TestUser;
  setUp(async () => Object.assign(user, await newUser(server, { roles })));
  return user;
}

/** The seeded `Other` event type, its `id` read in a `setUp` step (every install has it). */
export function useOtherEventType(server: TestServer): { id: number } {
  const type = { id: 0 };
  setUp(async () => {
    type.id = (await createRepositories(server.database.db).eventTypes.findByName('Other'))!.id;
  });
  return type;
}

/** Request options that authenticate as `user` (read when called, so a user filled in by a hook works). */
export const as = (user: TestUser) => ({ key: user.apiKey });

/** Sets one system setting through the administrator's route, as an administrator would. */
export async function setSetting(server: TestServer, admin: TestUser, name: string, value: string | number): Promise<void> {
  const answer = await server.post(`/admin/api/system/config/${name}`, { value }, as(admin));
  assert.equal(answer.status, 200, answer.text);
}

/**
 * The contract's error body (§2): `{ success:false, message, error, code }` with `code` equal to the status and
 * nothing else but the documented `extra` keys. A pattern stands for a message that names a changing detail.
 */
export function expectError(answer: { status: number; body: unknown }, status: number, message: string | RegExp, extra: Record<string, unknown> = {}): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  const body = answer.body as { message?: unknown };
  if (typeof message !== 'string') {
    assert.equal(typeof body.message, 'string', JSON.stringify(body));
    assert.match(body.message as string, message);
    message = body.message as string;
  }
  assert.deepEqual(answer.body, { success: false, message, error: message, code: status, ...extra });
}

/** The coordinator's page of an assignment (GET /api/ministries/assignments/{id}), as far as the tests read it. */
export interface AssignmentPage {
  assignment: { id: number; status: string; personId: number; autoFilled: boolean; source: string };
  responses: Array<{ response: string; channel: string; personId: number; comment: string | null; responseDate: string }>;
  swaps: Array<{ id: number; status: string }>;
  notifications: Array<{ id: number; type: string; status: string; attempts: number; lastError: string | null }>;
}

/** The assignment's page as `viewer` sees it; asserts that it is shown (200). */
export async function assignmentPage(server: TestServer, viewer: TestUser, assignmentId: number): Promise<AssignmentPage> {
  const answer = await server.get(`/api/ministries/assignments/${assignmentId}`, as(viewer));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

/** The schedule's occurrences of 2026 by event id, from the occurrence list as `viewer` sees it. */
export async function occurrencesByEvent(server: TestServer, viewer: TestUser, scheduleId: number): Promise<Map<number, number>> {
  const answer = await server.get('/api/ministries/occurrences', { ...as(viewer), query: { from: '2026-01-01', to: '2026-12-31', scheduleId: String(scheduleId) } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return new Map(answer.body.occurrences.map((o: { id: number; eventId: number }) => [o.eventId, o.id]));
}
