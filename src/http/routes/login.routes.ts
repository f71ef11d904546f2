import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { parseResetRequest, parseSignIn } from '../commands/users.commands.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { responses, SuccessResponse } from '../schemas/common.js';
import { LoginBody } from '../schemas/users.schemas.js';

/** Sign-in (E20, contract §14.1) and the public password reset (§14.2). */
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
    const result = await services.signIn.login(parseSignIn(request.body));
    return 'requiresOTP' in result ? reply.code(202).send(result) : result;
  });

  app.post('/api/public/user/password-reset', {
    config: { access: 'public', rateLimit: publicRateLimit(services, 'iPublicFormRateLimitPerMinute') },
    schema: {
      tags: ['Public'],
      summary: 'Ask for a password-reset mail (always 200: nothing tells whether the account exists)',
      description: 'Each account whose user name or e-mail address `userName` is (ignoring case) is mailed its own link, at most one per 5 minutes.',
      body: Type.Object({ userName: Type.Optional(Type.String({ maxLength: 200, description: 'A user name or an e-mail address' })) }),
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    await services.passwords.requestPasswordReset(parseResetRequest(request.body));
    return { success: true as const };
  });

  app.post('/api/public/user/password-reset/confirm', {
    config: { access: 'public', rateLimit: publicRateLimit(services, 'iPublicFormRateLimitPerMinute') },
    schema: {
      tags: ['Public'],
      summary: 'Set a new password with the token from a reset mail (once, within a day; a new church\'s welcome, within a week)',
      body: Type.Object({ token: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 200 }) }),
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    await services.passwords.confirmPasswordReset(request.body.token, request.body.password);
    return { success: true as const };
  });
};
