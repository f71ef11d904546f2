import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import { as, countRows, expectError, newUser, setUp, storedRows, useMailSink, useServer, useUser, type TestUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const inbox = useMailSink(server, admin);
const PASSWORD = 'correct horse battery';
const TWO_FACTOR = '/api/users/current/two-factor';
const user = {} as TestUser;
setUp(async () => Object.assign(user, await newUser(server, { password: PASSWORD })));

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
const login = (extra: Record<string, string> = {}) => server.post('/api/public/user/login', { userName: user.userName, password: PASSWORD, ...extra });
const isOn = async () => (await server.get(TWO_FACTOR, as(user))).body.enabled;
const start = (who: TestUser, password = PASSWORD) => server.post(TWO_FACTOR, { password }, as(who));
const addressOf = async (who: TestUser) => (await server.get('/api/users/current', as(who))).body.user.email as string;

/** The subjects of the mails delivered to `who`, without the church's name. */
async function mailedTo(who: TestUser): Promise<string[]> {
  await drainOutbox(server.app.services);
  const address = await addressOf(who);
  return inbox.filter((mail) => mail.to === address).map((mail) => mail.subject.replace(/^\[[^\]]*\] /, ''));
}

describe('two-factor enrolment of the signed-in user', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('refuses to start without my password, or with a wrong one (400), counting it toward the lockout', async () => {
    expectError(await server.post(TWO_FACTOR, undefined, as(user)), 400, 'password is required');
    expectError(await start(user, 'not the password'), 400, 'The password is not right');
    assert.equal((await storedRows(server, 'users', { id: user.userId }))[0].failed_logins, 1);
    assert.equal((await storedRows(server, 'users', { id: user.userId }))[0].two_factor_pending_secret, null, 'no enrolment was started');
  });

  it('starts with a secret, its otpauth link and QR code, and leaves sign-in as it was until confirmed', async () => {
    const answer = await start(user);
    assert.equal(answer.status, 200, answer.text);
    secret = answer.body.secret;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    const link = new URL(answer.body.otpauthUrl);
    assert.equal(link.protocol, 'otpauth:');
    assert.equal(link.searchParams.get('secret'), secret);
    assert.match(decodeURIComponent(link.pathname), new RegExp(`${user.userName}$`));
    assert.match(answer.body.qrSvg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    assert.equal(await isOn(), false);
    assert.equal((await login()).status, 200);
  });

  it('refuses a wrong code with 400 and stays off', async () => {
    const wrong = codeFor(secret) === '000000' ? '111111' : '000000';
    expectError(await server.post(`${TWO_FACTOR}/confirm`, { code: wrong }, as(user)), 400, 'The code is not right: enter the code your app shows now');
    assert.equal(await isOn(), false);
  });

  it('turns on with the current code and answers ten recovery codes once', async () => {
    assert.deepEqual(await mailedTo(user), [], 'starting alone mails nothing');
    const answer = await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(secret) }, as(user));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(await mailedTo(user), ['Two-factor sign-in is on'], 'the owner is told');
    recoveryCodes = answer.body.recoveryCodes;
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    assert.equal(await isOn(), true);
    expectError(await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(secret) }, as(user)), 409, 'Start setting up two-factor sign-in first');
  });

  it('makes sign-in ask for a code, which the confirming code cannot be again', async () => {
    const asked = await login();
    assert.equal(asked.status, 202);
    assert.deepEqual(asked.body, { requiresOTP: true });
    assert.equal((await login({ otp: codeFor(secret) })).status, 401);
    server.clock.advance(30_000);
    assert.equal((await login({ otp: codeFor(secret) })).status, 200);
    assert.equal((await login({ otp: recoveryCodes[0] })).status, 200);
  });

  it('refuses to start again while on', async () => {
    expectError(await start(user), 409, 'Two-factor sign-in is already on: turn it off first to set it up again');
  });

  it('turns off only with the right password, and tells the owner', async () => {
    expectError(await server.delete(TWO_FACTOR, { ...as(user), body: { password: 'not the password' } }), 400, 'The password is not right');
    assert.equal(await isOn(), true);
    const answer = await server.delete(TWO_FACTOR, { ...as(user), body: { password: PASSWORD } });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(await isOn(), false);
    assert.deepEqual(await mailedTo(user), ['Two-factor sign-in is on', 'Two-factor sign-in is off']);
    const address = await addressOf(user);
    assert.match(inbox.filter((mail) => mail.to === address).at(-1)!.text, /Two-factor sign-in was turned off for your account/);
    const signedIn = await login();
    assert.equal(signedIn.status, 200);
    assert.ok(signedIn.body.apiKey);
  });

  it('is for signed-in users only', async () => {
    expectError(await server.post(TWO_FACTOR, { password: PASSWORD }), 401, 'Invalid API key');
    expectError(await server.post(`${TWO_FACTOR}/confirm`, { code: '123456' }), 401, 'Invalid API key');
  });
});

describe('a second enrolment started meanwhile', () => {
  it('replaces the first secret: a code of the first no longer confirms', async () => {
    const other = await newUser(server, { password: PASSWORD });
    const first = (await start(other)).body.secret;
    const second = (await start(other)).body.secret;
    assert.notEqual(first, second);
    // Two secrets show the same code at a moment once in a million; then the first's code proves nothing.
    if (codeFor(first) !== codeFor(second)) {
      expectError(await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(first) }, as(other)), 400, 'The code is not right: enter the code your app shows now');
    }
    assert.equal((await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(second) }, as(other))).status, 200);
  });
});

describe('mail about two-factor sign-in turned on or off', () => {
  it('tells the owner when an administrator turns it off, and says who did', async () => {
    const owner = await newUser(server, { password: PASSWORD });
    const { secret } = (await start(owner)).body;
    assert.equal((await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(secret) }, as(owner))).status, 200);
    const answer = await server.post(`/admin/api/user/${owner.userId}/disableTwoFactor`, undefined, as(admin));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(await mailedTo(owner), ['Two-factor sign-in is on', 'Two-factor sign-in is off']);
    const address = await addressOf(owner);
    assert.match(inbox.filter((mail) => mail.to === address).at(-1)!.text, /An administrator turned off two-factor sign-in for your account/);
    assert.equal((await server.post(`/admin/api/user/${owner.userId}/disableTwoFactor`, undefined, as(admin))).status, 200);
    assert.equal((await mailedTo(owner)).length, 2, 'turning off what is off mails nothing');
  });

  it('mails only an owner who has an e-mail address, and refuses nobody without one', async () => {
    const turnOnAndOff = async (owner: TestUser) => {
      const { secret } = (await start(owner)).body;
      assert.equal((await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(secret) }, as(owner))).status, 200);
      assert.equal((await server.delete(TWO_FACTOR, { ...as(owner), body: { password: PASSWORD } })).status, 200);
    };
    const withAddress = await newUser(server, { password: PASSWORD });
    const withoutAddress = await newUser(server, { password: PASSWORD, person: { email: null } });
    await turnOnAndOff(withAddress);
    await turnOnAndOff(withoutAddress);
    assert.equal(await countRows(server, 'notifications', { person_id: withAddress.userId }), 2);
    assert.equal(await countRows(server, 'notifications', { person_id: withoutAddress.userId }), 0);
  });
});
