import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EVENT_PAGE_LIMIT } from '../../domain/events/events.service.js';
import type { Services } from '../../domain/services.js';
import { parseEventChanges, parseEventPage, parseEventStatus, parseEventTypeChanges, parseNewEvent, parseNewEventType, parseNewSeries } from '../commands/events.commands.js';
import { callerOf } from '../plugins/access.js';
import { pathId } from '../plugins/volunteer-guards.js';
import { presentCounts, presentEvent, presentEventType } from '../presenters/core.presenter.js';
import { idParams, idSegment, PermissiveBoolean, responses, SuccessResponse } from '../schemas/common.js';
import { AttendanceCount, CountsBody, Event, EventBody, EventType, EventTypeBody, EventTypeUpdateBody, EventUpdateBody, RepeatBody } from '../schemas/core.schemas.js';

/** Calendar events, series, headcounts and event types (contract §15.4). */
export const eventsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { events, eventTypes } = services;
  const tags = ['Events'];
  const addEvents = { access: { role: 'addEvents' as const } };
  const eventPath = `/api/events/${idSegment('eventId')}`;
  const params = idParams('eventId');

  app.get('/api/events/types', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Event types, by name', response: responses({ 200: Type.Array(EventType) }) },
  }, async () => (await eventTypes.list()).map(presentEventType));

  app.post('/api/events/types', {
    config: addEvents,
    schema: { tags, summary: 'Create an event type', body: EventTypeBody, response: responses({ 201: EventType }) },
  }, async (request, reply) => reply.code(201).send(presentEventType(await eventTypes.create(parseNewEventType(request.body)))));

  const typePath = `/api/events/types/${idSegment('typeId')}`;

  app.post(typePath, {
    config: addEvents,
    schema: { tags, summary: "Rename an event type, change its default start time, or retire it with active false (ours)", params: idParams('typeId'), body: EventTypeUpdateBody, response: responses({ 200: EventType }) },
  }, async (request) => presentEventType(await eventTypes.update(request.params.typeId, parseEventTypeChanges(request.body))));

  app.delete(typePath, {
    config: addEvents,
    schema: { tags, summary: 'Delete an event type no event uses (ours)', params: idParams('typeId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await eventTypes.delete(request.params.typeId);
    return { success: true as const };
  });

  app.get('/api/events', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Events, soonest first: at most 1,000 a page (offset pages on; X-Total-Count tells how many), optionally only those overlapping [start, end)',
      querystring: Type.Object({
        start: Type.Optional(Type.String({ maxLength: 10 })),
        end: Type.Optional(Type.String({ maxLength: 10 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EVENT_PAGE_LIMIT })),
        offset: Type.Optional(Type.Integer({ minimum: 0 })),
      }),
      response: responses({ 200: Type.Object({ Events: Type.Array(Event) }) }),
    },
  }, async (request, reply) => {
    const page = await events.listEvents(parseEventPage(request.query));
    reply.header('X-Total-Count', String(page.total));
    return { Events: page.events.map(presentEvent) };
  });

  app.post('/api/events', {
    config: addEvents,
    schema: {
      tags,
      summary: 'Create an event',
      description: 'Start and End are wall-clock times in the church time zone; a T is taken as a space. Emits event.created.',
      body: EventBody,
      response: responses({ 200: Type.Object({ success: Type.Literal(true), eventId: Type.Integer() }) }),
    },
  }, async (request) => {
    const [event] = await events.createEvents(parseNewEvent(request.body));
    return { success: true as const, eventId: event.id };
  });

  app.post('/api/events/repeat', {
    config: addEvents,
    schema: {
      tags,
      summary: 'Create a weekly, monthly or yearly series (at most 366 events, all or nothing)',
      body: RepeatBody,
      response: responses({ 200: Type.Object({ success: Type.Literal(true), count: Type.Integer(), skipped: Type.Integer(), eventIds: Type.Array(Type.Integer()) }) }),
    },
  }, async (request) => {
    const { events: created, skipped } = await events.createSeries(parseNewSeries(request.body));
    return { success: true as const, count: created.length, skipped, eventIds: created.map((event) => event.id) };
  });

  app.get(eventPath, {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Read an event with its headcounts',
      params,
      response: responses({ 200: Type.Composite([Event, Type.Object({ AttendanceCounts: Type.Array(AttendanceCount) })]) }),
    },
  }, async (request) => {
    const details = await events.getEvent(request.params.eventId);
    return { ...presentEvent(details), AttendanceCounts: presentCounts(details.counts) };
  });

  app.post(eventPath, {
    config: addEvents,
    schema: { tags, summary: 'Change an event (fields left out stay; PinnedCalendars replaces the pins)', params, body: EventUpdateBody, response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await events.updateEvent(request.params.eventId, parseEventChanges(request.body));
    return { success: true as const };
  });

  app.post(`${eventPath}/status`, {
    config: addEvents,
    schema: { tags, summary: 'Make an event active or inactive', params, body: Type.Object({ active: PermissiveBoolean }), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await events.updateEvent(request.params.eventId, parseEventStatus(request.body));
    return { success: true as const };
  });

  app.delete(eventPath, {
    config: addEvents,
    schema: { tags, summary: 'Delete an event (refused while people are checked in or a kiosk shows it)', params, response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await events.deleteEvent(request.params.eventId);
    return { success: true as const };
  });

  app.put(`${eventPath}/attendance-counts`, {
    config: { access: 'staff' },
    preValidation: async (request) => services.volunteerAccess.eventHeadcounts(callerOf(request), pathId(request, 'eventId', 'Event')),
    schema: {
      tags,
      summary: "Replace the event's recorded headcounts (AddEvents, or a coordinator of the event's ministry)",
      params,
      body: CountsBody,
      response: responses({ 200: Type.Object({ eventId: Type.Integer(), AttendanceCounts: Type.Array(AttendanceCount) }) }),
    },
  }, async (request) => ({
    eventId: request.params.eventId,
    AttendanceCounts: presentCounts(await events.replaceCounts(request.params.eventId, request.body.counts)),
  }));
};
