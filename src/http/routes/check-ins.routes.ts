import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { actorOf } from '../plugins/access.js';
import { presentCheckIn } from '../presenters/attendance.presenter.js';
import { CheckIn } from '../schemas/attendance.schemas.js';
import { Id, idSegment, responses, SuccessResponse } from '../schemas/common.js';

/**
 * Event check-in (issue 36 #1): AddEvents checks anyone in to any event; a coordinator or team leader the people
 * placed on the event's occurrences they staff. 404 (event, person), then 403, then 409 for the state.
 */
export const checkInsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { attendance } = services;
  const tags = ['Check-in'];
  const config = { access: 'login' as const };
  const list = `/api/events/${idSegment('eventId')}/check-ins`;
  const one = `${list}/${idSegment('personId')}`;
  const params = Type.Object({ eventId: Id, personId: Id });

  app.get(list, {
    config,
    schema: {
      tags,
      summary: "Who checked in to the event, by name (AddEvents: everyone; a coordinator or team leader: the people placed on their occurrences)",
      params: Type.Object({ eventId: Id }),
      response: responses({ 200: Type.Object({ eventId: Type.Integer(), checkIns: Type.Array(CheckIn) }) }),
    },
  }, async (request) => ({
    eventId: request.params.eventId,
    checkIns: (await attendance.attendees(await actorOf(request, services), request.params.eventId)).map(presentCheckIn),
  }));

  app.post(one, {
    config,
    schema: {
      tags,
      summary: 'Check a person in to the event now',
      description: '409 when the person is already checked in (a person is checked in once per event).',
      params,
      response: responses({ 201: Type.Object({ checkIn: CheckIn }) }),
    },
  }, async (request, reply) =>
    reply.code(201).send({ checkIn: presentCheckIn(await attendance.checkIn(await actorOf(request, services), request.params.eventId, request.params.personId)) }));

  app.post(`${one}/check-out`, {
    config,
    schema: {
      tags,
      summary: 'Check a person out of the event now',
      description: '409 unless the person is checked in and not yet out.',
      params,
      response: responses({ 200: Type.Object({ checkIn: CheckIn }) }),
    },
  }, async (request) => ({ checkIn: presentCheckIn(await attendance.checkOut(await actorOf(request, services), request.params.eventId, request.params.personId)) }));

  app.delete(one, {
    config,
    schema: { tags, summary: 'Undo a mistaken check-in: the person reads as not checked in again', params, response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await attendance.undo(await actorOf(request, services), request.params.eventId, request.params.personId);
    return { success: true as const };
  });
};
