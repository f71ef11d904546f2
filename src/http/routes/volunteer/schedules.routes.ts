import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { Id, idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import { parseGenerate, parsePlanRow, parseScheduleCreate, parseScheduleUpdate, parseStaffEvent } from '../../commands/schedules.commands.js';
import {
  ActiveQuery, EligiblePerson, GenerateBody, GenerateResult, Occurrence, Requirement, Schedule, ScheduleCreateBody, ScheduleNeedBody, ScheduleUpdateBody, StaffEventBody,
} from '../../schemas/volunteer.schemas.js';
import { activeFilter } from '../../commands/filters.commands.js';
import { ministryPath, SETUP_FAILURE, teamPath, V } from './paths.js';
import { parseEligible } from '../../commands/occurrences.commands.js';
import { presentOccurrence } from '../../presenters/occurrences.presenter.js';
import { presentRequirement, presentSchedule, presentWithSchedule } from '../../presenters/schedules.presenter.js';

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
    schedules: (await schedules.list({ ministry: authorizedOf(request, 'ministry'), teamId: request.query.teamId, active: activeFilter(request.query.active) })).map(presentSchedule),
  }));

  app.get(`${teamPath}/schedules`, {
    config,
    preValidation: guard.team(),
    schema: { tags, summary: "The team's schedules", querystring: ActiveQuery, response: responses({ 200: Schedules }) },
  }, async (request) => ({ schedules: (await schedules.list({ team: authorizedOf(request, 'team'), active: activeFilter(request.query.active) })).map(presentSchedule) }));

  app.post(`${ministryPath}/schedules`, {
    config,
    preValidation: guard.ministryOrLedTeam(),
    schema: {
      tags,
      summary: 'E4: a schedule that follows calendar events; an active one generates at once',
      description: 'The retired fields recurType, recurDow, recurDom, startTime, endTime, generateAheadDays, defaultPersonId, defaultAccepted and eventId answer 400.',
      body: ScheduleCreateBody,
      response: responses({ 201: Type.Object({ schedule: Schedule, generated: Type.Union([GenerateResult, Type.Null()]) }) }),
    },
  }, async (request, reply) => {
    const actor = await actorOf(request, services);
    return reply.code(201).send(presentWithSchedule(await schedules.create(actor, authorizedOf(request, 'ministry'), parseScheduleCreate(request.body))));
  });

  app.post(`${ministryPath}/staffed-events`, {
    config,
    preValidation: guard.ministryOrLedTeam(),
    schema: {
      tags,
      summary: 'Staff this event: a hidden one-event schedule, its needs and its occurrence',
      body: StaffEventBody,
      response: responses({ 201: Type.Object({ occurrence: Occurrence, schedule: Schedule }) }),
    },
  }, async (request, reply) => {
    const { occurrenceId, schedule } = await schedules.staffEvent(await actorOf(request, services), authorizedOf(request, 'ministry'), parseStaffEvent(request.body));
    const occurrence = await services.volunteerAccess.occurrence(await actorOf(request, services), occurrenceId);
    return reply.code(201).send({ occurrence: presentOccurrence(await services.occurrences.detail(occurrence)), schedule: presentSchedule(schedule) });
  });

  app.get(schedulePath, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: 'A schedule (Staff-this-event ones too)', response: responses({ 200: Type.Object({ schedule: Schedule }) }) },
  }, async (request) => ({ schedule: presentSchedule(await schedules.get(authorizedOf(request, 'schedule'))) }));

  app.post(schedulePath, {
    config,
    preValidation: guard.schedule(),
    schema: {
      tags,
      summary: 'Change a schedule (never generates)',
      description: 'A Staff-this-event schedule keeps its linkMode; linkMode event, the retired fields of the create route and eventId answer 400.',
      body: ScheduleUpdateBody,
      response: responses({ 200: Type.Object({ schedule: Schedule }) }),
    },
  }, async (request) => {
    const actor = await actorOf(request, services);
    const schedule = authorizedOf(request, 'schedule');
    return presentWithSchedule(await schedules.update(actor, schedule, parseScheduleUpdate(schedule, request.body)));
  });

  app.delete(schedulePath, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: 'Delete a schedule with its occurrences and needs (409 while assignments exist)', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await schedules.delete(authorizedOf(request, 'schedule'));
    return { success: true as const };
  });

  app.post(`${schedulePath}/generate`, {
    config,
    preValidation: guard.schedule(),
    schema: {
      tags,
      summary: 'E5: attach occurrences up to the horizon and assign saved defaults on the new ones (idempotent)',
      body: GenerateBody,
      response: responses({ 200: GenerateResult }),
    },
  }, async (request) => schedules.generate(await actorOf(request, services), authorizedOf(request, 'schedule'), parseGenerate(request.body)));

  app.get(`${schedulePath}/eligible`, {
    config,
    preValidation: guard.schedule(),
    schema: {
      tags,
      summary: "People qualified for a position of the schedule's team, in rotation order",
      querystring: Type.Object({ positionId: Type.Optional(Type.String({ maxLength: 100 })), q: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: responses({ 200: Type.Object({ people: Type.Array(EligiblePerson) }) }),
    },
  }, async (request) => schedules.eligible(authorizedOf(request, 'schedule'), parseEligible(request.query)));

  app.get(`${schedulePath}/requirements`, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: "The schedule's staffing needs with their default volunteers", response: responses({ 200: Type.Object({ requirements: Type.Array(Requirement) }) }) },
  }, async (request) => {
    const { rows, defaults } = await schedules.requirements(authorizedOf(request, 'schedule'));
    return { requirements: rows.map((row) => presentRequirement(row, defaults)) };
  });

  app.post(`${schedulePath}/requirements`, {
    config,
    preValidation: guard.schedule(),
    schema: { tags, summary: 'Upsert one staffing need', body: ScheduleNeedBody, response: responses({ 200: Type.Object({ requirement: Requirement }), 201: Type.Object({ requirement: Requirement }) }) },
  }, async (request, reply) => {
    const { created, requirement, defaults } = await schedules.upsertRequirement(authorizedOf(request, 'schedule'), parsePlanRow(request.body));
    return reply.code(created ? 201 : 200).send({ requirement: presentRequirement(requirement, defaults) });
  });
};
