import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { Id, Nullable, responses } from '../../schemas/common.js';
import { V } from './paths.js';

// No length limit: any malformed date answers the service's own 400 `Dates must be in YYYY-MM-DD form`.
const DateText = Type.Optional(Type.String());

/** Lookups for the schedule and event editors (contract §5.6). */
export const lookupsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { lookups } = services;
  const tags = ['Volunteer: lookups'];
  const config = { access: 'coordinator' as const };

  app.get(`${V}/event-types`, {
    config,
    schema: {
      tags,
      summary: 'Active event types and the default one',
      response: responses({ 200: Type.Object({ eventTypes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })), defaultEventTypeId: Nullable(Type.Integer()) }) }),
    },
  }, async () => lookups.eventTypes());

  app.get(`${V}/event-series`, {
    config,
    schema: {
      tags,
      summary: 'Upcoming event titles of a type or a ministry',
      querystring: Type.Object({ eventTypeId: Type.Optional(Id), ministryId: Type.Optional(Id), from: DateText }),
      response: responses({ 200: Type.Object({ series: Type.Array(Type.Object({ title: Type.String(), nextStart: Type.String(), count: Type.Integer() })) }) }),
    },
  }, async (request) => lookups.series(request.query));

  app.get(`${V}/classes`, {
    config,
    schema: {
      tags,
      summary: 'Sunday School classes and groups with upcoming linked events',
      querystring: Type.Object({ from: DateText }),
      response: responses({
        200: Type.Object({
          classes: Type.Array(Type.Object({ groupId: Type.Integer(), name: Type.String(), sundaySchool: Type.Boolean(), upcomingCount: Type.Integer(), nextStart: Nullable(Type.String()) })),
        }),
      }),
    },
  }, async (request) => lookups.classes(request.query));

  app.get(`${V}/upcoming-events`, {
    config,
    schema: {
      tags,
      summary: 'Future active events, soonest first (at most 50)',
      querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), from: DateText, to: DateText, teamId: Type.Optional(Id) }),
      response: responses({
        200: Type.Object({
          events: Type.Array(Type.Object({
            id: Type.Integer(), title: Type.String(), start: Type.String(), end: Type.String(), eventTypeId: Type.Integer(),
            eventTypeName: Nullable(Type.String()), staffedByTeam: Type.Boolean(),
          })),
        }),
      }),
    },
  }, async (request) => lookups.upcomingEvents(await actorOf(request, services), request.query));
};
