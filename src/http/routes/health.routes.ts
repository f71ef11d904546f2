import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';

/** `GET /healthz`: 200 once migrations have run and the database answers, 503 otherwise (contract §17). */
export const healthRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/healthz', {
    config: { access: 'public' },
    schema: {
      tags: ['Operations'],
      summary: 'Liveness and database check',
      response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: Type.Object({ status: Type.Literal('unavailable') }) },
    },
  }, async (_request, reply) =>
    (await services.database.ping()) ? { status: 'ok' as const } : reply.code(503).send({ status: 'unavailable' as const }));
};
