import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

// What a proxy's id may look like to be kept: it lands in every log line and an answer header as it is.
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the proxy's `X-Request-Id` when it is a sane token, so both logs share it; else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Echoes the request id in `x-request-id`, and lets code far from the request (a domain-event subscriber's
 * failure) log through the request's logger, whose lines carry `reqId`.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Every later hook, the handler and what they await run inside this call (body reading included).
    requestLogs.run(request.log, done);
  });
}

/** The logger of the request being handled, or `fallback` outside any request (workers, start). */
export function currentLog(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return requestLogs.getStore() ?? fallback;
}
