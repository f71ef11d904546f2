import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { pathId } from '../../plugins/volunteer-guards.js';
import { responses } from '../../schemas/common.js';
import { Roster, RosterQuery } from '../../schemas/roster.schemas.js';
import { presentRoster, rosterCsv, rosterIcs } from '../../presenters/roster.presenter.js';
import { ministryPath, SETUP_FAILURE } from './paths.js';

/**
 * The roster (ours, issue 35 #1, #3): a ministry's or team's occurrences over a range as columns, positions as rows,
 * each cell's people with their answers and the gap to Min and Max; as JSON, CSV and iCalendar. With from = to it is
 * a Sunday with its people in one call (issue 39 #2).
 */
export const rosterRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { occurrences, volunteerAccess, settings } = services;
  const tags = ['Volunteer: roster (ours)'];
  const config = { access: 'coordinator' as const, failureMessage: SETUP_FAILURE };
  const description = 'Coordinators and managers of the ministry; a team\'s leaders with teamId of their team. '
    + 'The range defaults to eight weeks from the church\'s today and covers at most 26 weeks; from = to gives one day with its people. '
    + 'Each cell counts live (pending or accepted) people against its effective requirement, as every other staffing figure does.';

  const load = async (request: { query: Static<typeof RosterQuery> } & Parameters<typeof actorOf>[0]) => {
    const actor = await actorOf(request, services);
    const { ministry, team } = await volunteerAccess.rosterScope(actor, pathId(request, 'ministryId', 'Ministry'), request.query.teamId);
    return presentRoster(await occurrences.roster(ministry, team, request.query));
  };
  const fileName = (roster: ReturnType<typeof presentRoster>) => `roster-${roster.teamId === null ? `ministry-${roster.ministryId}` : `team-${roster.teamId}`}-${roster.from}-${roster.to}`;

  app.get(`${ministryPath}/roster`, {
    config,
    schema: { tags, summary: 'The roster: occurrences by positions, each cell with its people, their answers and the gap to Min / Max (ours)', description, querystring: RosterQuery, response: responses({ 200: Roster }) },
  }, async (request) => load(request));

  app.get(`${ministryPath}/roster.csv`, {
    config,
    schema: { tags, summary: 'The roster as CSV, one line per occurrence and position (ours)', description, querystring: RosterQuery, response: responses({ 200: Type.String({ description: 'text/csv' }) }) },
  }, async (request, reply) => {
    const roster = await load(request);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName(roster)}.csv"`).send(rosterCsv(roster));
  });

  app.get(`${ministryPath}/roster.ics`, {
    config,
    schema: { tags, summary: 'The roster as iCalendar, one event per occurrence with its people (ours); per team with teamId', description, querystring: RosterQuery, response: responses({ 200: Type.String({ description: 'text/calendar' }) }) },
  }, async (request, reply) => {
    const roster = await load(request);
    const [timeZone, churchName] = await Promise.all([settings.get('sTimeZone'), settings.get('sChurchName')]);
    return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName(roster)}.ics"`)
      .send(rosterIcs(roster, { timeZone, churchName, stamp: services.time.clock.now() }));
  });
};
