import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { malformedRequests, operationsOf, problemWith, type Operation } from '../helpers/malformed-requests.js';
import { newAdmin, type TestUser, as, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);

const NUL = 'The request must not contain a NUL character';

function assertBadRequest(answer: { status: number; body: any }, message: string | RegExp) {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.equal(answer.body.success, false);
  assert.equal(answer.body.code, 400);
  if (typeof message === 'string') assert.equal(answer.body.message, message);
  else assert.match(answer.body.message, message);
}

describe('a NUL character', () => {
  it('answers 400 in a body on every kind of route that stores text', async () => {
    for (const [url, body] of [
      ['/api/persons', { firstName: 'a\u0000', lastName: 'b' }],
      ['/api/families', { name: 'a\u0000' }],
      ['/api/events/types', { name: 'a\u0000' }],
      ['/api/calendars', { Name: 'a\u0000' }],
      ['/api/groups', { groupName: 'a\u0000' }],
      ['/api/ministries', { name: 'a\u0000' }],
      ['/api/users/current/api-keys', { label: 'a\u0000' }],
      ['/api/public/user/password-reset', { userName: 'a\u0000' }],
      ['/api/persons', { firstName: 'a', lastName: 'b', ['x\u0000']: 1 }],
    ] as const) {
      assertBadRequest(await server.post(url, body, as(admin)), NUL);
    }
  });

  it('answers 400 in a query string or a path segment', async () => {
    assertBadRequest(await server.get('/api/persons/search/a%00b', as(admin)), NUL);
    assertBadRequest(await server.get('/api/events?start=2026-01-01%00', as(admin)), NUL);
    assertBadRequest(await server.get('/api/public/calendar/abc%00/events'), NUL);
  });
});

describe('numbers out of range', () => {
  it('answers 400 for an id past the 32-bit range or not finite in POST /api/events', async () => {
    const typeId = (await server.get('/api/events/types', as(admin))).body[0].Id;
    const event = { Title: 'T', Type: typeId, Start: '2026-05-01 10:00:00', End: '2026-05-01 11:00:00' };
    for (const field of ['MinistryId', 'LinkedGroupId']) {
      assertBadRequest(await server.post('/api/events', { ...event, [field]: 2147483648 }, as(admin)), new RegExp(`^${field}`));
      const raw = await server.app.http.inject({
        method: 'POST', url: '/api/events', headers: { 'x-api-key': admin.apiKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...event, [field]: 0 }).replace(`"${field}":0`, `"${field}":1e999`),
      });
      assert.equal(raw.statusCode, 400, raw.body);
      assert.equal(raw.json().message, 'Numbers in the request must be finite');
    }
  });

  it('keeps the contract\'s 404 for an id in the path past the 32-bit range', async () => {
    assert.equal((await server.get('/api/person/2147483648', as(admin))).status, 404);
  });
});

describe('a JSON body nested deeper than 32 levels', () => {
  const TOO_DEEP = 'The request body is nested too deeply: at most 32 levels of lists and objects';

  it('answers 400 on every operation that takes a body, as a list of lists and as objects in objects', async () => {
    // The public forms' limits would answer 429 to some of the requests; the depth is what is tested here.
    await server.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '0' }, as(admin));
    await server.post('/admin/api/system/config/iPublicFormRateLimitPerMinute', { value: '0' }, as(admin));
    const operations = operationsOf((await server.get('/api/openapi.json')).body).filter((operation) => operation.bodyProperties !== undefined);
    assert.ok(operations.length > 80, `${operations.length} operations with a body`);
    for (const operation of operations) {
      const url = operation.pathParams.reduce((path, name) => path.replace(`{${name}}`, '1'), operation.path);
      for (const payload of [deepList(10_000), deepObject(10_000)]) {
        const answer = await server.app.http.inject({
          method: operation.method as 'POST', url, payload, headers: { 'x-api-key': admin.apiKey, 'content-type': 'application/json' },
        });
        assert.equal(answer.statusCode, 400, `${operation.method} ${url}: ${answer.body.slice(0, 300)}`);
        assert.deepEqual(answer.json(), { success: false, message: TOO_DEEP, error: TOO_DEEP, code: 400 });
      }
    }
  });

  it('answers 400 at 33 levels and takes 32, brackets inside strings not counted', async () => {
    const person = (extra: string) => `{"firstName":"Deep","lastName":"Nest${extra}","x":${deepList(31)}}`;
    const refused = await server.app.http.inject({
      method: 'POST', url: '/api/persons', payload: `{"firstName":"Deep","lastName":"Nest","x":${deepList(32)}}`,
      headers: { 'x-api-key': admin.apiKey, 'content-type': 'application/json' },
    });
    assertBadRequest({ status: refused.statusCode, body: refused.json() }, TOO_DEEP);
    const brackets = '[[[[{{{{'.repeat(5);
    const taken = await server.app.http.inject({
      method: 'POST', url: '/api/persons', payload: person(brackets),
      headers: { 'x-api-key': admin.apiKey, 'content-type': 'application/json' },
    });
    assert.equal(taken.statusCode, 201, taken.body);
    assert.equal((await server.get(`/api/person/${taken.json().Id}`, as(admin))).body.LastName, `Nest${brackets}`);
  });
});

/** `[[…[]…]]`: `levels` lists inside one another. */
function deepList(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

/** `{"a":{"a":…1…}}`: `levels` objects inside one another. */
function deepObject(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

describe('every operation of the OpenAPI document', () => {
  it('answers no 5xx, and every error in the canonical shape, to generated malformed values', async () => {
    const document = (await server.get('/api/openapi.json')).body;
    // Sign-in and reset routes hash on purpose (a second each); their limits keep the run short.
    await server.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '3' }, as(admin));
    await server.post('/admin/api/system/config/iPublicFormRateLimitPerMinute', { value: '3' }, as(admin));
    const operations = operationsOf(document);
    assert.ok(operations.length > 150, `${operations.length} operations`);
    const statuses = new Map<number, number>();
    for (const operation of operations) {
      // A fresh administrator per operation: a generated request may revoke, demote or lock the one before.
      const caller = await newAdmin(server);
      await probe(operation, caller, 12, statuses);
    }
    // Authentication held throughout: the run exercised the routes, not only the access hook.
    assert.ok((statuses.get(401) ?? 0) < 100, JSON.stringify([...statuses]));
  });
});

async function probe(operation: Operation, caller: TestUser, numRuns: number, statuses: Map<number, number>) {
  await fc.assert(
    fc.asyncProperty(malformedRequests(operation), async (request) => {
      const answer = await server.app.http.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { 'x-api-key': caller.apiKey, ...(request.payload !== undefined && { 'content-type': 'application/json' }) },
        ...(request.payload !== undefined && { payload: request.payload }),
      });
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      const problem = problemWith(answer.statusCode, String(answer.headers['content-type'] ?? ''), answer.body);
      assert.equal(problem, undefined, `${request.method} ${request.url} ${request.payload?.slice(0, 200) ?? ''}`);
    }),
    { numRuns, seed: 20261124, endOnFailure: true },
  );
}
