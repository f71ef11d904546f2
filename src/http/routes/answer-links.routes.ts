import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { parseComment } from '../commands/assignments.commands.js';
import { presentAnswerLink } from '../presenters/assignments.presenter.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { AnswerLinkBody, AnswerLinkPage, AnswerLinkParams, AnswerLinkResult } from '../schemas/answer-links.schemas.js';
import { responses, WallClock } from '../schemas/common.js';

/**
 * Answering an assignment request from the e-mail (ours, issue 17). The token in the link is the only credential:
 * no key is asked for, made or shown. Each client is limited as the other public forms are.
 */
export const answerLinksRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { answerLinks } = services;
  const config = { access: 'public' as const, rateLimit: publicRateLimit(services, 'iPublicFormRateLimitPerMinute') };
  const tags = ['Public'];

  app.get('/api/public/answer/:token', {
    config,
    schema: {
      tags,
      summary: "The assignment an e-mail's answer link names, to show before confirming, and the answer recorded through the link; a clear refusal when the link no longer works (ours)",
      params: AnswerLinkParams,
      response: responses({ 200: AnswerLinkPage }),
    },
  }, async (request) => presentAnswerLink(await answerLinks.show(request.params.token)));

  app.post('/api/public/answer/:token', {
    config,
    schema: {
      tags,
      summary: "Accept or decline through an e-mail's answer link, recorded as E13 with the channel email; once an answer is recorded through the link, another is 409 with `answered` (ours)",
      params: AnswerLinkParams,
      body: AnswerLinkBody,
      response: responses({ 200: AnswerLinkResult }),
    },
  }, async (request) => presentAnswerLink(await answerLinks.answer(request.params.token, request.body.response, parseComment(request.body))));

  app.post('/admin/api/system/answer-links/rotate', {
    config: { access: { role: 'admin' as const } },
    schema: {
      tags: ['System settings'],
      summary: 'A new secret for the answer links of assignment mails: every link sent before stops working (ours)',
      response: responses({ 200: Type.Object({ rotatedDate: WallClock }) }),
    },
  }, async () => answerLinks.rotate());
};
