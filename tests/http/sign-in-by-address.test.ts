import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countStatements } from '../../src/db/statement-count.js';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import { as, expectError, newAdmin, newUser, setUp, startTestServer, storedRows, type TestServer, useMailSink, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const inbox = useMailSink(server, admin);
setUp(async () => {
  // Rate limits are tested with sign-in and the reset form themselves.
  for (const name of ['iLoginRateLimitPerMinute', 'iPublicFormRateLimitPerMinute']) {
    await server.post(`/admin/api/system/config/${name}`, { value: '0' }, as(admin));
  }
});

const PASSWORD = 'volunteer-password';
const OTHER_PASSWORD = 'another-password';
const CSRF = { 'x-vms-csrf': '1' };
const GENERIC = 'Invalid login or password';
let households = 0;
const sharedAddress = () => `household${++households}@Example.org`;

const signIn = (userName: string, password = PASSWORD) => server.post('/api/public/user/session', { userName, password }, { headers: CSRF });

/** The user a web sign-in answer signed in, read with its cookie. */
async function signedInAs(answer: { status: number; headers: Record<string, unknown>; text: string }): Promise<string> {
  assert.equal(answer.status, 200, answer.text);
  const cookie = ([] as string[]).concat(answer.headers['set-cookie'] as string[]).find((line) => line.startsWith('vms_session='))!.split(';')[0];
  return (await server.get('/api/users/current', { headers: { cookie, ...CSRF } })).body.user.userName;
}

const failedLogins = async (userId: number) => (await storedRows(server, 'users', { id: userId }))[0].failed_logins;

describe('POST /api/public/user/session by e-mail address (issue 33)', () => {
  it('signs in with the address of the person, ignoring case, as with the user name; E20 keeps taking a user name only', async () => {
    const user = await newUser(server, { password: PASSWORD, person: { email: 'Ruth.Moab@example.org' } });
    assert.equal(await signedInAs(await signIn('  ruth.moab@EXAMPLE.org ')), user.userName);
    assert.equal(await signedInAs(await signIn(user.userName.toUpperCase())), user.userName);
    expectError(await server.post('/api/public/user/login', { userName: 'ruth.moab@example.org', password: PASSWORD }), 401, GENERIC);
  });

  it('refuses a wrong password for an address with the generic 401, and counts it', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const [row] = await storedRows(server, 'persons', { id: user.personId });
    expectError(await signIn(row.email!, 'wrong password'), 401, GENERIC);
    assert.equal(await failedLogins(user.userId), 1);
  });

  it('signs in, of two accounts sharing an address, the one whose password it is, without counting against the other', async () => {
    const address = sharedAddress();
    const parent = await newUser(server, { password: PASSWORD, person: { email: address } });
    const child = await newUser(server, { password: OTHER_PASSWORD, person: { email: address } });
    assert.equal(await signedInAs(await signIn(address, PASSWORD)), parent.userName);
    assert.equal(await signedInAs(await signIn(address.toLowerCase(), OTHER_PASSWORD)), child.userName);
    assert.deepEqual([await failedLogins(parent.userId), await failedLogins(child.userId)], [0, 0]);
  });

  it('counts a password right for neither of two accounts sharing an address against both', async () => {
    const address = sharedAddress();
    const parent = await newUser(server, { password: PASSWORD, person: { email: address } });
    const child = await newUser(server, { password: OTHER_PASSWORD, person: { email: address } });
    expectError(await signIn(address, 'wrong password'), 401, GENERIC);
    assert.deepEqual([await failedLogins(parent.userId), await failedLogins(child.userId)], [1, 1]);
  });

  it('answers 409 when the password is right for more than one account sharing the address, and the user name still signs in', async () => {
    const address = sharedAddress();
    const first = await newUser(server, { password: PASSWORD, person: { email: address } });
    await newUser(server, { password: PASSWORD, person: { email: address } });
    expectError(await signIn(address), 409, 'This e-mail address belongs to more than one account with this password: sign in with your user name');
    assert.equal(await signedInAs(await signIn(first.userName)), first.userName);
    assert.equal(await failedLogins(first.userId), 0);
  });

  it('passes over an account that may not sign in or is locked, and signs in the other one sharing the address', async () => {
    const address = sharedAddress();
    await newUser(server, { password: PASSWORD, person: { email: address, inactive: true } });
    const locked = await newUser(server, { password: OTHER_PASSWORD, person: { email: address } });
    const active = await newUser(server, { password: PASSWORD, person: { email: address } });
    for (let attempt = 0; attempt < 5; attempt++) await server.post('/api/public/user/login', { userName: locked.userName, password: 'wrong password' });
    expectError(await signIn(address, OTHER_PASSWORD), 401, GENERIC);
    assert.equal(await signedInAs(await signIn(address)), active.userName);
  });
});

describe('POST /api/public/user/password-reset by e-mail address (issue 33)', () => {
  const resetMails = (to: string) => inbox.filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && mail.subject.includes('Reset your password'));

  it('mails each account sharing the address its own link, naming its user name, and answers as for anyone', async () => {
    const address = sharedAddress();
    const parent = await newUser(server, { password: PASSWORD, person: { email: address } });
    const child = await newUser(server, { password: OTHER_PASSWORD, person: { email: address } });
    assert.deepEqual((await server.post('/api/public/user/password-reset', { userName: address.toUpperCase() })).body, { success: true });
    await drainOutbox(server.app.services);
    const mails = resetMails(address);
    assert.equal(mails.length, 2);
    for (const user of [parent, child]) {
      assert.equal(mails.filter((mail) => mail.text.includes(`This is for the account with the user name ${user.userName}.`)).length, 1, user.userName);
    }
    const token = (user: typeof parent) => mails.find((mail) => mail.text.includes(user.userName))!.text.match(/password page within a day: (\S+)/)![1];
    assert.equal((await server.post('/api/public/user/password-reset/confirm', { token: token(child), password: 'child new password' })).status, 200);
    assert.equal(await signedInAs(await signIn(address, 'child new password')), child.userName);
    assert.equal(await signedInAs(await signIn(address, PASSWORD)), parent.userName);
  });

  it('keeps the cooldown per account whether asked by address or by user name', async () => {
    const address = sharedAddress();
    const user = await newUser(server, { password: PASSWORD, person: { email: address } });
    await server.post('/api/public/user/password-reset', { userName: address });
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    assert.equal((await storedRows(server, 'notifications', { type: 'password_reset', person_id: user.personId })).length, 1);
    server.clock.advance(6 * 60_000);
    await server.post('/api/public/user/password-reset', { userName: address });
    assert.equal((await storedRows(server, 'notifications', { type: 'password_reset', person_id: user.personId })).length, 2);
  });

  it('holds a known address, which is mailed, and an unknown one to the same 250 ms before answering', async () => {
    const address = sharedAddress();
    const user = await newUser(server, { person: { email: address } });
    for (const userName of [address, 'nobody@example.org']) {
      server.clock.sleeps.length = 0;
      assert.equal((await server.post('/api/public/user/password-reset', { userName })).status, 200);
      // The test clock stands still, so the whole floor is left to wait: the answer waits 250 ms on either path.
      assert.deepEqual(server.clock.sleeps, [250], userName);
    }
    assert.equal((await storedRows(server, 'notifications', { type: 'password_reset', person_id: user.personId })).length, 1, 'the known address was mailed');
  });
});

describe('the first administrator\'s initial password (issue 33)', () => {
  const WARNING = '199 - "Change the default administrator password"';

  /** A service on an empty database, started as `npm start` starts one: its first administrator and a key of theirs. */
  async function firstStart(run: (fresh: TestServer, key: string) => Promise<void>) {
    const fresh = await startTestServer();
    try {
      assert.equal(await fresh.app.services.users.ensureFirstAdministrator('changeme'), true);
      const login = await fresh.post('/api/public/user/login', { userName: 'admin', password: 'changeme' });
      assert.equal(login.status, 200, login.text);
      await run(fresh, login.body.apiKey);
    } finally {
      await fresh.close();
    }
  }

  it('warns in every answer to the first administrator until the password is changed, at no extra statement', async () => {
    await firstStart(async (fresh, key) => {
      const other = await newAdmin(fresh);
      const warned = await countStatements(() => fresh.get('/api/users/current', { key }));
      const plain = await countStatements(() => fresh.get('/api/users/current', { key: other.apiKey }));
      assert.equal(warned.result.headers.warning, WARNING);
      assert.equal(plain.result.headers.warning, undefined, 'another administrator is not warned');
      assert.equal(warned.statements, plain.statements);
      assert.equal((await fresh.get('/api/users/current/api-keys', { key })).headers.warning, WARNING);
      expectError(await fresh.post('/api/users/current/password', { currentPassword: 'changeme', newPassword: 'short' }, { key }), 400, 'The password must be at least 8 characters long');
      assert.equal((await fresh.get('/api/users/current', { key })).headers.warning, WARNING, 'a refused change keeps the warning');
      assert.equal((await fresh.post('/api/users/current/password', { currentPassword: 'changeme', newPassword: 'a church secret' }, { key })).status, 200);
      assert.equal((await fresh.get('/api/users/current', { key })).headers.warning, undefined);
    });
  });

  it('ends the warning when another administrator sets the password', async () => {
    await firstStart(async (fresh, key) => {
      const other = await newAdmin(fresh);
      const adminId = (await fresh.get('/api/users/current', { key })).body.user.id;
      assert.equal((await fresh.post(`/admin/api/users/${adminId}`, { password: 'a church secret' }, as(other))).status, 200);
      const login = await fresh.post('/api/public/user/login', { userName: 'admin', password: 'a church secret' });
      assert.equal((await fresh.get('/api/users/current', { key: login.body.apiKey })).headers.warning, undefined);
    });
  });
});
