import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { parseClassesQuery, parseEventSeriesQuery, parseUpcomingEventsQuery } from '../../commands/lookups.commands.js';
import { actorOf } from '../../plugins/access.js';
import { presentClassLookup, presentEventSeriesLookup, presentEventTypeLookup, presentUpcomingEventLookup } from '../../presenters/lookups.presenter.js';
import { Id, responses } from '../../schemas/common.js';
import { ClassLookup, EventSeriesLookup, EventTypeLookup, UpcomingEventLookup } from '../../schemas/ministry-events.schemas.js';
import { V } from './paths.js';

// No length limit: any malformed date answers the service's own 400 `Dates must be in YYYY-MM-DD form`.
const DateText = Type.Optional(Type.String());

/** Lookups for the schedule and event editors (contract §5.6). */
export const lookupsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { lookups, volunteerAccess } = services;
  const tags = ['Volunteer: lookups'];
  const config = { access: 'coordinator' as const };

  app.get(`${V}/event-types`, {
    config,
    schema: { tags, summary: 'Active event types and the default one', response: responses({ 200: EventTypeLookup }) },
  }, async () => presentEventTypeLookup(await lookups.eventTypes()));

  app.get(`${V}/event-series`, {
    config,
    schema: {
      tags,
      summary: 'Upcoming event titles of a type or a ministry',
      querystring: Type.Object({ eventTypeId: Type.Optional(Id), ministryId: Type.Optional(Id), from: DateText }),
      response: responses({ 200: EventSeriesLookup }),
    },
  }, async (request) => presentEventSeriesLookup(await lookups.series(parseEventSeriesQuery(request.query))));

  app.get(`${V}/classes`, {
    config,
    schema: {
      tags,
      summary: 'Sunday School classes and groups with upcoming linked events',
      querystring: Type.Object({ from: DateText }),
      response: responses({ 200: ClassLookup }),
    },
  }, async (request) => presentClassLookup(await lookups.classes(parseClassesQuery(request.query))));

  app.get(`${V}/upcoming-events`, {
    config,
    schema: {
      tags,
      summary: 'Future active events, soonest first (at most 50)',
      querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), from: DateText, to: DateText, teamId: Type.Optional(Id) }),
      response: responses({ 200: UpcomingEventLookup }),
    },
  }, async (request) => {
    // The window is read before the team named in the query is looked up (404, then 403 outside the caller's teams).
    const query = parseUpcomingEventsQuery(request.query);
    const team = query.teamId === undefined ? undefined : await volunteerAccess.team(await actorOf(request, services), query.teamId);
    return presentUpcomingEventLookup(await lookups.upcomingEvents(query, team));
  });
};
