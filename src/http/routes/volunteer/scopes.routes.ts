import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { parseScopeGrant } from '../../commands/scopes.commands.js';
import { pathId } from '../../plugins/volunteer-guards.js';
import { presentScope } from '../../presenters/ministries.presenter.js';
import { Id, idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import { Scope, ScopeGrantBody } from '../../schemas/volunteer.schemas.js';
import { V } from './paths.js';

/** Scope grants: who coordinates a ministry or leads a team (contract §4.6). Manager-only, no coordinator gate. */
export const scopesRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { scopes } = services;
  const tags = ['Volunteer: scopes'];
  const config = { access: 'manager' as const, failureMessage: 'Could not grant the scope' };

  app.get(`${V}/scopes`, {
    config,
    schema: {
      tags,
      summary: 'Scope grants; the filters combine',
      querystring: Type.Object({ personId: Type.Optional(Id), ministryId: Type.Optional(Id), teamId: Type.Optional(Id) }),
      response: responses({ 200: Type.Object({ scopes: Type.Array(Scope) }) }),
    },
  }, async (request) => ({ scopes: (await scopes.list(request.query)).map(presentScope) }));

  app.post(`${V}/scopes`, {
    config,
    schema: {
      tags,
      summary: 'Grant a ministry or team scope (the holder joins the pool); a repeat answers the same row',
      body: ScopeGrantBody,
      response: responses({ 200: Type.Object({ scope: Scope }), 201: Type.Object({ scope: Scope }) }),
    },
  }, async (request, reply) => {
    const { created, scope } = await scopes.grant(await actorOf(request, services), parseScopeGrant(request.body));
    return reply.code(created ? 201 : 200).send({ scope: presentScope(scope) });
  });

  app.delete(`${V}/scopes/${idSegment('scopeId')}`, {
    config: { ...config, failureMessage: 'Could not revoke the scope' },
    schema: { tags, summary: 'Revoke a scope grant', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    // An id that can name no row (0, beyond the integer range) is an unknown grant too: 404 `Scope grant not found`.
    await scopes.revoke(pathId(request, 'scopeId', 'Scope grant'));
    return { success: true as const };
  });
};
