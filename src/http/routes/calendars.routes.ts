import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { presentCalendar, presentPortalCalendars } from '../presenters/core.presenter.js';
import { actorOf } from '../plugins/access.js';
import { UNKNOWN_PORTAL_CALENDAR } from '../../domain/calendars/calendars.service.js';
import { idParams, idSegment, Nullable, RequiredField, responses, Stages, SuccessResponse } from '../schemas/common.js';
import { Calendar, CalendarBody, PortalCalendar } from '../schemas/core.schemas.js';
import { parseNewCalendar, parsePortalCalendars } from '../commands/calendars.commands.js';
import { parseCalendarGrants } from '../commands/ministries.commands.js';

const CalendarMinistries = Type.Object({
  calendarId: Type.Integer(),
  ministries: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), active: Type.Boolean() })),
});

/** Church calendars, access tokens and the calendars shared with members (contract §15.3). */
export const calendarsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { calendars } = services;
  const tags = ['Calendars'];
  const addEvents = { access: { role: 'addEvents' as const } };
  const calendarPath = `/api/calendars/${idSegment('calendarId')}`;
  const params = idParams('calendarId');

  app.get('/api/calendars', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Every calendar', response: responses({ 200: Type.Array(Calendar) }) },
  }, async () => (await calendars.list()).map(presentCalendar));

  app.get(calendarPath, {
    config: { access: 'staff' },
    schema: { tags, summary: 'One calendar (as a list of one)', params, response: responses({ 200: Type.Array(Calendar) }) },
  }, async (request) => [presentCalendar(await calendars.get(request.params.calendarId))]);

  app.post('/api/calendars', {
    config: addEvents,
    schema: { tags, summary: 'Create a calendar', body: CalendarBody, response: responses({ 200: Calendar }) },
  }, async (request) => presentCalendar(await calendars.create(parseNewCalendar(request.body))));

  // The reference answers any unknown id here, however large, with its 400 (the service range-checks it).
  app.delete(calendarPath, {
    config: addEvents,
    schema: { tags, summary: 'Delete a calendar', params: Type.Object({ calendarId: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) }), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await calendars.delete(request.params.calendarId);
    return { success: true as const };
  });

  app.post(`${calendarPath}/NewAccessToken`, {
    config: addEvents,
    schema: { tags, summary: 'Give the calendar a new random access token for its public feeds', params, response: responses({ 200: Calendar }) },
  }, async (request) => presentCalendar(await calendars.newAccessToken(request.params.calendarId)));

  app.delete(`${calendarPath}/AccessToken`, {
    config: addEvents,
    schema: { tags, summary: "Remove the calendar's access token (its public feeds stop)", params, response: responses({ 200: Calendar }) },
  }, async (request) => presentCalendar(await calendars.clearAccessToken(request.params.calendarId)));

  app.get(`${calendarPath}/ministries`, {
    config: { access: { role: 'addEvents', rollout: true } },
    schema: {
      tags,
      summary: 'The ministries a church calendar is opened to',
      params,
      response: responses({ 200: CalendarMinistries }),
    },
  }, async (request) => services.ministries.calendarMinistries(request.params.calendarId));

  app.put(`${calendarPath}/ministries`, {
    config: { access: { role: 'addEvents', rollout: true } },
    schema: {
      tags,
      summary: "Open a church calendar to ministries (replaces the list); a ministry's own calendar is refused",
      params,
      body: Type.Object({ ministryIds: Type.Optional(Type.Unknown()) }),
      response: responses({ 200: CalendarMinistries }),
    },
  }, async (request) => services.ministries.openCalendarTo(request.params.calendarId, parseCalendarGrants(request.body)));

  app.get('/api/calendars/pinnable', {
    config: { access: { staff: true, rollout: true } },
    schema: {
      tags,
      summary: "Calendars the caller may pin a ministry's events to",
      querystring: Type.Object({ ministryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }),
      response: responses({ 200: Type.Object({ ministryId: Nullable(Type.Integer()), calendarIds: Type.Array(Type.Integer()) }) }),
    },
  }, async (request) => services.ministries.pinnableCalendars(await actorOf(request, services), request.query.ministryId));

  // An entry of the wrong shape and one naming no calendar answer the same 400, so checking the shape first keeps every answer.
  const PortalCalendarChoice = Type.Object({
    type: Type.Union([Type.Literal('calendar'), Type.Literal('system')], { 'x-error': UNKNOWN_PORTAL_CALENDAR }),
    id: Type.Union([Type.Number(), Type.String({ pattern: '^\\d+$' })], { 'x-error': UNKNOWN_PORTAL_CALENDAR }),
  }, { 'x-error': UNKNOWN_PORTAL_CALENDAR });
  const LIST = 'Send the calendars to show as a list.';
  const PortalCalendarsBody = Stages(RequiredField('visible', Type.Array(PortalCalendarChoice, { 'x-error': LIST }), LIST));

  app.get('/admin/api/member-portal/calendars', {
    config: { access: { role: 'admin' } },
    schema: { tags, summary: 'Calendars an administrator may share with members', response: responses({ 200: Type.Object({ calendars: Type.Array(PortalCalendar) }) }) },
  }, async () => ({ calendars: presentPortalCalendars(await calendars.portalCalendars()) }));

  app.post('/admin/api/member-portal/calendars', {
    config: { access: { role: 'admin' } },
    schema: {
      tags,
      summary: 'Choose the calendars shared with members',
      body: PortalCalendarsBody,
      response: responses({ 200: Type.Object({ success: Type.Literal(true), calendars: Type.Array(PortalCalendar) }) }),
    },
  }, async (request) => ({ success: true as const, calendars: presentPortalCalendars(await calendars.setPortalCalendars(parsePortalCalendars(request.body.visible))) }));
};
