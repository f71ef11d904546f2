import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../src/http/plugins/errors.js';
import { dropSettingsTable, newAdmin, startTestServer, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);

function assertCanonical(body: any, status: number) {
  assert.equal(body.success, false);
  assert.equal(body.code, status);
  assert.equal(typeof body.message, 'string');
  assert.equal(body.error, body.message);
}

describe('the error contract', () => {
  it('answers an unknown route with 404 and the request', async () => {
    const answer = await server.get('/api/no/such/route', { key: admin.apiKey });
    assert.equal(answer.status, 404);
    assertCanonical(answer.body, 404);
    assert.deepEqual(answer.body.request, { method: 'GET', path: '/api/no/such/route' });
  });

  it('answers a wrong method on a known path with 405, Allow and the request', async () => {
    const answer = await server.delete('/api/public/user/login');
    assert.equal(answer.status, 405);
    assertCanonical(answer.body, 405);
    assert.equal(answer.headers.allow, 'POST');
    assert.deepEqual(answer.body.request, { method: 'DELETE', path: '/api/public/user/login' });
  });

  it('answers a malformed URL escape in the canonical shape', async () => {
    const answer = await server.get('/api/users/%zz', { key: admin.apiKey });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.message, 'The request URL is malformed');
    assertCanonical(answer.body, 400);
  });

  it('answers a body that is not JSON with 400', async () => {
    const answer = await server.request('POST', '/api/public/user/login', {
      body: '{"userName": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.message, 'The request body is not valid JSON');
    assertCanonical(answer.body, 400);
  });

  it('answers a schema failure with 400 naming the field', async () => {
    const answer = await server.post('/admin/api/users', { personId: 'seven', userName: 'a', password: 'long enough' }, { key: admin.apiKey });
    assert.equal(answer.status, 400);
    assertCanonical(answer.body, 400);
    assert.match(answer.body.message, /personId/);
  });

  it('answers a JSON array where an object is expected with 400', async () => {
    const answer = await server.post('/admin/api/users', [1, 2], { key: admin.apiKey });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.message, 'The request body must be an object');
  });

  it('answers an id too large for any row with 404, not 500', async () => {
    const answer = await server.get('/admin/api/user/99999999999/permissions', { key: admin.apiKey });
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Not found');
    assertCanonical(answer.body, 404);
  });

  it('answers a database failure with 500 and a message that says nothing internal', async () => {
    const broken = await startTestServer();
    try {
      const brokenAdmin = await newAdmin(broken);
      await dropSettingsTable(broken);
      broken.app.services.settings.invalidate();
      const answer = await broken.get('/admin/api/system/config/sChurchName', { key: brokenAdmin.apiKey });
      assert.equal(answer.status, 500);
      assert.deepEqual(answer.body, {
        success: false,
        message: 'A database error occurred. Please contact your system administrator.',
        error: 'A database error occurred. Please contact your system administrator.',
        code: 500,
      });
    } finally {
      await broken.close();
    }
  });
});

describe('redaction of secret-looking messages', () => {
  const REDACTED = 'An error occurred. Please contact your system administrator.';
  for (const secret of [
    'connect failed: password=hunter2',
    'could not connect to host=db.internal port=5432',
    'postgres://app:s3cret@db/prod refused',
    '-----BEGIN PRIVATE KEY----- abc',
    'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc',
    'key ICLy7SCRT6Xqtk6NZOwAx8KPW4h_MDduPf01csPWKoQ rejected',
    'from 192.168.10.4',
  ]) {
    it(`replaces: ${secret.slice(0, 30)}`, () => assert.equal(redact(secret), REDACTED));
  }
  it('keeps an ordinary message', () => assert.equal(redact('Ministry not found'), 'Ministry not found'));
});
