import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { parseMinistryEventChanges, parseMinistryEventWindow, parseNewMinistryEvent } from '../../commands/ministry-events.commands.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards, pathId } from '../../plugins/volunteer-guards.js';
import { BodyIdOf, idSegment, RequiredField, responses, Stages } from '../../schemas/common.js';
import { CreatedMinistryEvents, EditedMinistryEvent, MinistryEventList, StaffedSchedules } from '../../schemas/ministry-events.schemas.js';
import { MinistryEventBody, MinistryEventEditBody } from '../../schemas/volunteer.schemas.js';
import { presentCreatedMinistryEvents, presentEditedMinistryEvent, presentMinistryEventList, presentStaffedSchedules } from '../../presenters/ministry-events.presenter.js';
import { ministryPath, SETUP_FAILURE } from './paths.js';


/** The ministry's own events: E1, E2, E3, delete and edit (contract §6). */
export const ministryEventsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { ministryEvents } = services;
  const guard = guards(services);
  const tags = ['Volunteer: ministry events'];
  const config = { access: 'coordinator' as const, failureMessage: SETUP_FAILURE };
  const coordinatorOnly = (verb: string) => guard.ministry('ministry', `Only a coordinator of this ministry may ${verb} its events`);
  const EventIds = (emptyMessage: string) => {
    const LIST = 'eventIds must be a list of event ids';
    const ids = Type.Intersect([Type.Array(BodyIdOf(LIST), { 'x-error': LIST }), Type.Array(Type.Integer(), { minItems: 1, 'x-error': emptyMessage })]);
    return Stages(RequiredField('eventIds', ids, LIST));
  };

  app.get(`${ministryPath}/events`, {
    config,
    preValidation: guard.ministry(),
    schema: {
      tags,
      summary: "E1: the ministry's events (default: a year ahead; past=1: the year before) with staffing per team",
      querystring: Type.Object({ past: Type.Optional(Type.String({ maxLength: 10 })), from: Type.Optional(Type.String()), to: Type.Optional(Type.String()) }),
      response: responses({
        200: MinistryEventList,
      }),
    },
  }, async (request) => presentMinistryEventList(await ministryEvents.list(authorizedOf(request, 'ministry'), parseMinistryEventWindow(request.query))));

  app.post(`${ministryPath}/events`, {
    config,
    preValidation: coordinatorOnly('create'),
    schema: {
      tags,
      summary: "E2: create one event or a series owned by the ministry (staffing is a separate step)",
      body: MinistryEventBody,
      response: responses({ 201: CreatedMinistryEvents }),
    },
  }, async (request, reply) => reply.code(201).send(presentCreatedMinistryEvents(await ministryEvents.create(await actorOf(request, services), authorizedOf(request, 'ministry'), parseNewMinistryEvent(request.body)))));

  app.post(`${ministryPath}/events/staff`, {
    config,
    preValidation: coordinatorOnly('staff'),
    schema: {
      tags,
      summary: 'E3: staff new events on the schedules that already follow them',
      body: EventIds('Choose the events to staff'),
      response: responses({ 200: StaffedSchedules }),
    },
  }, async (request) => presentStaffedSchedules(await ministryEvents.staff(authorizedOf(request, 'ministry'), request.body.eventIds)));

  app.delete(`${ministryPath}/events`, {
    config,
    preValidation: coordinatorOnly('delete'),
    schema: { tags, summary: "Delete some of the ministry's events, all or none", body: EventIds('Choose the events to delete'), response: responses({ 200: Type.Object({ deleted: Type.Integer() }) }) },
  }, async (request) => ministryEvents.delete(await actorOf(request, services), authorizedOf(request, 'ministry'), request.body.eventIds));

  app.post(`${ministryPath}/events/${idSegment('eventId')}`, {
    config,
    preValidation: coordinatorOnly('edit'),
    schema: {
      tags,
      summary: "Edit one of the ministry's own events",
      body: MinistryEventEditBody,
      response: responses({ 200: EditedMinistryEvent }),
    },
  }, async (request) => presentEditedMinistryEvent(await ministryEvents.edit(await actorOf(request, services), authorizedOf(request, 'ministry'), pathId(request, 'eventId', 'Event'), parseMinistryEventChanges(request.body))));
};
