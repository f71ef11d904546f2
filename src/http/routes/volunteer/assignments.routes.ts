import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { parsePermissiveBoolean } from '../../../domain/values.js';
import { callerOf } from '../../plugins/access.js';
import { entityOf, guards } from '../../plugins/volunteer-guards.js';
import { idSegment, Nullable, PermissiveBoolean, responses } from '../../schemas/common.js';
import { Assignment, MeAssignment } from '../../schemas/volunteer.schemas.js';
import { memberPaths, V } from './paths.js';

const ASSIGNMENT_FAILURE = 'The volunteer assignment could not be saved';
const BodyId = (field: string) => Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': `${field} must be an id` });


/** E14 assign and E11 self sign-up (contract §7.1, §8). */
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
      response: responses({ 201: Type.Object({ assignment: Assignment }) }),
    },
  }, async (request, reply) => {
    const { positionId, personId, allowOutsidePool } = request.body;
    const answer = await assignments.assign(callerOf(request), entityOf<{ id: number; ministry_id: number }>(request), {
      positionId, personId, allowOutsidePool: parsePermissiveBoolean(allowOutsidePool) === true,
    });
    return reply.code(201).send(answer);
  });

  for (const url of memberPaths('signup')) {
    app.post(url, {
      config: { access: 'member', failureMessage: ASSIGNMENT_FAILURE },
      schema: {
        tags: ['Volunteer: me'],
        summary: 'E11: put myself on an open slot (a personId in the body is ignored)',
        body: Type.Object({ occurrenceId: BodyId('occurrenceId'), positionId: BodyId('positionId'), personId: Type.Optional(Type.Unknown()) }),
        response: responses({ 201: Type.Object({ assignment: MeAssignment }) }),
      },
    }, async (request, reply) => reply.code(201).send(await assignments.signUp(callerOf(request), request.body.occurrenceId, request.body.positionId)));
  }
};
