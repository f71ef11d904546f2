import assert from 'node:assert/strict';
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { TOTP, Secret } from 'otpauth';
import type { NotificationType } from '../../src/db/schema.js';
import { storedRows, as, newAdmin, newUser, type TestUser, startTestServer, setUp, storePasswordHash, TEST_PASSWORD_COST, useServer, useUser } from '../kit/index.js';

const LOGIN = '/api/public/user/login';
const PASSWORD = 'correct horse battery';
const GENERIC = 'Invalid login or password';

const server = useServer();
const admin = useUser(server, ['admin']);
setUp(async () => {
  // Rate limits are tested on their own below.
  await server.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '0' }, { key: admin.apiKey });
});

const login = (userName: unknown, password: unknown, extra: Record<string, unknown> = {}) =>
  server.post(LOGIN, { userName, password, ...extra });

function assertGenericRefusal(answer: { status: number; body: any }) {
  assert.equal(answer.status, 401);
  assert.deepEqual(answer.body, { success: false, message: GENERIC, error: GENERIC, code: 401 });
}

describe('POST /api/public/user/login (E20)', () => {
  it('answers a working API key for the right password', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const answer = await login(user.userName, PASSWORD);
    assert.equal(answer.status, 200);
    assert.equal(typeof answer.body.apiKey, 'string');
    const current = await server.get('/api/users/current', { key: answer.body.apiKey });
    assert.equal(current.body.user.id, user.userId);
  });

  it('matches the user name ignoring case and accepts the trailing-slash path', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const answer = await server.post(`${LOGIN}/`, { userName: user.userName.toUpperCase(), password: PASSWORD });
    assert.equal(answer.status, 200);
  });

  it('mints a new key on every login and keeps the earlier ones valid', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const first = (await login(user.userName, PASSWORD)).body.apiKey;
    const second = (await login(user.userName, PASSWORD)).body.apiKey;
    assert.notEqual(first, second);
    assert.equal((await server.get('/api/users/current', { key: first })).status, 200);
    assert.equal((await server.get('/api/users/current', { key: second })).status, 200);
  });

  it('stores the key only as its SHA-256 hash', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const { apiKey } = (await login(user.userName, PASSWORD)).body;
    const rows = await storedRows(server, 'api_keys', { user_id: user.userId });
    const everyStoredValue = JSON.stringify(rows);
    assert.ok(!everyStoredValue.includes(apiKey), 'the plain key is nowhere in the table');
    const expectedHash = createHash('sha256').update(apiKey).digest('hex');
    assert.ok(rows.some((row) => row.key_hash === expectedHash));
  });

  it('stores the password only as a scrypt hash', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const [row] = await storedRows(server, 'users', { id: user.userId });
    assert.match(row.password_hash, /^scrypt\$/);
    assert.ok(!row.password_hash.includes(PASSWORD));
  });

  it('refuses an empty user name, an unknown user and a wrong password with the same 401', async () => {
    const user = await newUser(server, { password: PASSWORD });
    assertGenericRefusal(await login('', PASSWORD));
    assertGenericRefusal(await server.post(LOGIN, {}));
    assertGenericRefusal(await login('nobody-by-this-name', PASSWORD));
    assertGenericRefusal(await login(user.userName, 'wrong password'));
  });

  it('refuses a deceased or inactive person even with the right password', async () => {
    const deceased = await newUser(server, { password: PASSWORD, person: { deceased_date: '2025-05-01' } });
    const inactive = await newUser(server, { password: PASSWORD, person: { inactive: true } });
    assertGenericRefusal(await login(deceased.userName, PASSWORD));
    assertGenericRefusal(await login(inactive.userName, PASSWORD));
  });

  it('answers 400 naming the field when a field has the wrong type', async () => {
    const answer = await login(42, PASSWORD);
    assert.equal(answer.status, 400);
    assert.match(answer.body.message, /userName/);
  });
});

describe('failed-login counter and lockout', () => {
  const failedLogins = async (userId: number) =>
    (await storedRows(server, 'users', { id: userId }))[0].failed_logins;
  const mails = (userId: number, type: NotificationType) => storedRows(server, 'notifications', { person_id: userId, type });

  it('counts wrong passwords and resets the counter on success', async () => {
    const user = await newUser(server, { password: PASSWORD });
    await login(user.userName, 'nope-1');
    await login(user.userName, 'nope-2');
    assert.equal(await failedLogins(user.userId), 2);
    assert.equal((await login(user.userName, PASSWORD)).status, 200);
    assert.equal(await failedLogins(user.userId), 0);
  });

  it('locks the account at iMaxFailedLogins, mails "locked" once, and refuses even the right password', async () => {
    const user = await newUser(server, { password: PASSWORD });
    for (let i = 0; i < 5; i++) assertGenericRefusal(await login(user.userName, `wrong-${i}`));
    assertGenericRefusal(await login(user.userName, PASSWORD));
    assertGenericRefusal(await login(user.userName, 'wrong-again'));
    assert.equal((await mails(user.userId, 'account_locked')).length, 1);
  });

  it('follows a changed iMaxFailedLogins', async () => {
    await server.post('/admin/api/system/config/iMaxFailedLogins', { value: '2' }, { key: admin.apiKey });
    try {
      const user = await newUser(server, { password: PASSWORD });
      await login(user.userName, 'wrong-1');
      await login(user.userName, 'wrong-2');
      assertGenericRefusal(await login(user.userName, PASSWORD));
    } finally {
      await server.post('/admin/api/system/config/iMaxFailedLogins', { value: '5' }, { key: admin.apiKey });
    }
  });

  it('is lifted by the administrator unlock route, which mails "unlocked"', async () => {
    const user = await newUser(server, { password: PASSWORD });
    for (let i = 0; i < 5; i++) await login(user.userName, `wrong-${i}`);
    assertGenericRefusal(await login(user.userName, PASSWORD));

    const unlocked = await server.post(`/admin/api/user/${user.userId}/login/reset`, undefined, { key: admin.apiKey });
    assert.equal(unlocked.status, 200);
    assert.deepEqual(unlocked.body, { success: true });
    assert.equal(await failedLogins(user.userId), 0);
    assert.equal((await mails(user.userId, 'account_unlocked')).length, 1);
    assert.equal((await login(user.userName, PASSWORD)).status, 200);
  });

  it('evaluates at most iMaxFailedLogins guesses of a parallel burst, and mails "locked" once', async () => {
    const user = await newUser(server, { password: PASSWORD });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(user.userName, `burst-${i}`)));
    for (const answer of answers) assertGenericRefusal(answer);
    assert.equal(await failedLogins(user.userId), 5);
    assert.equal((await mails(user.userId, 'account_locked')).length, 1);
    assertGenericRefusal(await login(user.userName, PASSWORD));
  });

  it('answers 404 when unlocking an unknown user, and 403 for a non-administrator', async () => {
    assert.equal((await server.post('/admin/api/user/999999/login/reset', undefined, { key: admin.apiKey })).status, 404);
    const staff = await newUser(server, { roles: ['editRecords'] });
    const refused = await server.post(`/admin/api/user/${staff.userId}/login/reset`, undefined, { key: staff.apiKey });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'User must be an Admin');
  });
});

describe('second factor', () => {
  let user: TestUser;
  let secret: Secret;
  let recoveryCodes: string[];
  const currentCode = () => new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
  before(async () => {
    user = await newUser(server, { password: PASSWORD });
    const started = await server.post('/api/users/current/two-factor', { password: PASSWORD }, as(user));
    assert.equal(started.status, 200, JSON.stringify(started.body));
    secret = Secret.fromBase32(started.body.secret);
    const confirmed = await server.post('/api/users/current/two-factor/confirm', { code: currentCode() }, as(user));
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    recoveryCodes = confirmed.body.recoveryCodes;
    // The confirming code's step is spent; the tests sign in with the next one.
    server.clock.advance(30_000);
  });

  it('answers 202 requiresOTP when the password is right and no code is sent', async () => {
    const answer = await login(user.userName, PASSWORD);
    assert.equal(answer.status, 202);
    assert.deepEqual(answer.body, { requiresOTP: true });
  });

  it('answers a key for the right code', async () => {
    const answer = await login(user.userName, PASSWORD, { otp: currentCode() });
    assert.equal(answer.status, 200);
    assert.ok(answer.body.apiKey);
  });

  it('refuses a wrong code with the generic 401 and counts it', async () => {
    assertGenericRefusal(await login(user.userName, PASSWORD, { otp: '000000' === currentCode() ? '111111' : '000000' }));
    const [row] = await storedRows(server, 'users', { id: user.userId });
    assert.equal(row.failed_logins, 1);
  });

  it('accepts a recovery code once', async () => {
    assert.equal((await login(user.userName, PASSWORD, { otp: recoveryCodes[0] })).status, 200);
    assertGenericRefusal(await login(user.userName, PASSWORD, { otp: recoveryCodes[0] }));
  });

  it('refuses a TOTP code that was already used, even inside its window', async () => {
    server.clock.advance(30_000);
    const code = currentCode();
    assert.equal((await login(user.userName, PASSWORD, { otp: code })).status, 200);
    assertGenericRefusal(await login(user.userName, PASSWORD, { otp: code }));
    await server.post(`/admin/api/user/${user.userId}/login/reset`, undefined, { key: admin.apiKey });
  });

  it('lets only one of two parallel logins spend the same recovery code', async () => {
    const answers = await Promise.all([1, 2].map(() => login(user.userName, PASSWORD, { otp: recoveryCodes[1] })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 401]);
    await server.post(`/admin/api/user/${user.userId}/login/reset`, undefined, { key: admin.apiKey });
  });

  it('is turned off by the administrator', async () => {
    const answer = await server.post(`/admin/api/user/${user.userId}/disableTwoFactor`, undefined, { key: admin.apiKey });
    assert.equal(answer.status, 200);
    await server.post(`/admin/api/user/${user.userId}/login/reset`, undefined, { key: admin.apiKey });
    assert.equal((await login(user.userName, PASSWORD)).status, 200);
  });
});

describe('password hashes', () => {
  it('replaces a hash made with weaker scrypt parameters at the next successful sign-in', async () => {
    const user = await newUser(server);
    const salt = randomBytes(16);
    const weaker = { N: TEST_PASSWORD_COST.N / 2, r: 8, p: 1 };
    const weak = ['scrypt', weaker.N, 8, 1, salt.toString('base64'), scryptSync(PASSWORD, salt, 32, weaker).toString('base64')].join('$');
    await storePasswordHash(server, user.userId, weak);
    assert.equal((await login(user.userName, PASSWORD)).status, 200);
    const [stored] = await storedRows(server, 'users', { id: user.userId });
    assert.ok(stored.password_hash.startsWith(`scrypt$${TEST_PASSWORD_COST.N}$8$1$`), stored.password_hash);
    assert.equal((await login(user.userName, PASSWORD)).status, 200);
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After and the canonical body past iLoginRateLimitPerMinute', async () => {
    const limited = await startTestServer();
    try {
      const limitedAdmin = await newAdmin(limited);
      await limited.post('/admin/api/system/config/iLoginRateLimitPerMinute', { value: '3' }, { key: limitedAdmin.apiKey });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.post(LOGIN, { userName: 'x', password: 'y' })).status);
      assert.deepEqual(statuses, [401, 401, 401, 429]);
      const refused = await limited.post(LOGIN, { userName: 'x', password: 'y' });
      assert.equal(refused.status, 429);
      assert.equal(refused.body.message, 'Too many requests. Try again in 60 seconds.');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal(refused.body.success, false);
      assert.equal(refused.body.code, 429);
      assert.equal(refused.body.error, refused.body.message);
    } finally {
      await limited.close();
    }
  });
});
