import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerAccessControl } from '../../src/http/plugins/access.js';
import { newUser, type TestUser, useServer } from '../kit/index.js';

const server = useServer();

describe('every route declares its access', () => {
  it('has a declaration on every registered route', () => {
    assert.ok(server.app.routes.length > 10);
    const undeclared = server.app.routes.filter((route) => route.access === undefined).map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(undeclared, []);
  });

  it('refuses to start an app with a route that declares nothing', async () => {
    const app = Fastify();
    registerAccessControl(app, server.app.services);
    app.get('/forgotten', async () => 'oops');
    await assert.rejects(async () => { await app.ready(); }, /Routes without an access declaration: GET \/forgotten/);
  });

  it('lets through without a key only routes declared public', async () => {
    const publicRoutes = server.app.routes.filter((route) => route.access === 'public').map((route) => route.url);
    // /metrics takes no API key because a scraper has none: it checks its own bearer token (METRICS_TOKEN), 404 without one.
    for (const url of publicRoutes) assert.match(url, /^(\/healthz|\/readyz|\/metrics$|\/api\/public\/|\/api\/openapi\.json|\/api\/docs)/, url);
  });
});

describe('permission matrix', () => {
  const personas: Record<string, TestUser> = {};
  before(async () => {
    personas.admin = await newUser(server, { roles: ['admin'] });
    personas.addEvents = await newUser(server, { roles: ['addEvents'] });
    personas.manager = await newUser(server, { roles: ['manageMinistries'] });
    personas.volunteer = await newUser(server);
  });

  const table: Array<{ route: [string, string]; expect: Record<string, number> }> = [
    { route: ['GET', '/api/users/current'], expect: { none: 401, admin: 200, addEvents: 200, manager: 200, volunteer: 200 } },
    { route: ['GET', '/api/users/current/api-keys'], expect: { none: 401, admin: 200, addEvents: 200, manager: 200, volunteer: 200 } },
    { route: ['GET', '/admin/api/system/config/sChurchName'], expect: { none: 401, admin: 200, addEvents: 403, manager: 403, volunteer: 403 } },
    { route: ['GET', '/admin/api/user/1/permissions'], expect: { none: 401, admin: 200, addEvents: 403, manager: 403, volunteer: 403 } },
    { route: ['GET', '/healthz'], expect: { none: 200, admin: 200, volunteer: 200 } },
  ];

  for (const { route: [method, url], expect } of table) {
    for (const [persona, status] of Object.entries(expect)) {
      it(`${persona} → ${method} ${url} → ${status}`, async () => {
        const key = persona === 'none' ? undefined : personas[persona].apiKey;
        const target = url === '/admin/api/user/1/permissions' ? `/admin/api/user/${personas.admin.userId}/permissions` : url;
        const answer = await server.request(method as 'GET', target, { key });
        assert.equal(answer.status, status);
      });
    }
  }
});
