import type { FastifyRequest } from 'fastify';

// Calendar tokens in public paths are secrets (contract §14.6), and so are the answer links of assignment mails, on the
// API and on the web app's page (issue 17): they never reach a log line.
const TOKEN_PATHS = /(\/api\/public\/(?:(?:portal-)?calendar|answer)\/|^\/answer\/)[^/?]+/;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATHS, '$1[token]');
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
