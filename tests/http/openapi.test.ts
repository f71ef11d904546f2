import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useServer } from '../kit/index.js';

const server = useServer();

/** `/admin/api/user/:userId(^\d+)` → `/admin/api/user/{userId}` */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)(\([^)]*\))?/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the 7.8.0 version label', async () => {
    const answer = await server.get('/api/openapi.json');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.openapi, '3.1.0');
    assert.equal(answer.body.info.version, '7.8.0');
    assert.deepEqual(answer.body.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'x-api-key' });
  });

  it('lists every route the service serves, private ones with the key requirement', async () => {
    const { body } = await server.get('/api/openapi.json');
    const documented = body.paths as Record<string, Record<string, { security?: unknown }>>;
    const served = server.app.routes.filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json');
    assert.ok(served.length > 10);
    for (const route of served) {
      const path = toOpenApiPath(route.url);
      const operation = documented[path]?.[route.method.toLowerCase()];
      assert.ok(operation, `${route.method} ${path} is documented`);
      if (route.access !== 'public') assert.deepEqual(operation.security, [{ apiKey: [] }], `${route.method} ${path} needs a key`);
    }
  });

  it('serves a docs UI at /api/docs', async () => {
    const answer = await server.get('/api/docs/');
    assert.equal(answer.status, 200);
    assert.match(answer.text, /swagger/i);
  });
});
