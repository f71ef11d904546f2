import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildApp, type App } from '../../src/app.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import { newAdmin, setUp, TEST_PASSWORD_COST, useServer } from '../kit/index.js';

/**
 * Public rate limits count in the database (issue 19): two instances on one database allow a client the limit
 * once between them, not once each.
 */
const LOGIN = '/api/public/user/login';
const server = useServer();
let other: App;

setUp(async () => {
  other = await buildApp({ database: server.database, clock: server.clock, passwordCost: TEST_PASSWORD_COST, logger: false });
  const admin = await newAdmin(server);
  assert.equal((await server.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '6' }, { key: admin.apiKey })).status, 200);
});
after(async () => {
  await other.http.close();
  await server.close();
});

const loginOn = async (app: App, address: string) =>
  (await app.http.inject({ method: 'POST', url: LOGIN, remoteAddress: address, payload: { userName: 'nobody', password: 'wrong' } })).statusCode;

describe('public rate limits with two instances on one database', () => {
  it('refuse the request past the limit whichever instance it reaches', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push(await loginOn(i % 2 === 0 ? server.app : other, '198.51.100.7'));
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401, 429]);
  });

  it('let exactly the limit through when a client sends many requests at once to both', async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => loginOn(i % 2 === 0 ? server.app : other, '198.51.100.8')));
    assert.equal(statuses.filter((status) => status === 401).length, 6);
    assert.equal(statuses.filter((status) => status === 429).length, 14);
  });

  it('count each client on its own', async () => {
    assert.equal(await loginOn(other, '198.51.100.9'), 401);
  });
});

describe('a rate-limit window', () => {
  it('starts again once it is over, and an ended window is forgotten', async () => {
    const rateLimits = createRepositories(server.database.db).rateLimits;
    assert.equal((await rateLimits.hit('window test', 300)).hits, 1);
    const second = await rateLimits.hit('window test', 300);
    assert.equal(second.hits, 2);
    assert.ok(second.msLeft > 0 && second.msLeft <= 300, String(second.msLeft));
    await new Promise((resolve) => setTimeout(resolve, 350));
    assert.equal((await rateLimits.hit('window test', 300)).hits, 1, 'a new window begins');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok((await rateLimits.forgetEnded(10)) >= 1);
    assert.equal((await rateLimits.hit('window test', 300)).hits, 1);
  });
});
