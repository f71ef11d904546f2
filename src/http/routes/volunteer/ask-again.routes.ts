import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { idSegment, responses } from '../../schemas/common.js';
import { AskedAgain } from '../../schemas/messages.schemas.js';
import { presentAskedAgain } from '../../presenters/messages.presenter.js';
import { V } from './paths.js';

const ASSIGNMENT_FAILURE = 'The volunteer assignment could not be saved';

/** "Send the request again" for one pending assignment or every pending one of an occurrence (issue 34 #2). */
export const askAgainRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { askAgain } = services;
  const guard = guards(services);
  const tags = ['Volunteer: assignments'];
  const config = { access: 'coordinator' as const, failureMessage: ASSIGNMENT_FAILURE };
  const description = 'Nobody gets two requests to serve within an hour: 429 says when asking again is allowed. 409 once answered or over.';

  app.post(`${V}/assignments/${idSegment('assignmentId')}/ask-again`, {
    config,
    preValidation: guard.assignment(),
    schema: { tags, summary: 'Send a pending request again', description, response: responses({ 200: Type.Object({ asked: AskedAgain }) }) },
  }, async (request) => ({ asked: presentAskedAgain(await askAgain.one(await actorOf(request, services), authorizedOf(request, 'assignment'))) }));

  app.post(`${V}/occurrences/${idSegment('occurrenceId')}/ask-again`, {
    config,
    preValidation: guard.occurrence(),
    schema: {
      tags,
      summary: 'Send every pending request of an occurrence again',
      description: `${description} Each person asked within the hour is answered with queued false and when.`,
      response: responses({ 200: Type.Object({ asked: Type.Array(AskedAgain) }) }),
    },
  }, async (request) => ({ asked: (await askAgain.allPending(await actorOf(request, services), authorizedOf(request, 'occurrence'))).map(presentAskedAgain) }));
};
