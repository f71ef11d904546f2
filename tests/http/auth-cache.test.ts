import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { App } from '../../src/app.js';
import { countStatements } from '../../src/db/statement-count.js';
import { as, grantScope, newCoordinator, newMinistry, newUser, useSecondInstance, useServer, useUser, type TestUser } from '../kit/index.js';

/**
 * The authentication cache (issue 21): two instances on one database. A key's owner and grants are reused, yet any
 * change that could alter an answer holds at once, on both, for the very next request. Both follow settings
 * changes as `npm start` makes them (the lockout threshold is a setting).
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const other = useSecondInstance(server);

const statusOn = async (app: App, url: string, user: TestUser) =>
  (await app.http.inject({ method: 'GET', url, headers: { 'x-api-key': user.apiKey } })).statusCode;
const bothAnswer = async (url: string, user: TestUser) => [await statusOn(server.app, url, user), await statusOn(other.app, url, user)];

describe('the authentication cache', () => {
  it('looks a key and its grants up once, then answers from memory', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const permissions = () => server.get('/api/me/permissions', as(coordinator));
    const first = await countStatements(permissions);
    const second = await countStatements(permissions);
    assert.equal(second.result.status, 200);
    assert.deepEqual(second.result.body, first.result.body);
    assert.ok(second.statements <= first.statements - 2, `${first.statements} statements, then ${second.statements}`);
  });

  it('reads the count of changes once for the requests that come together (issue 39 #4)', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const permissions = () => server.get('/api/me/permissions', as(coordinator));
    await permissions();
    const alone = await countStatements(permissions);
    const together = await countStatements(() => Promise.all(Array.from({ length: 5 }, permissions)));
    assert.deepEqual(together.result.map((answer) => [answer.status, answer.body]), Array.from({ length: 5 }, () => [200, alone.result.body]));
    assert.equal(together.statements, 5 * alone.statements - 4, together.sql.join('\n'));
  });

  it('refuses a revoked key on the next request to either instance', async () => {
    const user = await newUser(server);
    assert.deepEqual(await bothAnswer('/api/users/current', user), [200, 200]);
    const keys = await other.app.http.inject({ method: 'GET', url: '/api/users/current/api-keys', headers: { 'x-api-key': user.apiKey } });
    const keyId = keys.json().apiKeys[0].id;
    assert.equal((await server.delete(`/admin/api/user/${user.userId}/api-keys/${keyId}`, as(admin))).status, 200);
    assert.deepEqual(await bothAnswer('/api/users/current', user), [401, 401]);
  });

  it('holds a role taken away at once on both instances', async () => {
    const manager = await newUser(server, { roles: ['manageMinistries'] });
    assert.deepEqual(await bothAnswer('/api/ministries/scopes', manager), [200, 200]);
    assert.equal((await server.post(`/admin/api/users/${manager.userId}`, { roles: { manageMinistries: false } }, as(admin))).status, 200);
    assert.deepEqual(await bothAnswer('/api/ministries/scopes', manager), [403, 403]);
  });

  it('holds a scope taken back at once on both instances', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newUser(server, { roles: ['manageMyMinistries'] });
    const scope = await grantScope(server, coordinator.personId, 'ministry', ministry.id);
    assert.deepEqual(await bothAnswer(`/api/ministries/ministries/${ministry.id}/teams`, coordinator), [200, 200]);
    assert.equal((await server.delete(`/api/ministries/scopes/${scope.id}`, as(admin))).status, 200);
    assert.deepEqual(await bothAnswer(`/api/ministries/ministries/${ministry.id}/teams`, coordinator), [403, 403]);
  });

  it('stops the keys of a locked account at once on both instances', async () => {
    assert.equal((await server.post('/admin/api/system/config/iMaxFailedLogins', { value: '2' }, as(admin))).status, 200);
    const user = await newUser(server);
    assert.deepEqual(await bothAnswer('/api/users/current', user), [200, 200]);
    for (let i = 0; i < 2; i++) await server.post('/api/public/user/login', { userName: user.userName, password: 'not the password' });
    assert.deepEqual(await bothAnswer('/api/users/current', user), [401, 401]);
  });
});
