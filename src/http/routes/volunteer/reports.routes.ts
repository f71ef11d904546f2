import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards, pathId } from '../../plugins/volunteer-guards.js';
import { responses } from '../../schemas/common.js';
import { AvailabilityGlance, MinistryReport, ReportQuery } from '../../schemas/reports.schemas.js';
import { presentAvailabilityGlance, presentMinistryReport } from '../../presenters/reports.presenter.js';
import { ministryPath } from './paths.js';

/**
 * A ministry's reports (ours, issue 35 #4) and its people's availability at a glance (#6), for its coordinators and
 * managers; a team's report for the team's leaders too.
 */
export const reportsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const guard = guards(services);
  const tags = ['Volunteer: reports (ours)'];
  const coordinator = { access: 'coordinator' as const, failureMessage: 'The report could not be made' };

  app.get(`${ministryPath}/report`, {
    config: coordinator,
    schema: {
      tags,
      summary: "A ministry's (or one team's) figures per week and per person over a range, 8 weeks back to 8 weeks ahead by default (ours)",
      description: 'Per week: replies (accepted, declined, no answer) and coverage, the filled share of Min by the gap derivation. '
        + 'Per person: places held and answers, the pool’s people with none included. At most 53 weeks.',
      querystring: ReportQuery,
      response: responses({ 200: MinistryReport }),
    },
  }, async (request) => {
    const { teamId } = request.query;
    const { ministry } = await services.volunteerAccess.servingsScope(await actorOf(request, services), pathId(request, 'ministryId', 'Ministry'), teamId);
    return presentMinistryReport(await services.reports.ministryReport(ministry, teamId, request.query));
  });

  app.get(`${ministryPath}/availability`, {
    config: coordinator,
    preValidation: guard.ministry(),
    schema: {
      tags,
      summary: "Each person of the ministry's pool with their limits, household rules, days away (dates only, never the reason) and credentials with expiry (ours)",
      response: responses({ 200: AvailabilityGlance }),
    },
  }, async (request) => presentAvailabilityGlance(await services.availabilityGlance.ofMinistry(authorizedOf(request, 'ministry'))));
};
