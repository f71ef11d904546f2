import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES_PER_HOUR } from '../../../domain/messages/messages.service.js';
import type { Services } from '../../../domain/services.js';
import { parseMessageAudience, parseNewMessage } from '../../commands/messages.commands.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { presentLoggedMessage, presentMessagePreview } from '../../presenters/messages.presenter.js';
import { responses } from '../../schemas/common.js';
import { LoggedMessage, MessageAudienceBody, MessagePreview, NewMessageBody } from '../../schemas/messages.schemas.js';
import { ministryPath } from './paths.js';

const MESSAGE_FAILURE = 'The message could not be sent';

/**
 * Messages from the workspace (issue 34 #1): a preview of who gets one and who mail cannot reach, the send, and the
 * ministry's log with each recipient's delivery. Open to the ministry's coordinators and its team leaders, each
 * within their reach; the whole pool and the log are its coordinators' (and the managers').
 */
export const workspaceMessagesRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { workspaceMessages } = services;
  const guard = guards(services);
  const tags = ['Volunteer: messages'];
  const config = { access: 'coordinator' as const, failureMessage: MESSAGE_FAILURE };
  const reach = 'A team leader writes to their teams and the people serving their shifts (403 beyond them); the whole pool is for the ministry\'s coordinators. '
    + 'A team, occurrence or position of another ministry answers 404.';

  app.post(`${ministryPath}/messages/preview`, {
    config,
    preValidation: guard.ministryOrLedTeam(),
    schema: {
      tags,
      summary: 'Who a message would reach',
      description: `Nothing is sent. count is how many the mail reaches; cannotReach names, by name, those it cannot (no address, or they do not want e-mail). ${reach}`,
      body: MessageAudienceBody,
      response: responses({ 200: MessagePreview }),
    },
  }, async (request) => presentMessagePreview(
    await workspaceMessages.preview(await actorOf(request, services), authorizedOf(request, 'ministry'), parseMessageAudience(request.body))));

  app.post(`${ministryPath}/messages`, {
    config,
    preValidation: guard.ministryOrLedTeam(),
    schema: {
      tags,
      summary: 'Send a message to one audience',
      description: 'One outbox message per person in the audience (deduped per message and person; retried, and failed for good at the fifth attempt, '
        + `as every mail), in each one's language around the sender's words. At most ${MESSAGES_PER_HOUR} messages per sender an hour (429). `
        + `409 for an audience of nobody. ${reach}`,
      body: NewMessageBody,
      response: responses({ 201: Type.Object({ message: LoggedMessage }) }),
    },
  }, async (request, reply) => {
    const message = await workspaceMessages.send(await actorOf(request, services), authorizedOf(request, 'ministry'), parseNewMessage(request.body));
    return reply.code(201).send({ message: presentLoggedMessage(message) });
  });

  app.get(`${ministryPath}/messages`, {
    config,
    preValidation: guard.ministry('none'),
    schema: {
      tags,
      summary: 'The ministry\'s messages and their delivery',
      description: 'The latest 50 messages, newest first, each with its recipients\' delivery state (queued, sent, failed, skipped). For the ministry\'s coordinators and the managers (403 otherwise).',
      response: responses({ 200: Type.Object({ messages: Type.Array(LoggedMessage) }) }),
    },
  }, async (request) => ({
    messages: (await workspaceMessages.log(await actorOf(request, services), authorizedOf(request, 'ministry'))).map(presentLoggedMessage),
  }));
};
