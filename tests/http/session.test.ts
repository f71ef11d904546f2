import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newUser, type TestUser, startTestServer, useServer } from '../kit/index.js';

const server = useServer();
const PASSWORD = 'volunteer-password';
const CSRF = { 'x-vms-csrf': '1' };

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
    assert.equal(wrong.status, 401);
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
    assert.equal(short.status, 400);
    assert.equal((await server.post('/api/public/user/login', { userName: user.userName, password: PASSWORD })).status, 200);
  });

  it('answers 401 without a key', async () => {
    assert.equal((await server.post('/api/users/current/password', { currentPassword: 'x', newPassword: 'y' })).status, 401);
  });
});
