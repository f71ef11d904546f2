import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { parseMinistryChanges, parseNewMinistry } from '../../commands/ministries.commands.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { presentMinistry, presentMinistryDetail } from '../../presenters/ministries.presenter.js';
import { idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import { ActiveQuery, Ministry, MinistryCreateBody, MinistryDetail, MinistryUpdateBody, Permissions, Summary } from '../../schemas/volunteer.schemas.js';
import { activeFilter } from '../../commands/filters.commands.js';
import { memberPaths, ministryPath, SETUP_FAILURE, V } from './paths.js';


/** Ministries, E15, E16, the rollout status and the caller's permissions (contract §4.1, §10). */
export const ministriesRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { ministries } = services;
  const guard = guards(services);
  const tags = ['Volunteer: ministries'];
  const config = (access: 'coordinator' | 'coordinator-manager' | 'member') => ({ access, failureMessage: SETUP_FAILURE });

  app.get(`${V}/status`, {
    config: config('member'),
    schema: { tags, summary: 'Which volunteer version is switched on', response: responses({ 200: Type.Object({ version: Type.String(), v1Enabled: Type.Boolean(), v2Enabled: Type.Boolean() }) }) },
  }, async () => {
    const version = await services.settings.get('sVolunteerVersion');
    return { version, v1Enabled: version === 'both', v2Enabled: true };
  });

  for (const url of memberPaths('permissions')) {
    app.get(url, {
      config: config('member'),
      schema: { tags, summary: "The caller's volunteer-area tiers and grants", response: responses({ 200: Permissions }) },
    }, async (request) => ministries.permissions(await actorOf(request, services)));
  }

  app.get(`${V}/ministries`, {
    config: config('coordinator'),
    schema: { tags, summary: 'Ministries the caller manages, by name', querystring: ActiveQuery, response: responses({ 200: Type.Object({ ministries: Type.Array(Ministry) }) }) },
  }, async (request) => ({ ministries: (await ministries.list(await actorOf(request, services), activeFilter(request.query.active))).map(presentMinistry) }));

  app.post(`${V}/ministries`, {
    config: config('coordinator-manager'),
    schema: {
      tags,
      summary: 'Create a ministry with its pool Group, its calendar and a default team',
      body: MinistryCreateBody,
      response: responses({ 201: Type.Object({ ministry: Ministry, poolGroupId: Type.Integer(), calendarId: Type.Integer() }) }),
    },
  }, async (request, reply) => {
    const { ministry, poolGroupId, calendarId } = await ministries.create(await actorOf(request, services), parseNewMinistry(request.body));
    return reply.code(201).send({ ministry: presentMinistry(ministry), poolGroupId, calendarId });
  });

  for (const url of [ministryPath, `${V}/${idSegment('ministryId')}`]) {
    app.get(url, {
      config: config('coordinator'),
      preValidation: guard.ministry(),
      schema: { tags, summary: 'A ministry with its E16 summary, teams, positions and pool', response: responses({ 200: MinistryDetail }) },
    }, async (request) => presentMinistryDetail(await ministries.detail(await actorOf(request, services), authorizedOf(request, 'ministry'))));
  }

  app.get(`${ministryPath}/summary`, {
    config: config('coordinator'),
    preValidation: guard.ministry('none'),
    schema: { tags, summary: 'E16 counts (refused to a caller who sees only part of the ministry)', response: responses({ 200: Type.Object({ ministryId: Type.Integer(), summary: Summary }) }) },
  }, async (request) => ministries.summary(await actorOf(request, services), authorizedOf(request, 'ministry')));

  app.post(ministryPath, {
    config: config('coordinator'),
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Change a ministry; deactivate with {active:false}', body: MinistryUpdateBody, response: responses({ 200: Type.Object({ ministry: Ministry }) }) },
  }, async (request) => ({ ministry: presentMinistry(await ministries.update(await actorOf(request, services), authorizedOf(request, 'ministry'), parseMinistryChanges(request.body))) }));

  app.delete(ministryPath, {
    config: config('member'),
    preValidation: guard.ministry('none'),
    schema: { tags, summary: 'E15: delete a deactivated ministry with everything under it (managers only)', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await ministries.delete(await actorOf(request, services), authorizedOf(request, 'ministry'));
    return { success: true as const };
  });
};
