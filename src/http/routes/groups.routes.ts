import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { parseNewGroup } from '../commands/groups.commands.js';
import { presentGroup, presentRole } from '../presenters/core.presenter.js';
import { Id, idParams, idSegment, Nullable, responses, SuccessResponse } from '../schemas/common.js';
import { Group, GroupBody, Membership, RoleOption } from '../schemas/core.schemas.js';

const GroupPersonParams = Type.Object({ groupId: Id, personId: Id });

/** Groups, Sunday School classes and memberships (contract §15.2). */
export const groupsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { groups } = services;
  const tags = ['Groups'];
  const manageGroups = { access: { role: 'manageGroups' as const } };
  const groupPath = `/api/groups/${idSegment('groupId')}`;

  app.get('/api/groups/', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Every group', response: responses({ 200: Type.Array(Group) }) },
  }, async () => (await groups.listGroups()).map(({ group, roles }) => presentGroup(group, roles)));

  app.post('/api/groups/', {
    config: manageGroups,
    schema: { tags, summary: 'Create a group (isSundaySchool makes a class with Teacher and Student roles)', body: GroupBody, response: responses({ 200: Group }) },
  }, async (request) => {
    const group = await groups.createGroup(parseNewGroup(request.body));
    const { roles } = await groups.getGroup(group.id);
    return presentGroup({ ...group, member_count: 0 }, roles);
  });

  app.get(groupPath, {
    config: { access: 'staff' },
    schema: { tags, summary: 'Read a group', params: idParams('groupId'), response: responses({ 200: Group }) },
  }, async (request) => {
    const { group, roles } = await groups.getGroup(request.params.groupId);
    return presentGroup(group, roles);
  });

  app.get(`${groupPath}/members`, {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Members of a group',
      params: idParams('groupId'),
      response: responses({
        200: Type.Object({
          Person2group2roleP2g2rs: Type.Array(Type.Object({
            PersonId: Type.Integer(), GroupId: Type.Integer(), RoleId: Type.Integer(),
            Person: Type.Object({ Id: Type.Integer(), FirstName: Type.String(), LastName: Type.String(), Email: Nullable(Type.String()) }),
          })),
        }),
      }),
    },
  }, async (request) => ({
    Person2group2roleP2g2rs: (await groups.members(request.params.groupId)).map((member) => ({
      PersonId: member.person_id,
      GroupId: member.group_id,
      RoleId: member.role_id,
      Person: { Id: member.person_id, FirstName: member.first_name, LastName: member.last_name, Email: member.email },
    })),
  }));

  app.get(`${groupPath}/roles`, {
    config: { access: 'staff' },
    schema: { tags, summary: 'Roles of a group', params: idParams('groupId'), response: responses({ 200: Type.Array(RoleOption) }) },
  }, async (request) => (await groups.roles(request.params.groupId)).map(presentRole));

  app.post(`${groupPath}/addperson/${idSegment('personId')}`, {
    config: manageGroups,
    schema: {
      tags,
      summary: "Add a person to a group (the group's default role unless RoleID is given)",
      params: GroupPersonParams,
      // The body is optional: Fastify validates a missing body as null, which a bare object schema refuses.
      body: Type.Object({ RoleID: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: responses({ 200: Type.Array(Membership) }),
    },
  }, async (request) =>
    (await groups.addPerson(request.params.groupId, request.params.personId, request.body?.RoleID)).map((m) => ({
      PersonId: m.person_id,
      GroupId: m.group_id,
      RoleId: m.role_id,
    })));

  app.delete(`${groupPath}/removeperson/${idSegment('personId')}`, {
    config: manageGroups,
    schema: { tags, summary: 'Remove a person from a group', params: GroupPersonParams, response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await groups.removePerson(request.params.groupId, request.params.personId);
    return { success: true as const };
  });

  app.delete(groupPath, {
    config: manageGroups,
    schema: { tags, summary: 'Delete a group', params: idParams('groupId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await groups.deleteGroup(request.params.groupId);
    return { success: true as const };
  });
};
