import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { transportFor } from '../../jobs/outbox-delivery.js';
import { parseSettingValue } from '../commands/settings.commands.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { responses } from '../schemas/common.js';

const NameParams = Type.Object({ name: Type.String({ pattern: '^[A-Za-z0-9_]{1,60}$' }) });
const Value = Type.Object({ value: Type.String() });

/**
 * System settings by name (contract §15.7): a typed registry; unknown names 404; secrets read as "". And a test
 * message through the mail settings (ours).
 */
export const settingsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const config = { access: { role: 'admin' as const } };
  const tags = ['System settings'];

  app.get('/admin/api/system/config/:name', {
    config,
    schema: { tags, summary: 'Read a setting', params: NameParams, response: responses({ 200: Value }) },
  }, async (request) => ({ value: await services.settings.readForApi(request.params.name) }));

  app.post('/admin/api/system/config/:name', {
    config,
    schema: {
      tags,
      summary: 'Write a setting',
      params: NameParams,
      body: Type.Object({ value: Type.Union([Type.String({ maxLength: 10000 }), Type.Number(), Type.Boolean()]) }),
      response: responses({ 200: Value }),
    },
  }, async (request) => ({ value: await services.settings.write(request.params.name, parseSettingValue(request.body)) }));

  app.post('/admin/api/system/mail/test', {
    // Each call is real mail sent at once: limited as a public form is, so that a stuck button floods no inbox.
    config: { ...config, rateLimit: publicRateLimit(services, 'iPublicFormRateLimitPerMinute') },
    schema: {
      tags,
      summary: 'Send a test message through the mail settings now and answer the mail server\'s reply (ours)',
      description: '409 while "Send e-mail" (bEnabledEmail) is off or no mail server is set. 502 with the mail server\'s refusal when an SMTP '
        + 'conversation refused the message (`failure: "smtp_refused"`, its `reply`), or else a fixed sentence on why it could not be reached '
        + '(`failure`: refused, timed_out, unknown_host, name_lookup, closed, unreachable, not_smtp or failed); `mailServer` is the host:port tried.',
      body: Type.Object({ to: Type.String({ format: 'email', maxLength: 254, 'x-error': 'to must be an e-mail address' }) }),
      response: responses({ 200: Type.Object({ accepted: Type.Literal(true), response: Type.String() }) }),
    },
  }, async (request) => services.outbox.sendTestMessage(request.body.to, () => transportFor(services)));
};
