import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { DISK_FULL, ForeignKeyViolationError, isDatabaseError, isDiskFull, UniqueViolationError } from '../../db/errors.js';
import { AppError, type ErrorExtras } from '../../domain/errors.js';
import type { AppShell } from '../web/web-app.js';

const REDACTED = 'An error occurred. Please contact your system administrator.';
const DATABASE_FAILURE = 'A database error occurred. Please contact your system administrator.';
const DEFAULT_FAILURE = 'An unexpected error occurred. Please contact your system administrator.';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// Secret-looking values never reach a client (contract §1.3).
const SECRET_PATTERNS = [
  /password\s*=/i,
  /\bhost\s*=/i,
  /[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i,
  /-----BEGIN [A-Z ]+-----/,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/,
  /[A-Za-z0-9+/=_-]{40,}/,
  /\b(?:\d{1,3}\.){3}\d{1,3}\b/,
];

export function redact(message: string): string {
  return SECRET_PATTERNS.some((pattern) => pattern.test(message)) ? REDACTED : message;
}

/** The canonical error body of contract §1.3: extras never overwrite the four canonical keys. */
export function errorBody(status: number, message: string, extras: ErrorExtras = {}) {
  const safe = redact(message);
  return { ...extras, success: false, message: safe, error: safe, code: status };
}

function sendError(reply: FastifyReply, status: number, message: string, extras?: ErrorExtras) {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(status, message, extras));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 500 message of the route's area (contract §1.3), e.g. "The volunteer setup change could not be saved". */
    failureMessage?: string;
  }
}

/**
 * One renderer for every error: AppError as it says, constraint violations as 409/400, Fastify's own
 * client errors with their status, a full disk as a 503 that says so, and anything else as a 500 that says nothing
 * internal.
 */
export function registerErrorHandling(app: FastifyInstance, pages?: AppShell): void {
  const knownPaths = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      knownPaths.on(method as 'GET', route.url, () => undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error.status, error.message, error.extras);
    if (error instanceof UniqueViolationError) return sendError(reply, 409, 'This record already exists');
    if (error instanceof ForeignKeyViolationError) return sendError(reply, 400, 'A record named in the request does not exist');
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) return sendError(reply, status, error.message);
    if (isDiskFull(error)) {
      request.log.error({ reason: (error as Error).message }, 'the disk is full: a change was not saved');
      return sendError(reply, 503, DISK_FULL);
    }
    request.log.error({ err: error }, 'request failed');
    const message = isDatabaseError(error) ? DATABASE_FAILURE : (request.routeOptions.config?.failureMessage ?? DEFAULT_FAILURE);
    return sendError(reply, 500, message);
  });

  app.setNotFoundHandler((request, reply) => {
    // A browser opening one of the web app's pages gets the app, which routes on its own.
    if (pages?.(request, reply)) return reply;
    const path = request.url.split('?')[0];
    const allowed = METHODS.filter((method) => knownPaths.find(method, path) !== null);
    if (allowed.length > 0 && !allowed.includes(request.method as (typeof METHODS)[number])) {
      reply.header('Allow', allowed.join(', '));
      return sendError(reply, 405, `Method ${request.method} is not allowed here; use ${allowed.join(' or ')}`, {
        request: { method: request.method, path },
      });
    }
    return sendError(reply, 404, 'Not found', { request: { method: request.method, path } });
  });
}

/** Router failures (malformed `%` escapes and the like) bypass the error handler; they keep the canonical shape here. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for these, the one that echoes the request id included.
  reply.header('x-request-id', request.id);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(reply, status, status === 400 ? 'The request URL is malformed' : error.message, {
    request: { method: request.method, path: request.url.split('?')[0] },
  });
}
