import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { callerOf } from '../../plugins/access.js';
import { responses } from '../../schemas/common.js';
import { AcceptAllBody, AcceptedOne } from '../../schemas/messages.schemas.js';
import { presentAcceptedOne } from '../../presenters/messages.presenter.js';
import { memberPaths } from './paths.js';

const ASSIGNMENT_FAILURE = 'The volunteer assignment could not be saved';

/** "Accept all" on My schedule (issue 34 #5): the volunteer's own answers, one per listed request. */
export const acceptAllRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { acceptAll } = services;
  for (const url of memberPaths('assignments/accept-all')) {
    app.post(url, {
      config: { access: 'member' as const, failureMessage: ASSIGNMENT_FAILURE },
      schema: {
        tags: ['Volunteer: me'],
        summary: 'Accept each of my listed requests as one accept would',
        description: 'Each is accepted on its own (one response each); one that cannot be is answered with accepted false and the reason.',
        body: AcceptAllBody,
        response: responses({ 200: Type.Object({ results: Type.Array(AcceptedOne) }) }),
      },
    }, async (request) => ({ results: (await acceptAll.acceptAll(callerOf(request), request.body.assignmentIds)).map(presentAcceptedOne) }));
  }
};
