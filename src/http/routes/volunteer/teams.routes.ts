import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { invalid } from '../../../domain/errors.js';
import type { ClassEventsOnDelete } from '../../../domain/ministries/teams.service.js';
import type { Services } from '../../../domain/services.js';
import { parsePermissiveBoolean } from '../../../domain/values.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { Id, Nullable, responses, SuccessResponse } from '../../schemas/common.js';
import { ActiveQuery, Position, Team, TeamCreateBody, TeamUpdateBody } from '../../schemas/volunteer.schemas.js';
import { activeFilter, ministryPath, SETUP_FAILURE, teamPath } from './paths.js';

const ON_DELETE: readonly ClassEventsOnDelete[] = ['keep', 'remove', 'delete'];

/**
 * E17's choice, from the body or else the query. Read here, not in the body schema: Fastify validates the body
 * before the query, and a malformed query must keep answering first.
 */
function classEventsOnDelete(value: unknown): ClassEventsOnDelete {
  if (value === undefined || value === null || value === '') return 'keep';
  if (typeof value === 'string' && (ON_DELETE as readonly string[]).includes(value)) return value as ClassEventsOnDelete;
  throw invalid(`classEvents must be one of ${ON_DELETE.join(', ')}`);
}

/** Teams (contract §4.2), E17 and the class-events summary (§6.4). */
export const teamsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { teams } = services;
  const guard = guards(services);
  const tags = ['Volunteer: teams'];
  const config = { access: 'coordinator' as const, failureMessage: SETUP_FAILURE };

  app.get(`${ministryPath}/teams`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: "The ministry's teams (leaders are listed on the team route)", querystring: ActiveQuery, response: responses({ 200: Type.Object({ teams: Type.Array(Team) }) }) },
  }, async (request) => ({ teams: await teams.list(authorizedOf(request, 'ministry'), activeFilter(request.query.active)) }));

  app.post(`${ministryPath}/teams`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Create a team, optionally linked to a Sunday School class', body: TeamCreateBody, response: responses({ 201: Type.Object({ team: Team }) }) },
  }, async (request, reply) => reply.code(201).send(await teams.create(await actorOf(request, services), authorizedOf(request, 'ministry'), request.body)));

  app.get(`${ministryPath}/linkable-classes`, {
    config,
    preValidation: guard.ministry(),
    schema: {
      tags,
      summary: 'Sunday School classes a team of this ministry may link',
      querystring: Type.Object({ teamId: Type.Optional(Id) }),
      response: responses({ 200: Type.Object({ sundaySchool: Type.Boolean(), classes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), teacherCount: Type.Integer() })) }) }),
    },
  }, async (request) => teams.linkableClasses(authorizedOf(request, 'ministry'), request.query.teamId));

  app.get(teamPath, {
    config,
    preValidation: guard.team(),
    schema: { tags, summary: 'A team with its leaders and positions', response: responses({ 200: Type.Object({ team: Team, positions: Type.Array(Position) }) }) },
  }, async (request) => teams.detail(authorizedOf(request, 'team')));

  app.post(teamPath, {
    config,
    preValidation: guard.team('ministry'),
    schema: { tags, summary: 'Change a team (ministry-level authority)', body: TeamUpdateBody, response: responses({ 200: Type.Object({ team: Team }) }) },
  }, async (request) => {
    const body = request.body;
    return teams.update(await actorOf(request, services), authorizedOf(request, 'team'), {
      ...body,
      active: body.active === undefined ? undefined : parsePermissiveBoolean(body.active),
      classEvents: body.classEvents || undefined,
    });
  });

  app.delete(teamPath, {
    config,
    preValidation: guard.team('ministry'),
    schema: {
      tags,
      summary: 'E17: delete a team with its history (not the only team)',
      querystring: Type.Object({ classEvents: Type.Optional(Type.String({ maxLength: 20 })) }),
      body: Type.Optional(Nullable(Type.Object({ classEvents: Type.Optional(Type.Unknown({ description: 'keep | remove | delete (blank = keep); wins over the query' })) }))),
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    const choice = classEventsOnDelete(request.body?.classEvents ?? request.query.classEvents);
    await teams.delete(await actorOf(request, services), authorizedOf(request, 'team'), choice);
    return { success: true as const };
  });

  app.get(`${teamPath}/class-events`, {
    config,
    preValidation: guard.team(),
    schema: {
      tags,
      summary: "The ministry's events linked to the team's class",
      response: responses({
        200: Type.Object({
          teamId: Type.Integer(), ministryId: Type.Integer(), ministryName: Type.String(), classGroupId: Nullable(Type.Integer()),
          classGroupName: Nullable(Type.String()), total: Type.Integer(), upcoming: Type.Integer(),
          otherStaffing: Type.Array(Type.Object({ ministryId: Type.Integer(), ministryName: Type.String(), assigned: Type.Integer(), eventCount: Type.Integer() })),
        }),
      }),
    },
  }, async (request) => teams.classEvents(authorizedOf(request, 'team')));
};
