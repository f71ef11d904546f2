import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Path segments that are secrets: calendar tokens (contract §14.6), the schedule feed's token, and the answer links
// of assignment mails, on the API and on the web app's page (issue 17). Every route with a `:token` is listed here;
// tests/http/logging.test.ts walks the routes to keep it so.
const TOKEN_PATHS = /^((?:\/api\/public\/(?:calendar|portal-calendar|my-schedule|answer)|\/answer)\/)[^/]*/i;

/**
 * A request URL for a log line: token path segments as `[token]`, and every query value as `[redacted]`, since a
 * query carries secrets of its own (the reset link's `?token=`, a sign-in page's `next=` holding such a link).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(TOKEN_PATHS, '$1[token]');
  if (queryAt === -1) return path;
  const query = url.slice(queryAt + 1).split('&').map((part) => {
    if (part === '') return part;
    const equalsAt = part.indexOf('=');
    return equalsAt === -1 ? '[redacted]' : `${part.slice(0, equalsAt)}=[redacted]`;
  });
  return `${path}?${query.join('&')}`;
}

// What an error line may carry. Database errors also hold their bind parameters (`params`) and a `detail` that
// quotes row values: personal data, and a reset token when an outbox insert fails. The statement stays.
const LOGGED_ERROR_KEYS = ['code', 'severity', 'constraint', 'table', 'column', 'routine', 'query', 'statusCode'] as const;

/** An error for a log line: its type, message, stack and cause, and only the fields of LOGGED_ERROR_KEYS. */
export function serializeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const line: { type: string; message: string; stack: string; [key: string]: unknown } = { type: error.constructor.name, message: error.message, stack: error.stack ?? '' };
  for (const key of LOGGED_ERROR_KEYS) if (fields[key] !== undefined) line[key] = fields[key];
  if (error.cause !== undefined) line.cause = serializeError(error.cause);
  return line;
}

/** pino options for the service: request lines without secrets (keys, passwords and tokens never logged). */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', '*.password', '*.apiKey'], censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * One line a request at `info`, written when it is answered, with the request's method, address and client, the
 * status and the time taken. Fastify's own controller also wrote a line when a request came in: under load at
 * `info`, writing two lines a request took 8–9 % of the service's CPU (issue 39 #4). A request that never completes
 * still gets its line: Fastify reports a closed connection as completed. The arrival line stays at `debug`, for
 * whoever must see a request that has not been answered yet (a hung one, or the shutdown test's held requests).
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
