import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { atTime, storedRows, countRows, expectError, newAdmin, newUser, startTestServer, as, setUp, useServer, useUser } from '../kit/index.js';

const LINK_ENDED = 'This reset link is invalid or has expired';

const server = useServer();
const admin = useUser(server, ['admin']);
const clerk = useUser(server, ['editRecords']);
const setting = (name: string, value: string) => server.post(`/admin/api/system/config/${name}`, { value }, as(admin));
const count = (table: 'persons' | 'families') => countRows(server, table);

const family = {
  Name: 'Jordan', Address1: '1 Main St', City: 'Springfield', State: 'IL', Country: 'US', Zip: '62701', HomePhone: '555-0100', Email: 'jordans@example.org',
  people: [
    { firstName: 'Ann', lastName: 'Jordan', gender: 2, role: 1, email: 'ann@example.org', birthday: '04/12/1980', hideAge: false },
    { firstName: 'Ben', lastName: 'Jordan', gender: 1, role: 3, email: '', birthday: '' },
  ],
};

setUp(async () => {
  await setting('iPublicFormRateLimitPerMinute', '0');
});

describe('self-registration', () => {
  it('is refused with 403 while bEnableSelfRegistration is off, writing nothing', async () => {
    const before = await count('families');
    const answer = await server.post('/api/public/register/family', family);
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'bEnableSelfRegistration is disabled');
    assert.equal(await count('families'), before);
  });

  it('registers a family with its people, marked self-registered and awaiting review', async () => {
    await setting('bEnableSelfRegistration', '1');
    const answer = await server.post('/api/public/register/family/', family);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.Name, 'Jordan');
    assert.equal(answer.body.NeedsReview, true);
    assert.equal(answer.body.EnteredBy, -1);
    assert.equal(answer.body.MemberIds.length, 2);
    const ann = await server.get(`/api/person/${answer.body.MemberIds[0]}`, as(clerk));
    assert.equal(ann.body.FirstName, 'Ann');
    assert.equal(ann.body.BirthMonth, 4);
    assert.equal(ann.body.NeedsReview, true);
  });

  it('answers 400 Validation Error with every failure, writing nothing', async () => {
    const before = [await count('families'), await count('persons')];
    const answer = await server.post('/api/public/register/family', { ...family, Name: '', people: [{ firstName: '', lastName: 'X', birthday: '13/45/2000', gender: 7 }] });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, 'Validation Error');
    assert.equal(answer.body.message, 'Validation Error');
    assert.equal(answer.body.code, 400);
    assert.ok(answer.body.failures.length >= 4, JSON.stringify(answer.body.failures));
    assert.deepEqual([await count('families'), await count('persons')], before);
  });

  it('registers one person', async () => {
    const answer = await server.post('/api/public/register/person', { firstName: 'Cara', lastName: 'Lee', email: 'cara@example.org', gender: 2 });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.NeedsReview, true);
    assert.ok(answer.body.Id);
    assert.equal((await server.post('/api/public/register/person', { firstName: 'NoLast' })).status, 400);
  });
});

describe('review of self-registrations', () => {
  it('lists, counts and approves; a family counts once with its members; a second approval counts 0', async () => {
    const registered = (await server.post('/api/public/register/family', { ...family, Name: 'Ortiz' })).body;
    const single = (await server.post('/api/public/register/person', { firstName: 'Dee', lastName: 'Ray' })).body;
    const countBefore = (await server.get('/api/persons/self-register/count', as(clerk))).body.count;
    assert.ok(countBefore >= 3);
    const families = (await server.get('/api/families/self-register', as(clerk))).body.families;
    const ortiz = families.find((f: { Id: number }) => f.Id === registered.Id);
    assert.deepEqual(ortiz.Members, ['Ann', 'Ben']);
    assert.deepEqual(ortiz.MemberEmails, ['ann@example.org']);
    const approved = await server.post('/api/persons/self-register/approve', { families: [registered.Id], persons: [single.Id, admin.personId] }, as(clerk));
    assert.deepEqual(approved.body, { success: true, approved: 2 });
    assert.equal((await server.get('/api/persons/self-register/count', as(clerk))).body.count, countBefore - 3);
    assert.deepEqual((await server.post('/api/persons/self-register/approve', { families: [registered.Id], persons: [single.Id] }, as(clerk))).body, { success: true, approved: 0 });
    assert.deepEqual((await server.post('/api/persons/self-register/approve', {}, as(clerk))).body, { success: true, approved: 0 });
  });

  it('approves one person by id and needs EditRecords', async () => {
    const single = (await server.post('/api/public/register/person', { firstName: 'Eve', lastName: 'Ng' })).body;
    const volunteer = await newUser(server, { roles: ['finance'] });
    assert.equal((await server.post(`/api/person/${single.Id}/approve-review`, undefined, as(volunteer))).status, 403);
    assert.deepEqual((await server.post(`/api/person/${single.Id}/approve-review`, undefined, as(clerk))).body, { success: true });
    assert.equal((await server.get(`/api/person/${single.Id}`, as(clerk))).body.NeedsReview, false);
    assert.equal((await server.get('/api/persons/self-register', as(volunteer))).status, 403);
  });
});

describe('POST /api/public/user/password-reset', () => {
  it('answers 400 for an empty name and 200 for anyone else, queueing a mail only for a real account with an address', async () => {
    assert.equal((await server.post('/api/public/user/password-reset', { userName: '' })).status, 400);
    assert.deepEqual((await server.post('/api/public/user/password-reset', { userName: 'nobody-here' })).body, { success: true });
    const user = await newUser(server, { password: 'first password' });
    const noMail = await newUser(server, { password: 'first password', person: { email: null } });
    assert.deepEqual((await server.post('/api/public/user/password-reset', { userName: user.userName.toUpperCase() })).body, { success: true });
    assert.deepEqual((await server.post('/api/public/user/password-reset', { userName: noMail.userName })).body, { success: true });
    const mails = await storedRows(server, 'notifications', { type: 'password_reset', person_id: [user.personId, noMail.personId] });
    assert.deepEqual(mails.map((m) => m.person_id), [user.personId]);
  });

  it('lets the token from the mail set a new password once', async () => {
    const user = await newUser(server, { password: 'first password' });
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    const [mail] = await storedRows(server, 'notifications', { type: 'password_reset', person_id: user.personId });
    const { resetToken } = JSON.parse(mail.context ?? '{}');
    const stored = await storedRows(server, 'password_reset_tokens', { user_id: user.userId });
    assert.ok(!JSON.stringify(stored).includes(resetToken), 'only the hash is stored');
    expectError(await server.post('/api/public/user/password-reset/confirm', { token: resetToken, password: 'short' }), 400, 'The password must be at least 8 characters long');
    assert.equal((await server.post('/api/public/user/password-reset/confirm', { token: resetToken, password: 'second password' })).status, 200);
    assert.equal((await server.post('/api/public/user/login', { userName: user.userName, password: 'second password' })).status, 200);
    expectError(await server.post('/api/public/user/password-reset/confirm', { token: resetToken, password: 'third password' }), 400, LINK_ENDED);
  });

  it('takes the token from the mail for 24 hours: at 23:59 it sets the password, at 24:01 it answers 400 and the old password still signs in', async () => {
    const tokenOf = async (user: { userName: string; personId: number }) => {
      await server.post('/api/public/user/password-reset', { userName: user.userName });
      const [mail] = await storedRows(server, 'notifications', { type: 'password_reset', person_id: user.personId });
      return JSON.parse(mail.context ?? '{}').resetToken as string;
    };
    const signIn = (user: { userName: string }, password: string) => server.post('/api/public/user/login', { userName: user.userName, password });
    const [early, late] = [await newUser(server, { password: 'first password' }), await newUser(server, { password: 'first password' })];
    const issuedAt = server.clock.now().getTime();
    const [earlyToken, lateToken] = [await tokenOf(early), await tokenOf(late)];
    const after = (minutes: number) => new Date(issuedAt + minutes * 60_000).toISOString();

    const inTime = await atTime(server, after(23 * 60 + 59), () => server.post('/api/public/user/password-reset/confirm', { token: earlyToken, password: 'second password' }));
    assert.equal(inTime.status, 200, inTime.text);
    assert.equal((await signIn(early, 'second password')).status, 200);

    const tooLate = await atTime(server, after(24 * 60 + 1), () => server.post('/api/public/user/password-reset/confirm', { token: lateToken, password: 'second password' }));
    expectError(tooLate, 400, 'This reset link is invalid or has expired');
    assert.equal((await signIn(late, 'second password')).status, 401);
    assert.equal((await signIn(late, 'first password')).status, 200);
  });
});

describe('POST /api/public/user/password-reset, against abuse', () => {
  const resetMails = (personId: number) =>
    storedRows(server, 'notifications', { type: 'password_reset', person_id: personId });

  it('queues one mail per cooldown, and a later link ends the earlier one', async () => {
    const user = await newUser(server, { password: 'first password' });
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    assert.equal((await resetMails(user.personId)).length, 1);
    server.clock.advance(6 * 60_000);
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    const [first, second] = (await resetMails(user.personId)).map((row) => JSON.parse(row.context!).resetToken as string);
    assert.ok(second);
    expectError(await server.post('/api/public/user/password-reset/confirm', { token: first, password: 'second password' }), 400, LINK_ENDED);
    assert.equal((await server.post('/api/public/user/password-reset/confirm', { token: second, password: 'second password' })).status, 200);
  });

  it('answers a known and an unknown name alike, each held to the same floor of 250 ms', async () => {
    const user = await newUser(server);
    const answers = [];
    for (const userName of [user.userName, 'nobody-by-this-name']) {
      server.clock.sleeps.length = 0;
      const answer = await server.post('/api/public/user/password-reset', { userName });
      // The test clock stands still, so the whole floor is left to wait on either path.
      assert.deepEqual(server.clock.sleeps, [250], userName);
      answers.push({ status: answer.status, body: answer.body, type: answer.headers['content-type'], length: answer.headers['content-length'] });
    }
    assert.deepEqual(answers[0], { status: 200, body: { success: true }, type: 'application/json; charset=utf-8', length: '16' });
    assert.deepEqual(answers[1], answers[0], 'nothing in the answer tells the names apart');
    assert.equal((await storedRows(server, 'notifications', { type: 'password_reset', person_id: user.personId })).length, 1, 'the known name was mailed');
  });

  it('refuses an empty name in the contract\'s words', async () => {
    expectError(await server.post('/api/public/user/password-reset', { userName: '' }), 400, 'Login Name is required');
  });
});

describe('public form rate limit', () => {
  it('answers 429 with Retry-After past iPublicFormRateLimitPerMinute on each public form', async () => {
    const limited = await startTestServer();
    try {
      const limitedAdmin = await newAdmin(limited);
      await limited.post('/admin/api/system/config/iPublicFormRateLimitPerMinute', { value: '2' }, { key: limitedAdmin.apiKey });
      const resets = [];
      for (let i = 0; i < 3; i++) resets.push(await limited.post('/api/public/user/password-reset', { userName: 'someone' }));
      const registrations = [];
      for (let i = 0; i < 3; i++) registrations.push(await limited.post('/api/public/register/person', { firstName: 'A', lastName: 'B' }));
      assert.deepEqual(resets.map((r) => r.status), [200, 200, 429]);
      assert.deepEqual(registrations.map((r) => r.status), [403, 403, 429]);
      const third = resets[2];
      assert.ok(Number(third.headers['retry-after']) > 0);
      assert.equal(third.body.success, false);
      assert.equal(third.body.code, 429);
    } finally {
      await limited.close();
    }
  });
});
