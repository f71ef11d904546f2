import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../../domain/errors.js';
import type { Services } from '../../domain/services.js';

type LimitSetting = 'iLoginRateLimitPerMinute' | 'iPublicFormRateLimitPerMinute';

/** Per-client-address limits on public routes (contract §16 point 15); the setting's 0 turns the limit off. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`),
  });
}

/** The per-route rate-limit config for a public route limited by `setting` (requests per minute). */
export function publicRateLimit(services: Services, setting: LimitSetting) {
  return {
    timeWindow: 60_000,
    groupId: setting,
    max: async () => Math.max(1, await services.settings.get(setting)),
    allowList: async () => (await services.settings.get(setting)) === 0,
  };
}
