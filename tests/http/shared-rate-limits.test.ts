import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildApp, type App } from '../../src/app.js';
import { as, newAdmin, setUp, storedRows, TEST_PASSWORD_COST, useServer, type TestUser } from '../kit/index.js';

/**
 * Public rate limits count in the database (issue 19): two instances on one database allow a client the limit
 * once between them, not once each. Windows run on the service's clock, which stands still here until a test
 * moves it.
 */
const LOGIN = '/api/public/user/login';
const server = useServer();
let other: App;
let admin: TestUser;

setUp(async () => {
  other = await buildApp({ database: server.database, clock: server.clock, passwordCost: TEST_PASSWORD_COST, logger: false });
  admin = await newAdmin(server);
  assert.equal((await server.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '6' }, { key: admin.apiKey })).status, 200);
});
after(async () => {
  await other.http.close();
  await server.close();
});

const loginAnswer = (app: App, address: string) =>
  app.http.inject({ method: 'POST', url: LOGIN, remoteAddress: address, payload: { userName: 'nobody', password: 'wrong' } });
const loginOn = async (app: App, address: string) => (await loginAnswer(app, address)).statusCode;

/** The 429 past the limit (contract open point 15), and how many seconds its `Retry-After` asks the client to wait. */
async function refusalOn(app: App, address: string): Promise<string | number | string[] | undefined> {
  const answer = await loginAnswer(app, address);
  assert.equal(answer.statusCode, 429, answer.body);
  assert.equal(JSON.parse(answer.body).message, `Too many requests. Try again in ${answer.headers['retry-after']} seconds.`);
  return answer.headers['retry-after'];
}

/** Which of `addresses` have a window in the database (its key holds the route, the address and the limit). */
const counted = async (...addresses: string[]) => {
  const keys = (await storedRows(server, 'rate_limit_windows')).map((row) => row.key);
  return addresses.filter((address) => keys.some((key) => key.includes(` ${address}i`)));
};

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
  it('refuses until its minute is over on the service clock, then lets the client in again', async () => {
    const address = '198.51.100.10';
    for (let i = 0; i < 6; i++) assert.equal(await loginOn(i % 2 === 0 ? server.app : other, address), 401);
    assert.equal(await refusalOn(other, address), '60');
    server.clock.advance(59_000);
    assert.equal(await refusalOn(server.app, address), '1', 'a second before the window ends it still refuses');
    server.clock.advance(1_000);
    assert.equal(await loginOn(other, address), 401, 'a new window begins');
    assert.equal(await loginOn(server.app, address), 401, 'and counts from one');
  });

  it('is forgotten by the timer jobs an hour after it began, while a window still running is kept', async () => {
    assert.equal(await loginOn(server.app, '198.51.100.11'), 401);
    server.clock.advance(60 * 60_000 + 1);
    assert.equal(await loginOn(server.app, '198.51.100.12'), 401);
    assert.deepEqual(await counted('198.51.100.11', '198.51.100.12'), ['198.51.100.11', '198.51.100.12']);
    const ran = await server.post('/api/background/timerjobs', { force: true }, as(admin));
    assert.equal(ran.status, 200, ran.text);
    assert.deepEqual(await counted('198.51.100.11', '198.51.100.12'), ['198.51.100.12'], 'the hour-old window alone is forgotten');
    // The kept window still counts: five more reach the limit of six, the next is refused.
    for (let i = 0; i < 5; i++) assert.equal(await loginOn(other, '198.51.100.12'), 401);
    assert.equal(await refusalOn(server.app, '198.51.100.12'), '60');
  });
});
