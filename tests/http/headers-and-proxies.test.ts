import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { newAdmin, startTestServer, type TestServer, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);

describe('security headers', () => {
  it('sends X-Content-Type-Options: nosniff on every answer, errors included', async () => {
    for (const answer of [await server.get('/healthz'), await server.get('/api/users/current'), await server.get('/api/nothing-here')]) {
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    }
  });

  it('forbids caching of answers that carry keys, and of every private answer', async () => {
    const minted = await server.post('/api/users/current/api-keys', { label: 'cache' }, { key: admin.apiKey });
    assert.equal(minted.status, 201);
    assert.equal(minted.headers['cache-control'], 'no-store');
    assert.equal((await server.post('/api/public/user/login', { userName: 'x', password: 'y' })).headers['cache-control'], 'no-store');
    assert.equal((await server.get('/api/users/current', { key: admin.apiKey })).headers['cache-control'], 'no-store');
  });

  it('serves the docs UI with a content security policy that forbids framing, and X-Frame-Options DENY', async () => {
    const docs = await server.get('/api/docs');
    assert.equal(docs.status, 200);
    const policy = String(docs.headers['content-security-policy']);
    assert.match(policy, /default-src 'self'/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.doesNotMatch(policy, /upgrade-insecure-requests/);
    assert.equal(docs.headers['x-frame-options'], 'DENY');
  });
});

describe('TRUST_PROXY', () => {
  // A public feed answers 403 at once while the external calendar API is off, and is limited like every public form.
  async function feedStatuses(target: TestServer, forwardedFor: string[]): Promise<number[]> {
    const statuses = [];
    for (const address of forwardedFor) {
      statuses.push((await target.get('/api/public/calendar/some-token/events', { headers: { 'x-forwarded-for': address } })).status);
    }
    return statuses;
  }

  async function withPublicLimit(options: Parameters<typeof startTestServer>[0], body: (target: TestServer) => Promise<void>) {
    const target = await startTestServer(options);
    try {
      const targetAdmin = await newAdmin(target);
      await target.post('/admin/api/system/config/iPublicFormRateLimitPerMinute', { value: '2' }, { key: targetAdmin.apiKey });
      await body(target);
    } finally {
      await target.close();
    }
  }

  it('keys the rate limits on the client named by a trusted proxy', async () => {
    await withPublicLimit({ trustProxy: ['127.0.0.1'] }, async (target) => {
      assert.deepEqual(await feedStatuses(target, ['203.0.113.1', '203.0.113.1', '203.0.113.1']), [403, 403, 429]);
      assert.deepEqual(await feedStatuses(target, ['203.0.113.2']), [403]);
    });
  });

  it('ignores X-Forwarded-For without it: a spoofed header does not buy a fresh bucket', async () => {
    await withPublicLimit({}, async (target) => {
      assert.deepEqual(await feedStatuses(target, ['203.0.113.1', '203.0.113.2', '203.0.113.3']), [403, 403, 429]);
    });
  });

  it('reads a hop count or a list of addresses and ranges, and names every bad entry', () => {
    assert.equal(loadConfig({ TRUST_PROXY: '' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy, ['10.0.0.0/8', '::1']);
    assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.example' }), (error: unknown) =>
      error instanceof ConfigError && /"10\.0\.0\.0\/33", "proxy\.example"/.test(error.message));
  });
});
