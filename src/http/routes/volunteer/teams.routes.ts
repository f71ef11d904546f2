import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { MinistryRow, TeamRow } from '../../../db/schema.js';
import { invalid } from '../../../domain/errors.js';
import type { ClassEventsOnDelete, ClassEventsOnUpdate } from '../../../domain/ministries/teams.service.js';
import type { Services } from '../../../domain/services.js';
import { parsePermissiveBoolean } from '../../../domain/values.js';
import { actorOf } from '../../plugins/access.js';
import { entityOf, guards } from '../../plugins/volunteer-guards.js';
import { Id, Nullable, responses, SuccessResponse } from '../../schemas/common.js';
import { ActiveQuery, Position, Team, TeamCreateBody, TeamUpdateBody } from '../../schemas/volunteer.schemas.js';
import { activeFilter, ministryPath, SETUP_FAILURE, teamPath } from './paths.js';

function classEvents<T extends string>(value: unknown, allowed: readonly T[]): T {
  if (value === undefined || value === null || value === '') return 'keep' as T;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(`classEvents must be one of ${allowed.join(', ')}`);
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
  }, async (request) => ({ teams: await teams.list(entityOf<MinistryRow>(request).id, activeFilter(request.query.active)) }));

  app.post(`${ministryPath}/teams`, {
    config,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Create a team, optionally linked to a Sunday School class', body: TeamCreateBody, response: responses({ 201: Type.Object({ team: Team }) }) },
  }, async (request, reply) => reply.code(201).send(await teams.create(await actorOf(request, services), entityOf<MinistryRow>(request), request.body)));

  app.get(`${ministryPath}/linkable-classes`, {
    config,
    preValidation: guard.ministry(),
    schema: {
      tags,
      summary: 'Sunday School classes a team of this ministry may link',
      querystring: Type.Object({ teamId: Type.Optional(Id) }),
      response: responses({ 200: Type.Object({ sundaySchool: Type.Boolean(), classes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), teacherCount: Type.Integer() })) }) }),
    },
  }, async (request) => teams.linkableClasses(entityOf<MinistryRow>(request), request.query.teamId));

  app.get(teamPath, {
    config,
    preValidation: guard.team(),
    schema: { tags, summary: 'A team with its leaders and positions', response: responses({ 200: Type.Object({ team: Team, positions: Type.Array(Position) }) }) },
  }, async (request) => teams.detail(entityOf<TeamRow>(request).id));

  app.post(teamPath, {
    config,
    preValidation: guard.team('ministry'),
    schema: { tags, summary: 'Change a team (ministry-level authority)', body: TeamUpdateBody, response: responses({ 200: Type.Object({ team: Team }) }) },
  }, async (request) => {
    const body = request.body;
    return teams.update(await actorOf(request, services), entityOf<TeamRow>(request), {
      ...body,
      active: body.active === undefined ? undefined : parsePermissiveBoolean(body.active),
      classEvents: classEvents<ClassEventsOnUpdate>(body.classEvents, ['keep', 'remove', 'move']),
    });
  });

  app.delete(teamPath, {
    config,
    preValidation: guard.team('ministry'),
    schema: {
      tags,
      summary: 'E17: delete a team with its history (not the only team)',
      querystring: Type.Object({ classEvents: Type.Optional(Type.String({ maxLength: 20 })) }),
      body: Type.Optional(Nullable(Type.Object({ classEvents: Type.Optional(Type.Unknown()) }))),
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    const choice = classEvents<ClassEventsOnDelete>(request.body?.classEvents ?? request.query.classEvents, ['keep', 'remove', 'delete']);
    await teams.delete(await actorOf(request, services), entityOf<TeamRow>(request), choice);
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
  }, async (request) => teams.classEvents(entityOf<TeamRow>(request)));
};
