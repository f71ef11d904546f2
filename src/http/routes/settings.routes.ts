import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { responses } from '../schemas/common.js';

const NameParams = Type.Object({ name: Type.String({ pattern: '^[A-Za-z0-9_]{1,60}$' }) });
const Value = Type.Object({ value: Type.String() });

/** System settings by name (contract §15.7): a typed registry; unknown names 404; secrets read as "". */
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
  }, async (request) => ({ value: await services.settings.write(request.params.name, String(request.body.value)) }));
};
