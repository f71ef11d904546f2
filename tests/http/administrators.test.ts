import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import { newAdmin, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Each test starts from a church whose only administrators are the ones it creates.
let server: TestServer | undefined;
beforeEach(async () => {
  await server?.close();
  server = await startTestServer();
});
after(() => server?.close());

const s = () => server!;
const as = (user: TestUser) => ({ key: user.apiKey });
const LAST = 'This is the last active administrator: make another user an administrator first';

function assertLastAdministrator(answer: { status: number; body: any }) {
  assert.equal(answer.status, 409, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { success: false, message: LAST, error: LAST, code: 409 });
}

async function isAdministrator(user: TestUser): Promise<boolean> {
  return (await s().get('/api/users/current', as(user))).body.user?.roles?.admin === true;
}

describe('the last active administrator', () => {
  it('cannot be demoted, marked inactive or marked deceased (409), and keeps every right', async () => {
    const first = await newAdmin(s());
    const second = await newAdmin(s());
    assert.equal((await s().post(`/api/person/${second.personId}`, { deceasedDate: '2026-01-01' }, as(first))).status, 200);
    assertLastAdministrator(await s().post(`/admin/api/users/${first.userId}`, { roles: { admin: false } }, as(first)));
    assertLastAdministrator(await s().post(`/api/person/${first.personId}`, { inactive: true }, as(first)));
    assertLastAdministrator(await s().post(`/api/person/${first.personId}`, { deceasedDate: '2026-01-01' }, as(first)));
    assert.equal(await isAdministrator(first), true);
  });

  it('cannot be deleted, as a user or as a person (409), while the other administrator is inactive', async () => {
    const last = await newAdmin(s());
    const other = await newAdmin(s());
    assert.equal((await s().post(`/api/person/${other.personId}`, { inactive: true }, as(last))).status, 200);
    // The inactive administrator's key still works here; the rule is about who could sign in again.
    assertLastAdministrator(await s().delete(`/admin/api/user/${last.userId}`, as(other)));
    assertLastAdministrator(await s().delete(`/api/person/${last.personId}`, as(other)));
    assert.equal(await isAdministrator(last), true);
  });

  it('lets one of two administrators demote the other, but not both at once', async () => {
    const one = await newAdmin(s());
    const two = await newAdmin(s());
    const answers = await Promise.all([
      s().post(`/admin/api/users/${two.userId}`, { roles: { admin: false } }, as(one)),
      s().post(`/admin/api/users/${one.userId}`, { roles: { admin: false } }, as(two)),
    ]);
    // The loser is refused either by the rule (409) or, when it authenticates after the winner's commit, as a
    // demoted user (403); what must hold is that exactly one change went through.
    assert.equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers.map((a) => a.body)));
    assert.equal([await isAdministrator(one), await isAdministrator(two)].filter(Boolean).length, 1);
  });
});
