import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { as, expectError, newUser, setUp, useServer, type TestUser } from '../kit/index.js';

const server = useServer();
const PASSWORD = 'correct horse battery';
const TWO_FACTOR = '/api/users/current/two-factor';
const user = {} as TestUser;
setUp(async () => Object.assign(user, await newUser(server, { password: PASSWORD })));

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
const login = (extra: Record<string, string> = {}) => server.post('/api/public/user/login', { userName: user.userName, password: PASSWORD, ...extra });
const isOn = async () => (await server.get(TWO_FACTOR, as(user))).body.enabled;

describe('two-factor enrolment of the signed-in user', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('starts with a secret, its otpauth link and QR code, and leaves sign-in as it was until confirmed', async () => {
    const answer = await server.post(TWO_FACTOR, undefined, as(user));
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
    const answer = await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(secret) }, as(user));
    assert.equal(answer.status, 200, answer.text);
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
    expectError(await server.post(TWO_FACTOR, undefined, as(user)), 409, 'Two-factor sign-in is already on: turn it off first to set it up again');
  });

  it('turns off only with the right password', async () => {
    expectError(await server.delete(TWO_FACTOR, { ...as(user), body: { password: 'not the password' } }), 400, 'The password is not right');
    assert.equal(await isOn(), true);
    const answer = await server.delete(TWO_FACTOR, { ...as(user), body: { password: PASSWORD } });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(await isOn(), false);
    const signedIn = await login();
    assert.equal(signedIn.status, 200);
    assert.ok(signedIn.body.apiKey);
  });

  it('is for signed-in users only', async () => {
    expectError(await server.post(TWO_FACTOR, undefined), 401, 'Invalid API key');
    expectError(await server.post(`${TWO_FACTOR}/confirm`, { code: '123456' }), 401, 'Invalid API key');
  });
});

describe('a second enrolment started meanwhile', () => {
  it('replaces the first secret: a code of the first no longer confirms', async () => {
    const other = await newUser(server, { password: PASSWORD });
    const first = (await server.post(TWO_FACTOR, undefined, as(other))).body.secret;
    const second = (await server.post(TWO_FACTOR, undefined, as(other))).body.secret;
    assert.notEqual(first, second);
    // Two secrets show the same code at a moment once in a million; then the first's code proves nothing.
    if (codeFor(first) !== codeFor(second)) {
      expectError(await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(first) }, as(other)), 400, 'The code is not right: enter the code your app shows now');
    }
    assert.equal((await server.post(`${TWO_FACTOR}/confirm`, { code: codeFor(second) }, as(other))).status, 200);
  });
});
