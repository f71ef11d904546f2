import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../../db/database.js';
import { rateLimitsRepository } from '../../db/repositories/rate-limits.repository.js';
import type { Clock } from '../../domain/clock.js';
import { AppError } from '../../domain/errors.js';
import type { Services } from '../../domain/services.js';
import { sha256Hex } from '../../domain/users/secrets.js';

type LimitSetting = 'iLoginRateLimitPerMinute' | 'iPublicFormRateLimitPerMinute';

const WINDOW_MS = 60_000;

/**
 * Counts in the database (`rate_limit_windows`), not in this process: behind a load balancer each instance
 * would otherwise allow the whole limit, so N instances would let a password guesser try N times as often.
 * Only the public routes are limited, and each costs one upsert more, small beside a login's password hash.
 */
function databaseStore(databaseOf: () => Database, clock: Clock): new () => FastifyRateLimitStore {
  // Each church's windows are in its own schema: the repository is taken per request, on the request's church.
  // Each limited route counts on its own, as the plugin's in-memory store does (one child store per route).
  return class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly route = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow = WINDOW_MS): void {
      rateLimitsRepository(databaseOf().db).hit(`${this.route} ${key}`, timeWindow, clock.now()).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    // The plugin's types say route options, but it hands the route's merged limit options, the route being their
    // `routeInfo` (@fastify/rate-limit 10, index.js onRoute).
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseStore(`${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}`);
    }
  };
}

/** Per-client-address limits on public routes (contract §16 point 15); the setting's 0 turns the limit off. */
export async function registerRateLimits(app: FastifyInstance, databaseOf: () => Database, clock: Clock): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(databaseOf, clock),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`),
  });
}

/** The per-route rate-limit config for a public route limited by `setting` (requests per minute). */
export function publicRateLimit(services: Services, setting: LimitSetting) {
  return {
    timeWindow: WINDOW_MS,
    groupId: setting,
    max: async () => Math.max(1, await services.settings.get(setting)),
    allowList: async () => (await services.settings.get(setting)) === 0,
  };
}

/**
 * A door tablet's routes (/api/public/kiosk*): 120 requests a minute per kiosk, which a busy Sunday's queue at one
 * tablet (a check-in every few seconds, the list read again after each) stays well under, while stepping through
 * person ids with a kiosk's key is slowed to a crawl. Counted per key, not per address, since a church's tablets
 * share one address; a request without a key counts against its address.
 */
export function kioskRateLimit(keyHeader: string) {
  return {
    timeWindow: WINDOW_MS,
    max: 120,
    keyGenerator: (request: FastifyRequest) => {
      const key = request.headers[keyHeader];
      return typeof key === 'string' ? `kiosk ${sha256Hex(key)}` : request.ip;
    },
  };
}
