import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { App } from '../../src/app.js';
import { useSecondInstance, useServer, useUser } from '../kit/index.js';

/**
 * Two instances on one database (issue 19): a setting changed through one holds on the other once the change is
 * announced, because a committed change is announced to every instance (NOTIFY settings_changed) and drops its cache.
 * The cache's own lifetime runs on the test's clock, which does not move here, so only the announcement can drop it.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const other = useSecondInstance(server);

async function churchNameOnOther(): Promise<string> {
  const answer = await other.app.http.inject({ method: 'GET', url: '/admin/api/system/config/sChurchName', headers: { 'x-api-key': admin.apiKey } });
  assert.equal(answer.statusCode, 200, answer.body);
  return (answer.json() as { value: string }).value;
}

/** Counts the other instance's cache invalidations (its invalidation hook) and waits for the next one. */
function watchInvalidations(settings: App['services']['settings']) {
  let count = 0;
  let wake = () => {};
  const invalidate = settings.invalidate.bind(settings);
  settings.invalidate = () => {
    invalidate();
    count++;
    wake();
  };
  return {
    get count() {
      return count;
    },
    /** Resolves once the count passes `seen`. */
    after: (seen: number) => new Promise<void>((resolve) => {
      wake = () => count > seen && resolve();
      wake();
    }),
  };
}

describe('settings changed on another instance', () => {
  it('hold here once the change is announced, though this instance had the old value cached', { timeout: 60_000 }, async () => {
    const before = await churchNameOnOther();
    assert.notEqual(before, 'St. Announced');
    const invalidations = watchInvalidations(other.app.services.settings);
    const changed = await server.post('/admin/api/system/config/sChurchName', { value: 'St. Announced' }, { key: admin.apiKey });
    assert.equal(changed.status, 200, changed.text);
    // An announcement of an earlier change may come first; the one of this change follows it.
    let seen = before;
    while (seen !== 'St. Announced') {
      const heard = invalidations.count;
      seen = await churchNameOnOther();
      if (seen !== 'St. Announced') await invalidations.after(heard);
    }
    assert.ok(invalidations.count >= 1, 'the other instance dropped its cache');
  });
});
