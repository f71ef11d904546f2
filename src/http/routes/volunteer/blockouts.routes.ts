import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { callerOf } from '../../plugins/access.js';
import { authorizedOf, guards, pathId } from '../../plugins/volunteer-guards.js';
import { idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import { Blockout, BlockoutBody } from '../../schemas/availability.schemas.js';
import { MeAssignment } from '../../schemas/volunteer.schemas.js';
import { memberPaths, V } from './paths.js';

const FAILURE = 'The blockout could not be saved';

/**
 * Blockout dates (ours, issue 17): a volunteer's own under /api/me/blockouts, and a coordinator's or team
 * leader's for a person in their reach.
 */
export const blockoutsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { blockouts } = services;
  const guard = guards(services);
  const tags = ['Volunteer: availability (ours)'];
  const member = { access: 'member' as const, failureMessage: FAILURE };
  const coordinator = { access: 'coordinator' as const, failureMessage: FAILURE };
  const List = Type.Object({ blockouts: Type.Array(Blockout) });

  for (const url of memberPaths('blockouts')) {
    app.get(url, {
      config: member,
      schema: { tags, summary: 'My blockouts that are not over, by first day (ours)', response: responses({ 200: List }) },
    }, async (request) => blockouts.listMine(callerOf(request)));

    app.post(url, {
      config: member,
      schema: {
        tags,
        summary: 'Record a period I cannot serve (ours); answers with it my live assignments it covers',
        body: BlockoutBody,
        response: responses({ 201: Type.Object({ blockout: Blockout, coveredAssignments: Type.Array(MeAssignment) }) }),
      },
    }, async (request, reply) => reply.code(201).send(await blockouts.createMine(callerOf(request), request.body)));
  }

  for (const url of memberPaths(`blockouts/${idSegment('blockoutId')}`)) {
    app.delete(url, {
      config: member,
      schema: { tags, summary: 'Remove one of my blockouts (ours)', response: responses({ 200: SuccessResponse }) },
    }, async (request) => blockouts.deleteMine(callerOf(request), pathId(request, 'blockoutId', 'Blockout')));
  }

  const personBlockouts = `${V}/people/${idSegment('personId')}/blockouts`;
  app.get(personBlockouts, {
    config: coordinator,
    preValidation: guard.person(),
    schema: { tags, summary: "A person's blockouts that are not over, with reasons (ours)", response: responses({ 200: List }) },
  }, async (request) => blockouts.listFor(authorizedOf(request, 'person')));

  app.post(personBlockouts, {
    config: coordinator,
    preValidation: guard.person(),
    schema: { tags, summary: 'Record a period a person in my reach cannot serve (ours)', body: BlockoutBody, response: responses({ 201: Type.Object({ blockout: Blockout }) }) },
  }, async (request, reply) => reply.code(201).send(await blockouts.createFor(callerOf(request), authorizedOf(request, 'person'), request.body)));

  app.delete(`${V}/blockouts/${idSegment('blockoutId')}`, {
    config: coordinator,
    preValidation: guard.blockout(),
    schema: { tags, summary: "Remove a blockout of a person in my reach (ours)", response: responses({ 200: SuccessResponse }) },
  }, async (request) => blockouts.deleteFor(authorizedOf(request, 'blockout')));
};
