import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { MinistryRow, ScheduleRow, TeamRow } from '../../../db/schema.js';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { entityOf, guards } from '../../plugins/volunteer-guards.js';
import { Id, idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import { ActiveQuery, EligiblePerson, GenerateResult, LooseBody, Occurrence, Requirement, Schedule } from '../../schemas/volunteer.schemas.js';
import { activeFilter, ministryPath, SETUP_FAILURE, teamPath, V } from './paths.js';

/** Schedules, E4, Staff this event, E5 and schedule needs (contract §5.2–§5.4). */
export const schedulesRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { schedules } = services;
  const guard = guards(services);
  const tags = ['Volunteer: schedules'];
  const config = { access: 'coordinator' as const, failureMessage: SETUP_FAILURE };
  const schedulePath = `${V}/schedules/${idSegment('scheduleId')}`;
  const Schedules = Type.Object({ schedules: Type.Array(Schedule) });

  app.get(`${ministryPath}/schedules`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: "The ministry's schedules (Staff-this-event ones are hidden), by name", querystring: Type.Composite([ActiveQuery, Type.Object({ teamId: Type.Optional(Id) })]), response: responses({ 200: Schedules }) },
  }, async (request) => ({
    schedules: await schedules.list({ ministryId: entityOf<MinistryRow>(request).id, teamId: request.query.teamId, active: activeFilter(request.query.active) }),
  }));

  app.get(`${teamPath}/schedules`, {
    config,
    preValidation: guard.team(),
    schema: { tags, summary: "The team's schedules", querystring: ActiveQuery, response: responses({ 200: Schedules }) },
  }, async (request) => ({ schedules: await schedules.list({ teamId: entityOf<TeamRow>(request).id, active: activeFilter(request.query.active) }) }));

  app.post(`${ministryPath}/schedules`, {
    config,
    preValidation: guard.ministryOrLedTeam(),
    schema: {
      tags,
      summary: 'E4: a schedule that follows calendar events; an active one generates at once',
      description: 'The retired fields recurType, recurDow, recurDom, startTime, endTime, generateAheadDays, defaultPersonId, defaultAccepted and eventId answer 400.',
      body: LooseBody,
      response: responses({ 201: Type.Object({ schedule: Schedule, generated: Type.Union([GenerateResult, Type.Null()]) }) }),
    },
  }, async (request, reply) => reply.code(201).send(await schedules.create(await actorOf(request, services), entityOf<MinistryRow>(request), request.body)));

  app.post(`${ministryPath}/staffed-events`, {
    config,
    preValidation: guard.ministryOrLedTeam(),
    schema: {
      tags,
      summary: 'Staff this event: a hidden one-event schedule, its needs and its occurrence',
      body: LooseBody,
      response: responses({ 201: Type.Object({ occurrence: Occurrence, schedule: Schedule }) }),
    },
  }, async (request, reply) => {
    const { occurrenceId, schedule } = await schedules.staffEvent(await actorOf(request, services), entityOf<MinistryRow>(request), request.body);
    const occurrence = await services.occurrences.authorized(await actorOf(request, services), occurrenceId);
    return reply.code(201).send({ occurrence: (await services.occurrences.detail(occurrence)).occurrence, schedule });
  });

  app.get(schedulePath, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: 'A schedule (Staff-this-event ones too)', response: responses({ 200: Type.Object({ schedule: Schedule }) }) },
  }, async (request) => ({ schedule: await schedules.get(entityOf<ScheduleRow>(request)) }));

  app.post(schedulePath, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: 'Change a schedule (never generates)', body: LooseBody, response: responses({ 200: Type.Object({ schedule: Schedule }) }) },
  }, async (request) => schedules.update(await actorOf(request, services), entityOf<ScheduleRow>(request), request.body));

  app.delete(schedulePath, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: 'Delete a schedule with its occurrences and needs (409 while assignments exist)', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await schedules.delete(entityOf<ScheduleRow>(request));
    return { success: true as const };
  });

  app.post(`${schedulePath}/generate`, {
    config,
    preValidation: guard.schedule(),
    schema: {
      tags,
      summary: 'E5: attach occurrences up to the horizon and assign saved defaults on the new ones (idempotent)',
      body: LooseBody,
      response: responses({ 200: GenerateResult }),
    },
  }, async (request) => schedules.generate(await actorOf(request, services), entityOf<ScheduleRow>(request), request.body));

  app.get(`${schedulePath}/eligible`, {
    config,
    preValidation: guard.schedule(),
    schema: {
      tags,
      summary: "People qualified for a position of the schedule's team, in rotation order",
      querystring: Type.Object({ positionId: Type.Optional(Type.String({ maxLength: 100 })), q: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: responses({ 200: Type.Object({ people: Type.Array(EligiblePerson) }) }),
    },
  }, async (request) => schedules.eligible(entityOf<ScheduleRow>(request), request.query.positionId, request.query.q));

  app.get(`${schedulePath}/requirements`, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: "The schedule's staffing needs with their default volunteers", response: responses({ 200: Type.Object({ requirements: Type.Array(Requirement) }) }) },
  }, async (request) => schedules.requirements(entityOf<ScheduleRow>(request)));

  app.post(`${schedulePath}/requirements`, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: 'Upsert one staffing need', body: LooseBody, response: responses({ 200: Type.Object({ requirement: Requirement }), 201: Type.Object({ requirement: Requirement }) }) },
  }, async (request, reply) => {
    const { created, requirement } = await schedules.upsertRequirement(entityOf<ScheduleRow>(request), request.body);
    return reply.code(created ? 201 : 200).send({ requirement });
  });
};
