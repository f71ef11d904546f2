import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf, callerOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { idSegment, RequiredField, responses, Stages, SuccessResponse } from '../../schemas/common.js';
import { parsePlanRow } from '../../commands/schedules.commands.js';
import { Assignment, EligiblePerson, Occurrence, OccurrenceNeedBody, OccurrenceNeedsBody, Requirement } from '../../schemas/volunteer.schemas.js';
import { SETUP_FAILURE, V } from './paths.js';
import { parseEligible, parseOccurrenceList } from '../../commands/occurrences.commands.js';
import { presentNeedsEditor, presentOccurrence, presentOccurrenceDetail, presentOwnNeeds, presentStaffing } from '../../presenters/occurrences.presenter.js';
import { presentRequirement } from '../../presenters/schedules.presenter.js';
import { presentMarkedPeople } from '../../presenters/availability.presenter.js';


/** Occurrences, E6 and E7 (contract §5.4, §5.5). */
export const occurrencesRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { occurrences } = services;
  const guard = guards(services);
  const tags = ['Volunteer: occurrences'];
  const config = { access: 'coordinator' as const, failureMessage: SETUP_FAILURE };
  const occurrencePath = `${V}/occurrences/${idSegment('occurrenceId')}`;
  const NeedsAnswer = Type.Object({ occurrenceId: Type.Integer(), requirements: Type.Array(Requirement), overridden: Type.Boolean() });
  const text = Type.Optional(Type.String({ maxLength: 100 }));
  const STATUS_MESSAGE = 'status must be scheduled or cancelled';
  const StatusBody = Stages(RequiredField('status', Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')], { 'x-error': STATUS_MESSAGE }), STATUS_MESSAGE));

  app.get(`${V}/occurrences`, {
    config,
    schema: {
      tags,
      summary: 'Occurrences in a window, scoped to what the caller manages (at most 500)',
      querystring: Type.Object({ from: text, to: text, ministryId: text, teamId: text, scheduleId: text, status: text, text, hasGaps: text }),
      response: responses({ 200: Type.Object({ occurrences: Type.Array(Occurrence), limit: Type.Integer(), capped: Type.Boolean() }) }),
    },
  }, async (request) => {
    const { occurrences: found, ...page } = await occurrences.list(await actorOf(request, services), parseOccurrenceList(request.query));
    return { occurrences: found.map(presentOccurrence), ...page };
  });

  app.get(occurrencePath, {
    config,
    preValidation: guard.occurrence(),
    schema: { tags, summary: 'E6: an occurrence and its effective staffing needs', response: responses({ 200: Type.Object({ occurrence: Occurrence, requirements: Type.Array(Requirement) }) }) },
  }, async (request) => presentOccurrenceDetail(await occurrences.detail(authorizedOf(request, 'occurrence'))));

  app.post(`${occurrencePath}/status`, {
    config,
    preValidation: guard.occurrence(),
    schema: { tags, summary: 'Cancel (the row is kept) or restore an occurrence', body: StatusBody, response: responses({ 200: Type.Object({ occurrence: Occurrence }) }) },
  }, async (request) => ({ occurrence: presentOccurrence(await occurrences.setStatus(authorizedOf(request, 'occurrence'), request.body.status)) }));

  app.delete(occurrencePath, {
    config,
    preValidation: guard.occurrence(),
    schema: { tags, summary: 'E7: delete an occurrence with everything under it (its event stays)', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await occurrences.delete(authorizedOf(request, 'occurrence'));
    return { success: true as const };
  });

  app.get(`${occurrencePath}/staffing`, {
    config,
    preValidation: guard.occurrence(),
    schema: {
      tags,
      summary: 'The staffing of an occurrence: needs with their assignments, and assignments on other positions',
      response: responses({
        200: Type.Object({
          occurrence: Occurrence, ministryId: Type.Integer(), teamId: Type.Integer(),
          requirements: Type.Array(Type.Composite([Requirement, Type.Object({ assignments: Type.Array(Assignment) })])),
          otherAssignments: Type.Array(Assignment), attendanceAvailable: Type.Boolean(),
        }),
      }),
    },
  }, async (request) => presentStaffing(await occurrences.staffing(authorizedOf(request, 'occurrence'))));

  app.get(`${occurrencePath}/eligible`, {
    config,
    preValidation: guard.occurrence(),
    schema: {
      tags,
      summary: 'People qualified for a position, in rotation order, with another position they hold here',
      description: "Each person's blockout covering the occurrence is answered with its dates; its `reason` is null unless the caller is the person, recorded the blockout, or is a manager or administrator (the others see the person away).",
      querystring: Type.Object({ positionId: Type.Optional(Type.String({ maxLength: 12 })), q: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: responses({ 200: Type.Object({ people: Type.Array(EligiblePerson) }) }),
    },
  }, async (request) => presentMarkedPeople(await occurrences.eligible(authorizedOf(request, 'occurrence'), parseEligible(request.query)), callerOf(request)));

  app.get(`${occurrencePath}/requirements`, {
    config,
    preValidation: guard.occurrence(),
    schema: {
      tags,
      summary: "E6 editor: effective needs plus every active position of the schedule's team",
      response: responses({
        200: Type.Object({
          occurrenceId: Type.Integer(), scheduleId: Type.Integer(), scheduleName: Type.String(), requirements: Type.Array(Requirement), overridden: Type.Boolean(),
          positions: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), teamId: Type.Integer(), teamName: Type.String(), order: Type.Integer() })),
          schedulePositionIds: Type.Array(Type.Integer()),
        }),
      }),
    },
  }, async (request) => presentNeedsEditor(await occurrences.requirementsEditor(authorizedOf(request, 'occurrence'))));

  app.post(`${occurrencePath}/requirements`, {
    config,
    preValidation: guard.occurrence(),
    schema: { tags, summary: "Upsert one of the occurrence's own needs", body: OccurrenceNeedBody, response: responses({ 200: Type.Object({ requirement: Requirement }), 201: Type.Object({ requirement: Requirement }) }) },
  }, async (request, reply) => {
    const { created, requirement } = await occurrences.upsertOverride(authorizedOf(request, 'occurrence'), parsePlanRow(request.body));
    return reply.code(created ? 201 : 200).send({ requirement: presentRequirement(requirement, []) });
  });

  app.post(`${occurrencePath}/requirements/replace`, {
    config,
    preValidation: guard.occurrence(),
    schema: { tags, summary: "Replace the occurrence's own needs ([] = needs nobody)", body: OccurrenceNeedsBody, response: responses({ 200: NeedsAnswer }) },
  }, async (request) => presentOwnNeeds(await occurrences.replaceOverrides(authorizedOf(request, 'occurrence'), request.body.requirements.map(parsePlanRow))));

  app.delete(`${occurrencePath}/requirements`, {
    config,
    preValidation: guard.occurrence(),
    schema: { tags, summary: "Back to the schedule's plan", response: responses({ 200: NeedsAnswer }) },
  }, async (request) => presentOwnNeeds(await occurrences.clearOverrides(authorizedOf(request, 'occurrence'))));

  app.delete(`${V}/requirements/${idSegment('requirementId')}`, {
    config,
    preValidation: guard.requirement(),
    schema: { tags, summary: 'Delete one staffing need (404, then 403 by its schedule or occurrence)', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await occurrences.deleteRequirement(authorizedOf(request, 'requirement'));
    return { success: true as const };
  });
};
