import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { parseClassEventsOnDelete, parseNewTeam, parseTeamChanges } from '../../commands/teams.commands.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { presentPosition, presentTeam, presentTeamOf } from '../../presenters/ministries.presenter.js';
import { Id, Nullable, responses, SuccessResponse } from '../../schemas/common.js';
import { ActiveQuery, Position, Team, TeamCreateBody, TeamDeleteBody, TeamDeleteQuery, TeamUpdateBody } from '../../schemas/volunteer.schemas.js';
import { activeFilter } from '../../commands/filters.commands.js';
import { ministryPath, SETUP_FAILURE, teamPath } from './paths.js';

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
  }, async (request) => ({ teams: (await teams.list(authorizedOf(request, 'ministry'), activeFilter(request.query.active))).map((team) => presentTeam(team)) }));

  app.post(`${ministryPath}/teams`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Create a team, optionally linked to a Sunday School class', body: TeamCreateBody, response: responses({ 201: Type.Object({ team: Team }) }) },
  }, async (request, reply) => reply.code(201).send({ team: presentTeamOf(await teams.create(await actorOf(request, services), authorizedOf(request, 'ministry'), parseNewTeam(request.body))) }));

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
  }, async (request) => {
    const detail = await teams.detail(authorizedOf(request, 'team'));
    return { team: presentTeamOf(detail), positions: detail.positions.map(presentPosition) };
  });

  app.post(teamPath, {
    config,
    preValidation: guard.team('ministry'),
    schema: { tags, summary: 'Change a team (ministry-level authority)', body: TeamUpdateBody, response: responses({ 200: Type.Object({ team: Team }) }) },
  }, async (request) => ({ team: presentTeamOf(await teams.update(await actorOf(request, services), authorizedOf(request, 'team'), parseTeamChanges(request.body))) }));

  app.delete(teamPath, {
    config,
    preValidation: guard.team('ministry'),
    schema: {
      tags,
      summary: 'E17: delete a team with its history (not the only team)',
      querystring: TeamDeleteQuery,
      body: TeamDeleteBody,
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    await teams.delete(await actorOf(request, services), authorizedOf(request, 'team'), parseClassEventsOnDelete(request.body, request.query));
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
