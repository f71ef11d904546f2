import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { as, countRows, expectError, newAdmin, newUser, setUp, type TestUser, startTestServer, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
setUp(async () => {
  // Rate limits are tested on their own below, on a server of their own.
  await server.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '0' }, as(admin));
});
const PASSWORD = 'volunteer-password';
const CSRF = { 'x-vms-csrf': '1' };
const DAY_MS = 24 * 60 * 60_000;

/** The session cookie the answer set: its value and its attributes. */
function sessionCookie(headers: Record<string, unknown>): { value: string; attributes: string[] } {
  const setCookie = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  const line = setCookie.find((cookie) => cookie.startsWith('vms_session='));
  assert.ok(line, `no session cookie in ${JSON.stringify(setCookie)}`);
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return { value: decodeURIComponent(pair.slice('vms_session='.length)), attributes: attributes.map((a) => a.toLowerCase()) };
}

async function signIn(user: TestUser, password = PASSWORD) {
  const answer = await server.post('/api/public/user/session', { userName: user.userName, password }, { headers: CSRF });
  assert.equal(answer.status, 200, answer.text);
  return sessionCookie(answer.headers).value;
}

const withCookie = (key: string, extra: Record<string, string> = CSRF) => ({ headers: { cookie: `vms_session=${encodeURIComponent(key)}`, ...extra } });

describe('POST /api/public/user/session (ours): the web app signs in with an HttpOnly cookie', () => {
  it('sets the key as an HttpOnly, SameSite=Strict cookie for the whole site and never answers it', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const answer = await server.post('/api/public/user/session', { userName: user.userName, password: PASSWORD }, { headers: CSRF });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { signedIn: true });
    const cookie = sessionCookie(answer.headers);
    assert.ok(cookie.attributes.includes('httponly'));
    assert.ok(cookie.attributes.includes('samesite=strict'));
    assert.ok(cookie.attributes.includes('path=/'));
    assert.ok(cookie.attributes.includes(`max-age=${90 * 24 * 60 * 60}`), 'the browser keeps it as long as iSessionMaxDays');
    assert.ok(!cookie.attributes.includes('secure'), 'plain HTTP on the loopback cannot keep a Secure cookie');
    assert.ok(!answer.text.includes(cookie.value), 'the key is not in the body');
    assert.equal(answer.headers['cache-control'], 'no-store');
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    try {
      const user = await newUser(proxied, { password: PASSWORD });
      const answer = await proxied.post('/api/public/user/session', { userName: user.userName, password: PASSWORD }, { headers: { ...CSRF, 'x-forwarded-proto': 'https' } });
      assert.equal(answer.status, 200);
      assert.ok(sessionCookie(answer.headers).attributes.includes('secure'));
    } finally {
      await proxied.close();
    }
  });

  it('refuses a sign-in without the CSRF header (403) and a wrong password with E20\'s 401', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const forged = await server.post('/api/public/user/session', { userName: user.userName, password: PASSWORD });
    assert.equal(forged.status, 403);
    assert.equal(forged.body.message, 'Sign in from the web app');
    assert.equal(forged.headers['set-cookie'], undefined);
    const wrong = await server.post('/api/public/user/session', { userName: user.userName, password: 'not-the-password' }, { headers: CSRF });
    expectError(wrong, 401, 'Invalid login or password');
    assert.equal(wrong.headers['set-cookie'], undefined);
  });
});

describe('the session cookie as a key', () => {
  it('is accepted only together with the CSRF header; x-api-key keeps working alone', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const key = await signIn(user);
    const withGuard = await server.get('/api/users/current', withCookie(key));
    assert.equal(withGuard.status, 200);
    assert.equal(withGuard.body.user.userName, user.userName);
    assert.equal((await server.get('/api/users/current', withCookie(key, {}))).status, 401, 'a cookie alone, as a cross-site request would send it');
    assert.equal((await server.post('/api/me/signup', { occurrenceId: 1, positionId: 1 }, withCookie(key, {}))).status, 401);
    assert.equal((await server.get('/api/users/current', { key: user.apiKey })).status, 200);
  });

  it('stops working after DELETE /api/users/current/session, which also clears the cookie', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const key = await signIn(user);
    const out = await server.delete('/api/users/current/session', withCookie(key));
    assert.equal(out.status, 200);
    assert.deepEqual(out.body, { success: true });
    const cleared = sessionCookie(out.headers);
    assert.equal(cleared.value, '');
    assert.ok(cleared.attributes.some((a) => a.startsWith('expires=thu, 01 jan 1970')));
    assert.equal((await server.get('/api/users/current', withCookie(key))).status, 401);
    assert.equal((await server.get('/api/users/current', { key })).status, 401, 'not as a header either');
    assert.equal((await server.get('/api/users/current', { key: user.apiKey })).status, 200, 'other keys stay');
    assert.equal((await server.delete('/api/users/current/session')).status, 401);
  });
});

describe('the lifetimes of a web sign-in (iSessionIdleDays, iSessionMaxDays)', () => {
  it('ends a sign-in left unused for 14 days with 401 as an unknown key, and leaves E20 keys working', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const key = await signIn(user);
    const e20 = (await server.post('/api/public/user/login', { userName: user.userName, password: PASSWORD })).body.apiKey;
    assert.equal((await server.get('/api/users/current', withCookie(key))).status, 200);
    // Each use keeps it going: 26 days after sign-in, used on day 13.
    server.clock.advance(13 * DAY_MS);
    assert.equal((await server.get('/api/users/current', withCookie(key))).status, 200);
    server.clock.advance(13 * DAY_MS);
    assert.equal((await server.get('/api/users/current', withCookie(key))).status, 200);
    server.clock.advance(14 * DAY_MS);
    expectError(await server.get('/api/users/current', withCookie(key)), 401, 'Invalid API key');
    expectError(await server.get('/api/users/current', { key }), 401, 'Invalid API key');
    assert.equal((await server.get('/api/users/current', { key: e20 })).status, 200, 'an E20 key has no lifetime');
    assert.equal((await server.get('/api/users/current', { key: user.apiKey })).status, 200);
    const listed = (await server.get('/api/users/current/api-keys', { key: e20 })).body.apiKeys;
    assert.equal(listed.length, 2, 'the ended sign-in is no longer listed among the live keys');
  });

  it('ends a sign-in 90 days after it began, however often it is used', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const key = await signIn(user);
    for (let day = 10; day < 90; day += 10) {
      server.clock.advance(10 * DAY_MS);
      assert.equal((await server.get('/api/users/current', withCookie(key))).status, 200, `day ${day}`);
    }
    server.clock.advance(10 * DAY_MS);
    expectError(await server.get('/api/users/current', withCookie(key)), 401, 'Invalid API key');
  });

  it('follows changed settings, for sign-ins already made too', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const key = await signIn(user);
    assert.equal((await server.get('/api/users/current', withCookie(key))).status, 200);
    const changed = await server.post('/admin/api/system/config/iSessionIdleDays', { value: '1' }, as(admin));
    assert.equal(changed.status, 200, changed.text);
    try {
      server.clock.advance(DAY_MS);
      expectError(await server.get('/api/users/current', withCookie(key)), 401, 'Invalid API key');
    } finally {
      await server.post('/admin/api/system/config/iSessionIdleDays', { value: '14' }, as(admin));
    }
    expectError(await server.post('/admin/api/system/config/iSessionMaxDays', { value: '0' }, as(admin)), 400, 'iSessionMaxDays must be a whole number from 1 to 3650');
  });
});

describe('POST /api/users/current/password (ours)', () => {
  it('changes my password when the current one is right, and ends my other sign-ins but this one', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const phone = await signIn(user);
    const laptop = await signIn(user);
    const changed = await server.post('/api/users/current/password', { currentPassword: PASSWORD, newPassword: 'a-new-password' }, withCookie(laptop));
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await server.get('/api/users/current', withCookie(laptop))).status, 200);
    assert.equal((await server.get('/api/users/current', withCookie(phone))).status, 401);
    assert.equal((await server.post('/api/public/user/login', { userName: user.userName, password: PASSWORD })).status, 401);
    assert.equal((await server.post('/api/public/user/login', { userName: user.userName, password: 'a-new-password' })).status, 200);
  });

  it('refuses a wrong current password (400) and a short new one (400), changing nothing', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const wrong = await server.post('/api/users/current/password', { currentPassword: 'guess-guess', newPassword: 'a-new-password' }, { key: user.apiKey });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, 'The current password is not right');
    const short = await server.post('/api/users/current/password', { currentPassword: PASSWORD, newPassword: 'short' }, { key: user.apiKey });
    expectError(short, 400, 'The password must be at least 8 characters long');
    assert.equal((await server.post('/api/public/user/login', { userName: user.userName, password: PASSWORD })).status, 200);
  });

  it('counts a wrong current password toward the lockout: at iMaxFailedLogins the account locks, its keys stop, the owner is mailed', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const key = await signIn(user);
    const guess = (i: number) => server.post('/api/users/current/password', { currentPassword: `guess-${i}-guess`, newPassword: 'a-new-password' }, withCookie(key));
    for (let i = 0; i < 4; i++) expectError(await guess(i), 400, 'The current password is not right');
    assert.equal((await server.get('/api/users/current', withCookie(key))).status, 200, 'four wrong ones do not lock yet');
    expectError(await guess(4), 400, 'The current password is not right');
    expectError(await server.post('/api/users/current/password', { currentPassword: PASSWORD, newPassword: 'a-new-password' }, withCookie(key)), 401, 'Invalid API key');
    expectError(await server.post('/api/public/user/login', { userName: user.userName, password: PASSWORD }), 401, 'Invalid login or password');
    assert.equal(await countRows(server, 'notifications', { person_id: user.userId, type: 'account_locked' }), 1);
  });

  it('answers 429 past iLoginRateLimitPerMinute, as sign-in does', async () => {
    const limited = await startTestServer();
    try {
      const limitedAdmin = await newAdmin(limited);
      await limited.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '3' }, as(limitedAdmin));
      await limited.post('/admin/api/system/config/iMaxFailedLogins', { value: '0' }, as(limitedAdmin));
      const user = await newUser(limited, { password: PASSWORD });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.post('/api/users/current/password', { currentPassword: `guess-${i}-guess`, newPassword: 'a-new-password' }, as(user))).status);
      assert.deepEqual(statuses, [400, 400, 400]);
      expectError(await limited.post('/api/users/current/password', { currentPassword: PASSWORD, newPassword: 'a-new-password' }, as(user)), 429, /^Too many requests\. Try again in \d+ seconds\.$/);
      expectError(await limited.post('/api/public/user/login', { userName: user.userName, password: 'a-new-password' }), 401, 'Invalid login or password');
    } finally {
      await limited.close();
    }
  });

  it('answers 401 without a key', async () => {
    assert.equal((await server.post('/api/users/current/password', { currentPassword: 'x', newPassword: 'y' })).status, 401);
  });
});
