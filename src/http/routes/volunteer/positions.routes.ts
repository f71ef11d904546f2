import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { parseNewPosition, parsePositionChanges, parseQualificationNotes } from '../../commands/positions.commands.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { presentPosition, presentQualification } from '../../presenters/ministries.presenter.js';
import { Id, idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import { ActiveQuery, EligiblePerson, Position, PositionBody, Qualification, QualificationBody } from '../../schemas/volunteer.schemas.js';
import { activeFilter } from '../../commands/filters.commands.js';
import { ministryPath, positionPath, SETUP_FAILURE, V } from './paths.js';

/** Positions and qualifications (contract §4.3, §4.5). */
export const positionsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { positions, qualifications } = services;
  const guard = guards(services);
  const tags = ['Volunteer: positions and qualifications'];
  const config = { access: 'coordinator' as const, failureMessage: SETUP_FAILURE };

  app.get(`${ministryPath}/positions`, {
    config,
    preValidation: guard.ministry('none'),
    schema: {
      tags,
      summary: "The ministry's positions (a team leader sees their own teams')",
      querystring: Type.Composite([ActiveQuery, Type.Object({ teamId: Type.Optional(Id) })]),
      response: responses({ 200: Type.Object({ positions: Type.Array(Position) }) }),
    },
  }, async (request) => ({
    positions: (await positions.list(await actorOf(request, services), authorizedOf(request, 'ministry'), {
      teamId: request.query.teamId,
      active: activeFilter(request.query.active),
    })).map(presentPosition),
  }));

  app.post(`${ministryPath}/positions`, {
    config,
    preValidation: guard.ministry('none'),
    schema: { tags, summary: 'Create a position in one of the ministry\'s teams', body: PositionBody, response: responses({ 201: Type.Object({ position: Position }) }) },
  }, async (request, reply) => {
    const { position } = await positions.create(await actorOf(request, services), authorizedOf(request, 'ministry'), parseNewPosition(request.body));
    return reply.code(201).send({ position: presentPosition(position) });
  });

  app.get(positionPath, {
    config,
    preValidation: guard.position(),
    schema: { tags, summary: 'A position', response: responses({ 200: Type.Object({ position: Position }) }) },
  }, async (request) => ({ position: presentPosition(await positions.get(authorizedOf(request, 'position'))) }));

  app.post(positionPath, {
    config,
    preValidation: guard.position(),
    schema: { tags, summary: 'Change a position (fields left out stay)', body: PositionBody, response: responses({ 200: Type.Object({ position: Position }) }) },
  }, async (request) => ({ position: presentPosition(await positions.update(await actorOf(request, services), authorizedOf(request, 'position'), parsePositionChanges(request.body))) }));

  app.delete(positionPath, {
    config,
    preValidation: guard.position(),
    schema: { tags, summary: 'Delete a position with its qualifications, needs and assignments', response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await positions.delete(authorizedOf(request, 'position'));
    return { success: true as const };
  });

  app.get(`${positionPath}/eligible`, {
    config,
    preValidation: guard.position(),
    schema: {
      tags,
      summary: 'People actively qualified for the position, in rotation order',
      querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: responses({ 200: Type.Object({ people: Type.Array(EligiblePerson) }) }),
    },
  }, async (request) => positions.eligible(authorizedOf(request, 'position'), request.query.q));

  app.get(`${positionPath}/qualifications`, {
    config,
    preValidation: guard.position(),
    schema: { tags, summary: "The position's qualifications (revoked ones too unless active=1; active=0 lists only revoked ones)", querystring: ActiveQuery, response: responses({ 200: Type.Object({ qualifications: Type.Array(Qualification) }) }) },
  }, async (request) => ({ qualifications: (await qualifications.listForPosition(authorizedOf(request, 'position'), activeFilter(request.query.active))).map(presentQualification) }));

  app.post(`${positionPath}/qualifications`, {
    config,
    preValidation: guard.position(),
    schema: {
      tags,
      summary: 'Qualify a person (reactivates a revoked row; the person joins the pool)',
      body: QualificationBody,
      response: responses({ 200: Type.Object({ qualification: Qualification }), 201: Type.Object({ qualification: Qualification }) }),
    },
  }, async (request, reply) => {
    const { created, qualification } = await qualifications.grant(
      await actorOf(request, services), authorizedOf(request, 'position'), request.body.personId, parseQualificationNotes(request.body));
    return reply.code(created ? 201 : 200).send({ qualification: presentQualification(qualification) });
  });

  app.delete(`${V}/qualifications/${idSegment('qualificationId')}`, {
    config,
    preValidation: guard.qualification(),
    schema: { tags, summary: 'Revoke a qualification (the row stays, inactive)', response: responses({ 200: Type.Object({ qualification: Qualification }) }) },
  }, async (request) => ({ qualification: presentQualification(await qualifications.revoke(authorizedOf(request, 'qualification'))) }));

  app.get(`${V}/people/${idSegment('personId')}/qualifications`, {
    config,
    schema: { tags, summary: "A person's qualifications in the ministries the caller manages", params: Type.Object({ personId: Id }), response: responses({ 200: Type.Object({ qualifications: Type.Array(Qualification) }) }) },
  }, async (request) => ({ qualifications: (await qualifications.listForPerson(await actorOf(request, services), request.params.personId)).map(presentQualification) }));
};
