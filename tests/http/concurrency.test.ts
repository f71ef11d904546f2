import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { onPostgres } from '../helpers/database.js';
import { countRows, newPerson, setUp, useServer, useUser } from '../kit/index.js';

/**
 * One-row-per-person rules under parallel requests. On PostgreSQL (TEST_DATABASE_URL) these requests run
 * on separate pooled connections at once; on PGlite they are serialised by its single session.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
let ministryId: number;
let positionId: number;
const V = '/api/ministries';
const PARALLEL = 20;

const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort((a, b) => a - b);

setUp(async () => {
  ministryId = (await server.post(`${V}/ministries`, { name: 'Parallel' }, { key: admin.apiKey })).body.ministry.id;
  const teamId = (await server.get(`${V}/ministries/${ministryId}/teams`, { key: admin.apiKey })).body.teams[0].id;
  positionId = (await server.post(`${V}/ministries/${ministryId}/positions`, { name: 'Greeter', teamId }, { key: admin.apiKey })).body.position.id;
});

const inParallel = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: PARALLEL }, make));

// The requests are sent at once either way; only PostgreSQL runs them at once, which the names say.
describe(onPostgres
  ? 'parallel writes on separate pooled connections keep one row per person'
  : 'parallel writes, run one at a time by PGlite\'s single session, keep one row per person', () => {
  it('adds a person to the pool once: one 201, the rest 200, one membership', async () => {
    const person = await newPerson(server);
    const answers = await inParallel(() => server.post(`${V}/ministries/${ministryId}/pool/${person.id}`, undefined, { key: admin.apiKey }));
    assert.deepEqual(statuses(answers), [...Array(PARALLEL - 1).fill(200), 201]);
    assert.equal(await countRows(server, 'group_members', { person_id: person.id }), 1);
  });

  it('grants a qualification once: one 201, the rest 200 with the same row', async () => {
    const person = await newPerson(server);
    const answers = await inParallel(() => server.post(`${V}/positions/${positionId}/qualifications`, { personId: person.id }, { key: admin.apiKey }));
    assert.deepEqual(statuses(answers), [...Array(PARALLEL - 1).fill(200), 201]);
    assert.equal(new Set(answers.map((a) => a.body.qualification.id)).size, 1);
    assert.equal(await countRows(server, 'qualifications', { person_id: person.id }), 1);
  });

  it('grants a scope once: one 201, the rest 200', async () => {
    const person = await newPerson(server);
    const answers = await inParallel(() => server.post(`${V}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministryId }, { key: admin.apiKey }));
    assert.deepEqual(statuses(answers), [...Array(PARALLEL - 1).fill(200), 201]);
    assert.equal(await countRows(server, 'scopes', { person_id: person.id }), 1);
  });

  it('creates a ministry name once: one 201, the rest 409, and one pool Group and calendar', async () => {
    const answers = await inParallel(() => server.post(`${V}/ministries`, { name: 'Twin Ministry' }, { key: admin.apiKey }));
    assert.deepEqual(statuses(answers), [201, ...Array(PARALLEL - 1).fill(409)]);
    assert.equal(await countRows(server, 'ministries', { name: 'Twin Ministry' }), 1);
    const created = answers.find((answer) => answer.status === 201)!.body.ministry.id;
    assert.equal(await countRows(server, 'groups', { ministry_id: created }), 1);
    assert.equal(await countRows(server, 'calendars', { ministry_id: created }), 1);
  });
});
