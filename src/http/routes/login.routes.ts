import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { responses } from '../schemas/common.js';
import { LoginBody } from '../schemas/users.schemas.js';

/** E20: exchange a user name and password for a new API key (contract §14.1). */
export const loginRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/api/public/user/login', {
    config: { access: 'public', rateLimit: publicRateLimit(services, 'iLoginRateLimitPerMinute') },
    schema: {
      tags: ['Public'],
      summary: 'Sign in (E20)',
      description: 'Answers a new API key, shown once. 202 asks for the second factor. Every refusal is the same 401.',
      body: LoginBody,
      response: responses({
        200: Type.Object({ apiKey: Type.String() }),
        202: Type.Object({ requiresOTP: Type.Literal(true) }),
      }),
    },
  }, async (request, reply) => {
    const { userName = '', password = '', otp } = request.body;
    const result = await services.users.login(userName, password, otp);
    return 'requiresOTP' in result ? reply.code(202).send(result) : result;
  });
};
