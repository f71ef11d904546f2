import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards, pathId } from '../../plugins/volunteer-guards.js';
import { presentMatrix, presentPoolPeople } from '../../presenters/ministries.presenter.js';
import { Id, idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import { Matrix, PoolPerson } from '../../schemas/volunteer.schemas.js';
import { ministryPath, SETUP_FAILURE, teamPath } from './paths.js';

/** The volunteer pool, E18, E19, members and the qualification matrix (contract §4.4, §4.5). */
export const poolRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { pool } = services;
  const guard = guards(services);
  const tags = ['Volunteer: pool'];
  const config = { access: 'coordinator' as const, failureMessage: SETUP_FAILURE };
  const personParam = `${idSegment('personId')}`;
  const Added = Type.Object({ personId: Type.Integer(), added: Type.Boolean() });

  app.get(`${ministryPath}/pool`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: "The ministry's volunteers (its pool Group), alphabetical", response: responses({ 200: Type.Object({ groupId: Type.Integer(), groupName: Type.String(), members: Type.Array(PoolPerson) }) }) },
  }, async (request) => {
    const { groupId, groupName, members } = await pool.members(authorizedOf(request, 'ministry'));
    return { groupId, groupName, members: presentPoolPeople(members) };
  });

  app.post(`${ministryPath}/pool/from-cart`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: "E18: everyone in the caller's cart joins the pool (the cart is kept)", response: responses({ 200: Type.Object({ added: Type.Integer(), alreadyMembers: Type.Integer() }) }) },
  }, async (request) => pool.addFromCart(await actorOf(request, services), authorizedOf(request, 'ministry')));

  app.post(`${ministryPath}/pool/${personParam}`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Add one person to the pool', response: responses({ 200: Added, 201: Added }) },
  }, async (request, reply) => {
    const result = await pool.add(authorizedOf(request, 'ministry'), pathId(request, 'personId', 'Person'));
    return reply.code(result.added ? 201 : 200).send(result);
  });

  app.delete(`${ministryPath}/pool/${personParam}`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Take one person out of the pool (qualifications stay)', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await pool.remove(authorizedOf(request, 'ministry'), pathId(request, 'personId', 'Person'));
    return { success: true as const };
  });

  app.delete(`${ministryPath}/volunteers/${personParam}`, {
    config,
    preValidation: guard.ministry(),
    schema: {
      tags,
      summary: 'E19: take a person out of the ministry',
      response: responses({ 200: Type.Object({ personId: Type.Integer(), qualifications: Type.Integer(), assignments: Type.Integer(), removedFromPool: Type.Boolean(), defaults: Type.Integer() }) }),
    },
  }, async (request) => pool.removeVolunteer(await actorOf(request, services), authorizedOf(request, 'ministry'), pathId(request, 'personId', 'Person')));

  app.get(`${ministryPath}/members`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'The pool united with everyone actively qualified in view', querystring: Type.Object({ teamId: Type.Optional(Id) }), response: responses({ 200: Type.Object({ members: Type.Array(PoolPerson) }) }) },
  }, async (request) => ({ members: presentPoolPeople((await pool.membersInView(authorizedOf(request, 'ministry'), request.query.teamId)).people) }));

  app.get(`${teamPath}/members`, {
    config,
    preValidation: guard.team(),
    schema: { tags, summary: "The pool united with everyone actively qualified for the team's positions", response: responses({ 200: Type.Object({ members: Type.Array(PoolPerson) }) }) },
  }, async (request) => ({ members: presentPoolPeople((await pool.teamMembers(authorizedOf(request, 'team'))).people) }));

  app.get(`${ministryPath}/qualification-matrix`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Who is qualified for which active position', querystring: Type.Object({ teamId: Type.Optional(Id) }), response: responses({ 200: Matrix }) },
  }, async (request) => presentMatrix(await pool.matrix(authorizedOf(request, 'ministry'), request.query.teamId)));

  app.get(`${teamPath}/qualification-matrix`, {
    config,
    preValidation: guard.team(),
    schema: { tags, summary: 'The qualification matrix of one team', response: responses({ 200: Matrix }) },
  }, async (request) => presentMatrix(await pool.teamMatrix(authorizedOf(request, 'team'))));
};

