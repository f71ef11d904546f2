import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { callerOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { Warning } from '../../schemas/availability.schemas.js';
import { BodyId, idSegment, Nullable, PermissiveBoolean, responses } from '../../schemas/common.js';
import { Assignment } from '../../schemas/volunteer.schemas.js';
import { presentWithAssignment } from '../../presenters/assignments.presenter.js';
import { V } from './paths.js';
import { parseAssign } from '../../commands/assignments.commands.js';

const ASSIGNMENT_FAILURE = 'The volunteer assignment could not be saved';

/** E14: a coordinator assigns a person (contract §7.1). */
export const assignmentsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { assignments } = services;
  const guard = guards(services);

  app.post(`${V}/occurrences/${idSegment('occurrenceId')}/assignments`, {
    config: { access: 'coordinator', failureMessage: ASSIGNMENT_FAILURE },
    preValidation: guard.occurrence(),
    schema: {
      tags: ['Volunteer: assignments'],
      summary: 'E14: assign a qualified person to a position on an occurrence',
      body: Type.Object({
        positionId: BodyId('positionId'),
        personId: BodyId('personId'),
        requirementId: Type.Optional(Nullable(Type.Integer())),
        allowOutsidePool: Type.Optional(PermissiveBoolean),
        notes: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
      }),
      response: responses({ 201: Type.Object({ assignment: Assignment, warnings: Type.Array(Warning, { description: 'Ours (issue 17): rules the assignment goes against, e.g. the person is blocked out' }) }) }),
    },
  }, async (request, reply) => reply.code(201).send(presentWithAssignment(await assignments.assign(callerOf(request), authorizedOf(request, 'occurrence'), parseAssign(request.body)))));

};
