import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storedRows, countRows, newPerson, newUser, type TestUser, as, setUp, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
setUp(async () => {
  await server.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '0' }, { key: admin.apiKey });
});

describe('GET /api/users/current', () => {
  it('answers every field of the contract shape', async () => {
    const user = await newUser(server, { roles: ['manageMyMinistries'], person: { first_name: 'Ruth', last_name: 'Moab', email: 'ruth@example.org' } });
    const { body } = await server.get('/api/users/current', { key: user.apiKey });
    assert.deepEqual(body, {
      user: {
        id: user.userId,
        personId: user.personId,
        userName: user.userName,
        firstName: 'Ruth',
        lastName: 'Moab',
        email: 'ruth@example.org',
        roles: {
          admin: false, addEvents: false, manageGroups: false, editRecords: false,
          deleteRecords: false, finance: false, manageMinistries: false, manageMyMinistries: true,
        },
        selfService: false,
        // Ours (issue 33 #4): null until the person chooses a language.
        language: null,
      },
    });
  });
});

describe('POST /admin/api/users', () => {
  it('creates a user whose id is the person id, with the flags sent', async () => {
    const person = await newPerson(server);
    const answer = await server.post('/admin/api/users', {
      personId: person.id, userName: 'deacon.dan', password: 'long enough', roles: { addEvents: true, finance: 'yes' },
    }, as(admin));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.user.id, person.id);
    assert.equal(answer.body.user.personId, person.id);
    assert.equal(answer.body.user.roles.addEvents, true);
    assert.equal(answer.body.user.roles.finance, true);
    assert.equal(answer.body.user.roles.admin, false);
    const login = await server.post('/api/public/user/login', { userName: 'deacon.dan', password: 'long enough' });
    assert.equal(login.status, 200);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const person = await newPerson(server);
    const answer = await server.post('/admin/api/users', { personId: person.id, userName: 'shorty', password: '1234567' }, as(admin));
    assert.equal(answer.status, 400);
    assert.match(answer.body.message, /8 characters/);
  });

  it('refuses missing fields with 400 naming the field', async () => {
    const answer = await server.post('/admin/api/users', { userName: 'x', password: 'long enough' }, as(admin));
    assert.equal(answer.status, 400);
    assert.match(answer.body.message, /personId/);
  });

  it('refuses an unknown role flag', async () => {
    const person = await newPerson(server);
    const answer = await server.post('/admin/api/users', { personId: person.id, userName: 'x1', password: 'long enough', roles: { superuser: true } }, as(admin));
    assert.equal(answer.status, 400);
    assert.equal(answer.body.message, 'roles must NOT have additional properties');
  });

  it('answers 404 for an unknown person', async () => {
    const answer = await server.post('/admin/api/users', { personId: 987654, userName: 'ghost', password: 'long enough' }, as(admin));
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Person not found');
  });

  it('answers 409 when the person already has a user, or the name is taken ignoring case', async () => {
    const existing = await newUser(server);
    const again = await server.post('/admin/api/users', { personId: existing.personId, userName: 'other-name', password: 'long enough' }, as(admin));
    assert.equal(again.status, 409);
    assert.equal(again.body.message, 'This person already has a user');
    const person = await newPerson(server);
    const taken = await server.post('/admin/api/users', { personId: person.id, userName: existing.userName.toUpperCase(), password: 'long enough' }, as(admin));
    assert.equal(taken.status, 409);
    assert.equal(taken.body.message, 'That user name is already taken');
    assert.equal(await countRows(server, 'users', { id: person.id }), 0, 'nothing written');
  });

  it('is refused to a non-administrator with 403', async () => {
    const staff = await newUser(server, { roles: ['editRecords', 'manageMinistries'] });
    const person = await newPerson(server);
    const answer = await server.post('/admin/api/users', { personId: person.id, userName: 'n', password: 'long enough' }, { key: staff.apiKey });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'User must be an Admin');
  });
});

describe('POST /admin/api/users/{userId}', () => {
  it('changes only the flags sent', async () => {
    const user = await newUser(server, { roles: ['editRecords'] });
    const answer = await server.post(`/admin/api/users/${user.userId}`, { roles: { finance: true } }, as(admin));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user.roles.finance, true);
    assert.equal(answer.body.user.roles.editRecords, true);
    const cleared = await server.post(`/admin/api/users/${user.userId}`, { roles: { editRecords: false } }, as(admin));
    assert.equal(cleared.body.user.roles.editRecords, false);
    assert.equal(cleared.body.user.roles.finance, true);
  });

  it('changes the user name and the password', async () => {
    const user = await newUser(server, { password: 'first password' });
    const answer = await server.post(`/admin/api/users/${user.userId}`, { userName: `renamed${user.userId}`, password: 'second password' }, as(admin));
    assert.equal(answer.body.user.userName, `renamed${user.userId}`);
    assert.equal((await server.post('/api/public/user/login', { userName: `renamed${user.userId}`, password: 'first password' })).status, 401);
    assert.equal((await server.post('/api/public/user/login', { userName: `renamed${user.userId}`, password: 'second password' })).status, 200);
  });

  it('answers 404 for an unknown user and 409 for a taken name', async () => {
    assert.equal((await server.post('/admin/api/users/888888', { roles: { finance: true } }, as(admin))).status, 404);
    const one = await newUser(server);
    const two = await newUser(server);
    assert.equal((await server.post(`/admin/api/users/${two.userId}`, { userName: one.userName }, as(admin))).status, 409);
  });

  it('answers 404 for a non-numeric user id', async () => {
    assert.equal((await server.post('/admin/api/users/abc', {}, as(admin))).status, 404);
  });
});

describe('API keys of the current user', () => {
  it('lists live keys without the key itself, and mints one shown once', async () => {
    const user = await newUser(server);
    const minted = await server.post('/api/users/current/api-keys', { label: 'tablet' }, { key: user.apiKey });
    assert.equal(minted.status, 201);
    assert.equal(typeof minted.body.apiKey, 'string');
    const list = await server.get('/api/users/current/api-keys', { key: user.apiKey });
    assert.equal(list.status, 200);
    assert.equal(list.body.apiKeys.length, 2);
    const tablet = list.body.apiKeys.find((k: { id: number }) => k.id === minted.body.id);
    assert.deepEqual(Object.keys(tablet).sort(), ['createdDate', 'id', 'label', 'lastUsedDate']);
    assert.equal(tablet.label, 'tablet');
    assert.ok(!JSON.stringify(list.body).includes(minted.body.apiKey));
  });

  it("answers 404 when revoking an unknown key or another user's key", async () => {
    const user = await newUser(server);
    const other = await newUser(server);
    const otherKeys = await server.get('/api/users/current/api-keys', { key: other.apiKey });
    assert.equal((await server.delete('/api/users/current/api-keys/999999', { key: user.apiKey })).status, 404);
    assert.equal((await server.delete(`/api/users/current/api-keys/${otherKeys.body.apiKeys[0].id}`, { key: user.apiKey })).status, 404);
    assert.equal((await server.get('/api/users/current', { key: other.apiKey })).status, 200);
  });

  it('keeps at most 50 live keys, revoking the least recently used', async () => {
    const user = await newUser(server);
    const firstKey = user.apiKey;
    server.clock.advance(60_000);
    const minted: string[] = [];
    for (let i = 0; i < 49; i++) minted.push((await server.post('/api/users/current/api-keys', {}, { key: firstKey })).body.apiKey);
    // The first key is the oldest but used now; the keys minted a while ago were never used.
    server.clock.advance(120_000);
    await server.get('/api/users/current', { key: firstKey });
    const newest = (await server.post('/api/users/current/api-keys', {}, { key: firstKey })).body.apiKey;

    const list = await server.get('/api/users/current/api-keys', { key: firstKey });
    assert.equal(list.body.apiKeys.length, 50);
    assert.equal((await server.get('/api/users/current', { key: minted[0] })).status, 401, 'the least recently used goes');
    assert.equal((await server.get('/api/users/current', { key: minted[1] })).status, 200);
    assert.equal((await server.get('/api/users/current', { key: newest })).status, 200);
  });
});

describe('administrator user routes', () => {
  it('GET /admin/api/user/{id}/permissions answers the summary', async () => {
    const user = await newUser(server, { roles: ['addEvents'] });
    const answer = await server.get(`/admin/api/user/${user.userId}/permissions`, as(admin));
    assert.deepEqual(answer.body, { user: user.userName, userId: user.userId, addEvent: true, csvExport: false });
    assert.equal((await server.get('/admin/api/user/777777/permissions', as(admin))).status, 404);
  });

  it('POST /admin/api/user/{id}/password/reset sets a new password and queues a mail', async () => {
    const user = await newUser(server, { password: 'the old password' });
    const answer = await server.post(`/admin/api/user/${user.userId}/password/reset`, undefined, as(admin));
    assert.deepEqual(answer.body, { success: true });
    assert.equal((await server.post('/api/public/user/login', { userName: user.userName, password: 'the old password' })).status, 401);
    const mails = await storedRows(server, 'notifications', { person_id: user.userId, type: 'password_reset' });
    assert.equal(mails.length, 1);
    const { temporaryPassword } = JSON.parse(mails[0].context ?? '{}');
    assert.equal((await server.post('/api/public/user/login', { userName: user.userName, password: temporaryPassword })).status, 200);
  });

  it('DELETE /admin/api/user/{id}/ deletes the user and keeps the person', async () => {
    const user = await newUser(server);
    const answer = await server.delete(`/admin/api/user/${user.userId}/`, as(admin));
    assert.deepEqual(answer.body, { user: user.userName });
    assert.equal((await server.get(`/api/person/${user.personId}`, as(admin))).status, 200);
    assert.equal((await server.delete(`/admin/api/user/${user.userId}`, as(admin))).status, 404);
  });

  it('refuses to delete the caller itself', async () => {
    const answer = await server.delete(`/admin/api/user/${admin.userId}`, as(admin));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'Can\'t delete yourself');
  });

  it('answers 404 on every admin user route for an unknown user', async () => {
    for (const [method, url] of [
      ['POST', '/admin/api/user/555555/password/reset'],
      ['POST', '/admin/api/user/555555/disableTwoFactor'],
      ['POST', '/admin/api/user/555555/login/reset'],
      ['GET', '/admin/api/user/555555/permissions'],
      ['DELETE', '/admin/api/user/555555'],
    ] as const) {
      assert.equal((await server.request(method, url, as(admin))).status, 404, `${method} ${url}`);
    }
  });
});

describe('API keys die with the right to sign in', () => {
  const works = async (user: TestUser) => (await server.get('/api/users/current', { key: user.apiKey })).status;

  it('refuses (401) the keys of a person marked inactive or deceased, and they cannot mint new keys', async () => {
    const inactive = await newUser(server, { roles: ['editRecords'] });
    const deceased = await newUser(server);
    assert.equal((await server.post(`/api/person/${inactive.personId}`, { inactive: true }, as(admin))).status, 200);
    assert.equal((await server.post(`/api/person/${deceased.personId}`, { deceasedDate: '2026-01-02' }, as(admin))).status, 200);
    assert.equal(await works(inactive), 401);
    assert.equal(await works(deceased), 401);
    assert.equal((await server.post('/api/users/current/api-keys', { label: 'escape' }, { key: inactive.apiKey })).status, 401);
  });

  it('refuses the keys of a locked account until an administrator unlocks it', async () => {
    const user = await newUser(server, { password: 'right password' });
    for (let i = 0; i < 5; i++) await server.post('/api/public/user/login', { userName: user.userName, password: 'wrong password' });
    assert.equal(await works(user), 401);
    assert.equal((await server.post(`/admin/api/user/${user.userId}/login/reset`, {}, as(admin))).status, 200);
    assert.equal(await works(user), 200);
  });

  it('revokes every key of a user whose password an administrator changes or resets', async () => {
    const changed = await newUser(server, { password: 'first password' });
    const reset = await newUser(server, { password: 'first password' });
    assert.equal((await server.post(`/admin/api/users/${changed.userId}`, { password: 'second password' }, as(admin))).status, 200);
    assert.equal((await server.post(`/admin/api/user/${reset.userId}/password/reset`, {}, as(admin))).status, 200);
    assert.equal(await works(changed), 401);
    assert.equal(await works(reset), 401);
  });

  it('keeps the key of a user who changes their own password, and revokes their other keys', async () => {
    const self = await newUser(server, { roles: ['admin'], password: 'first password' });
    const other = (await server.post('/api/users/current/api-keys', { label: 'phone' }, { key: self.apiKey })).body.apiKey;
    assert.equal((await server.post(`/admin/api/users/${self.userId}`, { password: 'second password' }, { key: self.apiKey })).status, 200);
    assert.equal(await works(self), 200);
    assert.equal((await server.get('/api/users/current', { key: other })).status, 401);
  });

  it('revokes every key when the password is set with a mailed reset token', async () => {
    const user = await newUser(server, { password: 'first password' });
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    const [mail] = await storedRows(server, 'notifications', { type: 'password_reset', person_id: user.personId });
    const { resetToken } = JSON.parse(mail.context!);
    assert.equal((await server.post('/api/public/user/password-reset/confirm', { token: resetToken, password: 'second password' })).status, 200);
    assert.equal(await works(user), 401);
  });

  it("lets an administrator list and revoke another user's keys, and answers 404 for an unknown user or key", async () => {
    const user = await newUser(server);
    const listed = await server.get(`/admin/api/user/${user.userId}/api-keys`, as(admin));
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.apiKeys.map((k: { label: string }) => k.label), ['test']);
    assert.ok(!listed.text.includes(user.apiKey));
    const keyId = listed.body.apiKeys[0].id;
    assert.equal((await server.delete(`/admin/api/user/${user.userId}/api-keys/${keyId}`, as(admin))).status, 200);
    assert.equal(await works(user), 401);
    assert.equal((await server.delete(`/admin/api/user/${user.userId}/api-keys/${keyId}`, as(admin))).status, 404);
    assert.equal((await server.get('/admin/api/user/999999/api-keys', as(admin))).status, 404);
    assert.equal((await server.get(`/admin/api/user/${user.userId}/api-keys`, { key: user.apiKey })).status, 401);
  });
});
