import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { Id, responses } from '../../schemas/common.js';
import { V } from './paths.js';
import { parseDashboard, parseGaps } from '../../commands/dashboard.commands.js';
import { presentDashboard, presentGaps, presentRecentReplies } from '../../presenters/dashboard.presenter.js';
import { DashboardGap, DashboardPending, DashboardSwap, DashboardUpcoming, RecentReplies } from '../../schemas/dashboard.schemas.js';

/** The coordinator dashboard (E8, contract §9) and the gaps list (§7.4). */
export const dashboardRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { dashboard } = services;
  const tags = ['Volunteer: dashboard'];
  const config = { access: 'coordinator' as const };

  app.get(`${V}/dashboard`, {
    config,
    schema: {
      tags,
      summary: 'E8: upcoming occurrences, gaps, replies awaited, proposed substitutions, failed messages and the scope block',
      querystring: Type.Object({ days: Type.Optional(Type.String({ maxLength: 10 })) }),
      response: responses({
        200: Type.Object({
          days: Type.Integer(), from: Type.String(), to: Type.String(),
          upcoming: Type.Array(DashboardUpcoming), gaps: Type.Array(DashboardGap), pendingResponses: Type.Array(DashboardPending), proposedSwaps: Type.Array(DashboardSwap),
          failedNotifications: Type.Integer(),
          scope: Type.Object({
            isAdmin: Type.Boolean(), isManager: Type.Boolean(),
            ministries: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.Union([Type.String(), Type.Null()]), active: Type.Boolean(), manageable: Type.Boolean() })),
            teams: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), ministryId: Type.Integer(), active: Type.Boolean(), ministryName: Type.String() })),
          }),
          expiringCredentials: Type.Array(Type.Object({
            personId: Type.Integer(), displayName: Type.String(), credentialId: Type.Integer(), credentialName: Type.String(),
            expiresOn: Type.String(), ministryId: Type.Integer(), ministryName: Type.String(),
          }), { description: 'Ours (issue 17): required credentials of people in scope that expire within 30 days' }),
          limit: Type.Integer(), capped: Type.Boolean(),
        }),
      }),
    },
  }, async (request) => presentDashboard(await dashboard.dashboard(await actorOf(request, services), parseDashboard(request.query))));

  app.get(`${V}/dashboard/replies`, {
    config,
    schema: {
      tags,
      summary: 'Ours (issue 34): the last 14 days\' declines (reasons for coordinators of the ministry and managers) and help offers',
      response: responses({ 200: RecentReplies }),
    },
  }, async (request) => presentRecentReplies(await services.recentReplies.replies(await actorOf(request, services))));

  app.get(`${V}/gaps`, {
    config,
    schema: {
      tags,
      summary: 'Staffing needs below Min in a window, in the caller\'s scope, soonest first',
      querystring: Type.Object({ from: Type.Optional(Type.String({ maxLength: 20 })), to: Type.Optional(Type.String({ maxLength: 20 })), ministryId: Type.Optional(Id) }),
      response: responses({ 200: Type.Object({ gaps: Type.Array(DashboardGap) }) }),
    },
  }, async (request) => presentGaps(await dashboard.gaps(await actorOf(request, services), parseGaps(request.query))));
};
