import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countryList, statesOf } from '../../domain/public/reference-data.js';
import type { Services } from '../../domain/services.js';
import { callerOf } from '../plugins/access.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { presentCalendarFeed, presentFullCalendar, presentPublicEvent } from '../presenters/public.presenter.js';
import { presentMemberCalendars } from '../presenters/core.presenter.js';
import { Id, responses } from '../schemas/common.js';
import { MemberCalendar } from '../schemas/core.schemas.js';
import { CalendarFeed, FullCalendarEvent, PublicEvent, ScheduleFeed } from '../schemas/public.schemas.js';

const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });
const Window = Type.Object({ start: Type.Optional(Type.String({ maxLength: 40 })), end: Type.Optional(Type.String({ maxLength: 40 })) });

/** A person's own feed: shown in place, and never kept by a shared cache. */
const personalFeed = (reply: FastifyReply, filename: string, text: string) => reply
  .type('text/calendar; charset=utf-8')
  .header('Content-Disposition', `inline; filename="${filename}"`)
  .header('Cache-Control', 'private, no-cache')
  .send(text);

/**
 * Reference data and calendar feeds of the public area (contract §14.3, §14.5, §14.6), the member's feed settings
 * (§15.8) and, ours (issue 17), the volunteer's schedule feed beside them.
 */
export const publicRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { calendarFeeds, calendars, scheduleFeed } = services;
  const tags = ['Public'];
  const isPublic = { access: 'public' as const };
  // Anyone may ask for a feed; building one costs real work, so feeds share the public form limit.
  const isLimitedPublic = { access: 'public' as const, rateLimit: publicRateLimit(services, 'iPublicFormRateLimitPerMinute') };

  app.get('/api/public/data/countries', {
    config: isPublic,
    schema: { tags, summary: 'ISO 3166-1 countries, Kosovo (XK) and the exceptionally reserved territories, with English names', response: responses({ 200: Type.Array(Type.Object({ name: Type.String(), code: Type.String() })) }) },
  }, async () => countryList());

  app.get('/api/public/data/countries/:code/states', {
    config: isPublic,
    schema: {
      tags,
      summary: "A country's subdivisions, code → name ({} when it has none)",
      params: Type.Object({ code: Type.String({ maxLength: 200 }) }),
      response: responses({ 200: Type.Record(Type.String(), Type.String()) }),
    },
  }, async (request) => statesOf(request.params.code));

  app.get('/api/public/calendar/:token/events', {
    config: isLimitedPublic,
    schema: { tags, summary: "Events of the token's calendar overlapping [start, end)", params: TokenParams, querystring: Window, response: responses({ 200: Type.Array(PublicEvent) }) },
  }, async (request) => (await calendarFeeds.publicEvents(request.params.token, request.query.start, request.query.end)).map(presentPublicEvent));

  app.get('/api/public/calendar/:token/ics', {
    config: isLimitedPublic,
    schema: { tags, summary: "The token's calendar as iCalendar (RFC 5545)", params: TokenParams },
  }, async (request, reply) => reply
    .type('text/calendar; charset=utf-8')
    .header('Content-Disposition', 'attachment; filename=calendar.ics')
    .send(await calendarFeeds.publicIcs(request.params.token)));

  app.get('/api/public/calendar/:token/fullcalendar', {
    config: isLimitedPublic,
    schema: { tags, summary: "The token's calendar as FullCalendar event objects", params: TokenParams, querystring: Window, response: responses({ 200: Type.Array(FullCalendarEvent) }) },
  }, async (request) => presentFullCalendar(await calendarFeeds.fullCalendar(request.params.token, request.query.start, request.query.end)));

  app.get('/api/public/portal-calendar/:token/calendar.ics', {
    config: isLimitedPublic,
    schema: { tags, summary: "A member's own calendar feed", params: TokenParams },
  }, async (request, reply) => personalFeed(reply, 'calendar.ics', await calendarFeeds.memberIcs(request.params.token)));

  app.get('/api/users/current/calendar-feed', {
    config: { access: 'login' },
    schema: { tags: ['Users'], summary: 'My calendar feed: chosen calendars and the feed address', response: responses({ 200: CalendarFeed }) },
  }, async (request) => presentCalendarFeed(await calendarFeeds.feed(callerOf(request))));

  app.get('/api/users/current/calendars', {
    config: { access: 'login' },
    schema: {
      tags: ['Users'],
      summary: 'The calendars the church shares with members, to choose for my calendar feed (ours, issue 37 #9)',
      response: responses({ 200: Type.Object({ calendars: Type.Array(MemberCalendar) }) }),
    },
  }, async () => ({ calendars: presentMemberCalendars(await calendars.memberCalendars()) }));

  app.put('/api/users/current/calendar-feed', {
    config: { access: 'login' },
    schema: {
      tags: ['Users'],
      summary: 'Choose the calendars of my feed (only those the church shares); the first save mints the address',
      body: Type.Object({ calendarIds: Type.Array(Id, { maxItems: 500 }), systemCalendarIds: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { maxItems: 50 })) }),
      response: responses({ 200: CalendarFeed }),
    },
  }, async (request) => presentCalendarFeed(await calendarFeeds.saveFeed(callerOf(request), request.body.calendarIds, request.body.systemCalendarIds ?? [])));

  app.post('/api/users/current/calendar-feed/reset', {
    config: { access: 'login' },
    schema: { tags: ['Users'], summary: 'A new feed address; the old one stops at once', response: responses({ 200: CalendarFeed }) },
  }, async (request) => presentCalendarFeed(await calendarFeeds.resetFeed(callerOf(request))));

  app.get('/api/public/my-schedule/:token/schedule.ics', {
    config: isLimitedPublic,
    schema: { tags, summary: "A volunteer's upcoming assignments as iCalendar, by the feed's secret token (ours)", params: TokenParams },
  }, async (request, reply) => personalFeed(reply, 'schedule.ics', await scheduleFeed.ics(request.params.token)));

  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  app.get('/api/users/current/schedule-feed', {
    config: { access: 'member' },
    schema: {
      tags: ['Users'],
      summary: 'My schedule feed: the first ask makes it and answers its address, later asks answer url null (ours)',
      response: responses({ 200: ScheduleFeed }),
    },
  }, async (request) => scheduleFeed.feed(callerOf(request), origin(request)));

  app.post('/api/users/current/schedule-feed/reset', {
    config: { access: 'member' },
    schema: { tags: ['Users'], summary: 'A new schedule feed address; the old one stops at once (ours)', response: responses({ 200: ScheduleFeed }) },
  }, async (request) => scheduleFeed.resetFeed(callerOf(request), origin(request)));
};
