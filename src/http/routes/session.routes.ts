import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { parseSignIn } from '../commands/users.commands.js';
import { callerOf, fromTheWebApp } from '../plugins/access.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { responses, SuccessResponse } from '../schemas/common.js';
import { ChangePasswordBody, OwnPasswordBody, SessionBody, TwoFactorEnrolment } from '../schemas/users.schemas.js';
import { clearSessionCookie, CSRF_HEADER, setSessionCookie } from '../web/session-cookie.js';

/**
 * The web app's sign-in and sign-out (ours). Sign-in is E20's login with the same checks, limits and refusals;
 * the new key goes into the HttpOnly session cookie instead of the answer, so no page script ever holds it.
 * And what a signed-in user keeps of their own sign-in: the password and the second factor.
 */
export const sessionRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const tags = ['Users'];

  // Each of these checks a password: limited as sign-in is, so that a borrowed key cannot guess it either.
  const passwordChecked = () => publicRateLimit(services, 'iLoginRateLimitPerMinute');

  app.post('/api/public/user/session', {
    config: { access: 'public', rateLimit: passwordChecked() },
    schema: {
      tags,
      summary: 'Sign in for the web app (ours): the key is set as an HttpOnly cookie, never answered',
      description: `Needs the \`${CSRF_HEADER}: 1\` header. \`userName\` is a user name or an e-mail address. 202 asks for the second factor. `
        + 'Every refusal is the same 401 as E20, but for a password that is right for more than one account sharing that address (409: sign in with the user name). '
        + 'The sign-in ends after `iSessionIdleDays` unused and `iSessionMaxDays` after it began (then 401, as an unknown key).',
      body: SessionBody,
      response: responses({
        200: Type.Object({ signedIn: Type.Literal(true) }),
        202: Type.Object({ requiresOTP: Type.Literal(true) }),
      }),
    },
    // A login form posted from another site would sign the browser in as the attacker's account.
    preHandler: fromTheWebApp,
  }, async (request, reply) => {
    const result = await services.signIn.login(parseSignIn(request.body), { isWebSession: true, byAddress: true });
    if ('requiresOTP' in result) return reply.code(202).send(result);
    setSessionCookie(request, reply, result.apiKey, await services.signIn.sessionMaxSeconds());
    return { signedIn: true as const };
  });

  app.delete('/api/users/current/session', {
    config: { access: 'login' },
    schema: { tags, summary: 'Sign out (ours): the key of this session is revoked and the cookie cleared', response: responses({ 200: SuccessResponse }) },
  }, async (request, reply) => {
    await services.signIn.signOut(callerOf(request));
    clearSessionCookie(request, reply);
    return { success: true as const };
  });

  app.post('/api/users/current/password', {
    config: { access: 'login', rateLimit: passwordChecked() },
    schema: {
      tags,
      summary: 'Change my own password (ours); my other keys stop working',
      description: 'A wrong current password counts toward the lockout, as a wrong sign-in does.',
      body: ChangePasswordBody,
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    await services.passwords.changeOwnPassword(callerOf(request), request.body.currentPassword, request.body.newPassword);
    return { success: true as const };
  });

  app.get('/api/users/current/two-factor', {
    config: { access: 'login' },
    schema: { tags, summary: 'Whether I sign in with a second factor (ours)', response: responses({ 200: Type.Object({ enabled: Type.Boolean() }) }) },
  }, async (request) => services.twoFactor.status(callerOf(request)));

  app.post('/api/users/current/two-factor', {
    config: { access: 'login', rateLimit: passwordChecked() },
    schema: {
      tags,
      summary: 'Start setting up two-factor sign-in (ours): a new secret, its otpauth link and QR code; off until confirmed',
      description: 'Needs my password; a wrong one counts toward the lockout. Confirming mails me that two-factor sign-in is on.',
      body: OwnPasswordBody,
      response: responses({ 200: TwoFactorEnrolment }),
    },
  }, async (request) => services.twoFactor.start(callerOf(request), request.body.password));

  app.post('/api/users/current/two-factor/confirm', {
    config: { access: 'login' },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in on with a code from the app (ours); answers the recovery codes, shown this once',
      body: Type.Object({ code: Type.String({ maxLength: 20 }) }),
      response: responses({ 200: Type.Object({ recoveryCodes: Type.Array(Type.String()) }) }),
    },
  }, async (request) => services.twoFactor.confirm(callerOf(request), request.body.code));

  app.delete('/api/users/current/two-factor', {
    config: { access: 'login', rateLimit: passwordChecked() },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off (ours); needs my password, and mails me that it is off',
      body: OwnPasswordBody,
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    await services.twoFactor.disableOwn(callerOf(request), request.body.password);
    return { success: true as const };
  });
};
