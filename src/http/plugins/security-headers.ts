import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer: no content sniffing, and no caching of anything but public reads — private answers
 * carry personal data, and some (a login, a new API key, a feed token) carry secrets.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    const isPublicRead = request.method === 'GET' && request.routeOptions.config?.access === 'public';
    if (!isPublicRead && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
