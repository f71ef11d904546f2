import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { parseAcceptInvitation, parseInvite } from '../commands/invitations.commands.js';
import { actorOf, fromTheWebApp } from '../plugins/access.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { presentInvitation } from '../presenters/invitations.presenter.js';
import { idParams, idSegment, responses, SuccessResponse } from '../schemas/common.js';
import { AcceptInvitationBody, Invitation, InvitationPage, Invitations, InvitationTokenBody, InviteBody, InviteResult } from '../schemas/invitations.schemas.js';
import { setSessionCookie } from '../web/session-cookie.js';

/**
 * Invitations to create a login (ours, issue 33 #1): staff invite people in their reach and follow each invitation;
 * the invited person opens the mailed link and chooses a password, which signs them in as the sign-in page does.
 */
export const invitationsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { invitations } = services;
  const tags = ['Invitations'];
  const publicForm = { access: 'public' as const, rateLimit: publicRateLimit(services, 'iPublicFormRateLimitPerMinute') };

  app.post('/api/invitations', {
    config: { access: 'coordinator' },
    schema: {
      tags,
      summary: 'Invite people to create their login: a selection (personIds), a ministry\'s pool (ministryId) or a team\'s members (teamId)',
      description: 'Each gets a mail with a one-time link valid 7 days; an invitation grants no role. A manager invites anyone, a coordinator or team leader '
        + 'the people of their ministries and teams (403 names the others). People who cannot be invited are answered with why: no e-mail address, '
        + 'do-not-email, inactive, a login already, or mailed in the last 5 minutes.',
      body: InviteBody,
      response: responses({ 200: InviteResult }),
    },
  }, async (request) => invitations.invite(await actorOf(request, services), parseInvite(request.body)));

  app.get('/api/invitations', {
    config: { access: 'coordinator' },
    schema: { tags, summary: 'The invitations I may follow, the latest sent first, each with its state', response: responses({ 200: Invitations }) },
  }, async (request) => ({ invitations: (await invitations.list(await actorOf(request, services))).map(presentInvitation) }));

  app.post(`/api/invitations/${idSegment('invitationId')}/resend`, {
    config: { access: 'coordinator' },
    schema: {
      tags,
      summary: 'Mail the invitation again with a new link (the old one stops working); 429 within 5 minutes of the last mail',
      params: idParams('invitationId'),
      response: responses({ 200: Type.Object({ invitation: Invitation }) }),
    },
  }, async (request) => ({ invitation: presentInvitation(await invitations.resend(await actorOf(request, services), request.params.invitationId)) }));

  app.delete(`/api/invitations/${idSegment('invitationId')}`, {
    config: { access: 'coordinator' },
    schema: { tags, summary: 'Withdraw an invitation: its link stops working at once', params: idParams('invitationId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await invitations.withdraw(await actorOf(request, services), request.params.invitationId);
    return { success: true as const };
  });

  app.post('/api/public/invitations/open', {
    config: publicForm,
    schema: {
      tags,
      summary: 'What the accept page shows for an invitation link (marks it opened); 400 once it no longer works',
      body: InvitationTokenBody,
      response: responses({ 200: InvitationPage }),
    },
  }, async (request) => invitations.open(request.body.token));

  app.post('/api/public/invitations/accept', {
    config: publicForm,
    schema: {
      tags,
      summary: 'Accept an invitation: choose a password (and a user name, the e-mail address when left out); signs the web app in',
      description: 'Needs the `x-vms-csrf: 1` header, as the web app\'s sign-in. The link works once; the session is set as an HttpOnly cookie.',
      body: AcceptInvitationBody,
      response: responses({ 200: Type.Object({ signedIn: Type.Literal(true) }) }),
    },
    // Like the sign-in form: a form posted from another site must not sign this browser in.
    preHandler: fromTheWebApp,
  }, async (request, reply) => {
    const { apiKey } = await invitations.accept(parseAcceptInvitation(request.body));
    setSessionCookie(request, reply, apiKey, await services.signIn.sessionMaxSeconds());
    return { signedIn: true as const };
  });
};
