import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { demoteEveryAdministrator, newAdmin, type TestUser, startTestServer, type TestServer, as } from '../kit/index.js';

let server: TestServer | undefined;
before(async () => {
  server = await startTestServer();
});
// Each test starts from a church whose only administrators are the ones it creates.
beforeEach(() => demoteEveryAdministrator(server!));
after(() => server?.close());

const s = () => server!;
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

  it('survives two administrators deleting each other at once, as users or as people', async () => {
    for (const path of ['/admin/api/user/', '/api/person/']) {
      await demoteEveryAdministrator(s());
      const one = await newAdmin(s());
      const two = await newAdmin(s());
      const answers = await Promise.all([s().delete(`${path}${two.userId}`, as(one)), s().delete(`${path}${one.userId}`, as(two))]);
      assert.equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers.map((a) => a.body)));
      const survivor = answers[0].status === 200 ? one : two;
      assert.equal(await isAdministrator(survivor), true);
      // The survivor is now the last one: a new administrator is needed before the next round can remove it.
      const fresh = await newAdmin(s());
      assert.equal((await s().delete(`${path}${survivor.userId}`, as(fresh))).status, 200);
      assert.equal((await s().post(`/admin/api/users/${fresh.userId}`, { roles: { admin: false } }, as(fresh))).status, 409);
    }
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
