import type { FastifyRequest } from 'fastify';

// Calendar tokens in public paths are secrets (contract §14.6): they never reach a log line.
const TOKEN_PATHS = /(\/api\/public\/(?:portal-)?calendar\/)[^/?]+/;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATHS, '$1[token]');
}

/** pino options for the service: request lines without secrets (keys, passwords and tokens never logged). */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', '*.password', '*.apiKey'], censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
