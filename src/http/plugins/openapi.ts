import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3.1 generated from the route schemas, at `/api/openapi.json`, with a docs UI at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Private routes document their key requirement; this hook runs before swagger collects the route.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined || access === 'public' || route.schema?.hide) return;
    route.schema = { ...route.schema, security: [{ apiKey: [] }] };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Volunteer Ministry Service',
        description: 'Church management API centred on volunteer ministry management (ChurchCRM volunteer v2 compatible).',
        version: '7.8.0',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, for GET /metrics only' },
        },
      },
    },
  });

  app.get('/api/openapi.json', {
    config: { access: 'public' },
    schema: { hide: true },
  }, async () => app.swagger());

  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The UI's own policy (hashes of its inline scripts), framed by no one, and without upgrading a plain-HTTP
      // install's requests to an HTTPS port that does not answer.
      staticCSP: true,
      transformStaticCSP: (header: string) => header.replace(" frame-ancestors 'self';", " frame-ancestors 'none';").replace(' upgrade-insecure-requests;', ''),
    });
    docs.addHook('onSend', async (_request, reply) => {
      reply.header('x-frame-options', 'DENY');
    });
  });
}
