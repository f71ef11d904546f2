import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newAdmin, newUser, useServer } from '../kit/index.js';

const server = useServer();

const INVALID_KEY = { success: false, message: 'Invalid API key', error: 'Invalid API key', code: 401 };

describe('x-api-key on private routes', () => {
  it('answers 401 in the canonical shape without a key', async () => {
    const answer = await server.get('/api/users/current');
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, INVALID_KEY);
  });

  it('answers 401 for an unknown key', async () => {
    const answer = await server.get('/api/users/current', { key: 'not-a-real-key' });
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, INVALID_KEY);
  });

  it('checks the key before the role: a missing key on an admin route is 401, not 403', async () => {
    const answer = await server.get('/admin/api/system/config/sChurchName');
    assert.equal(answer.status, 401);
    assert.equal(answer.body.message, 'Invalid API key');
  });

  it('checks the key before validating the body', async () => {
    const answer = await server.post('/admin/api/users', { personId: 'nope' });
    assert.equal(answer.status, 401);
    assert.equal(answer.body.message, 'Invalid API key');
  });

  it('lets a valid key read the current user', async () => {
    const user = await newUser(server, { roles: ['editRecords'] });
    const answer = await server.get('/api/users/current', { key: user.apiKey });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user.id, user.userId);
    assert.equal(answer.body.user.personId, user.personId);
    assert.equal(answer.body.user.userName, user.userName);
    assert.equal(answer.body.user.roles.editRecords, true);
    assert.equal(answer.body.user.roles.admin, false);
    assert.equal(answer.body.user.selfService, false);
  });

  it('stops accepting a key once it is revoked', async () => {
    const user = await newUser(server);
    const second = await server.post('/api/users/current/api-keys', { label: 'phone' }, { key: user.apiKey });
    assert.equal(second.status, 201);
    assert.equal((await server.get('/api/users/current', { key: second.body.apiKey })).status, 200);
    const revoked = await server.delete(`/api/users/current/api-keys/${second.body.id}`, { key: user.apiKey });
    assert.deepEqual(revoked.body, { success: true });
    assert.equal((await server.get('/api/users/current', { key: second.body.apiKey })).status, 401);
    assert.equal((await server.get('/api/users/current', { key: user.apiKey })).status, 200, 'other keys stay valid');
  });

  it('stops accepting the keys of a deleted user', async () => {
    const admin = await newAdmin(server);
    const user = await newUser(server, { roles: ['finance'] });
    assert.equal((await server.delete(`/admin/api/user/${user.userId}/`, { key: admin.apiKey })).status, 200);
    assert.equal((await server.get('/api/users/current', { key: user.apiKey })).status, 401);
  });
});

describe('self-service logins (no role flag)', () => {
  it('reach their own profile', async () => {
    const volunteer = await newUser(server);
    const answer = await server.get('/api/users/current', { key: volunteer.apiKey });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user.selfService, true);
    assert.equal((await server.get('/api/users/current/api-keys', { key: volunteer.apiKey })).status, 200);
  });

  it('are refused administrator routes with the role message', async () => {
    const volunteer = await newUser(server);
    const answer = await server.get('/admin/api/system/config/sChurchName', { key: volunteer.apiKey });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'User must be an Admin');
    assert.equal(answer.body.code, 403);
  });
});

describe('public routes', () => {
  it('need no key', async () => {
    assert.equal((await server.get('/healthz')).status, 200);
    assert.equal((await server.get('/api/openapi.json')).status, 200);
  });
});
