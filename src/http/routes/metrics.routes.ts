import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceMetrics } from '../plugins/metrics.js';
import { ErrorResponse } from '../schemas/common.js';

/** `GET /metrics` (issue 19): Prometheus metrics for the holder of METRICS_TOKEN; without the setting it does not exist (404). */
export const metricsRoutes = (metrics: ServiceMetrics | undefined): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/metrics', {
    // No API key: a scraper has none. The route checks its own bearer token instead.
    config: { access: 'public' },
    ...(metrics && { preHandler: metrics.requireToken }),
    schema: {
      tags: ['Operations'],
      summary: 'Prometheus metrics (with METRICS_TOKEN set; 404 otherwise)',
      security: [{ metricsToken: [] }],
      response: {
        200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: Type.String() } } },
        '4xx': ErrorResponse,
      },
    },
  }, async (_request, reply) => {
    if (!metrics) return reply.callNotFound();
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
};
