import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FAMILY_ROLES, type PersonInput } from '../../domain/people/people.service.js';
import type { Services } from '../../domain/services.js';
import { parsePermissiveBoolean } from '../../domain/values.js';
import { callerOf } from '../plugins/access.js';
import { presentFamily, presentPerson } from '../presenters/core.presenter.js';
import { idParams, idSegment, responses, SuccessResponse } from '../schemas/common.js';
import { Family, FamilyBody, Person, PersonBody, PersonUpdateBody, RoleOption } from '../schemas/core.schemas.js';

type PersonBodyType = Partial<Record<keyof PersonInput, unknown>>;

function personInput(body: PersonBodyType): PersonInput {
  const { inactive, doNotEmail, ...rest } = body;
  return {
    ...(rest as PersonInput),
    ...(inactive !== undefined && { inactive: parsePermissiveBoolean(inactive) }),
    ...(doNotEmail !== undefined && { doNotEmail: parsePermissiveBoolean(doNotEmail) }),
  };
}

/** People and families (contract §15.2). */
export const peopleRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { people } = services;
  const tags = ['People'];
  const editRecords = { access: { role: 'editRecords' as const } };

  app.post('/api/persons', {
    config: editRecords,
    schema: { tags, summary: 'Create a person', body: PersonBody, response: responses({ 201: Person }) },
  }, async (request, reply) => reply.code(201).send(presentPerson(await people.createPerson(callerOf(request), personInput(request.body)))));

  app.post(`/api/person/${idSegment('personId')}`, {
    config: editRecords,
    schema: { tags, summary: 'Change a person (any subset of the create fields)', params: idParams('personId'), body: PersonUpdateBody, response: responses({ 200: Person }) },
  }, async (request) => presentPerson(await people.updatePerson(callerOf(request), request.params.personId, personInput(request.body))));

  app.get(`/api/person/${idSegment('personId')}`, {
    config: { access: 'staff' },
    schema: { tags, summary: 'Read a person', params: idParams('personId'), response: responses({ 200: Person }) },
  }, async (request) => presentPerson(await people.getPerson(request.params.personId)));

  app.delete(`/api/person/${idSegment('personId')}`, {
    config: { access: { role: 'deleteRecords' } },
    schema: { tags, summary: 'Delete a person', params: idParams('personId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await people.deletePerson(callerOf(request), request.params.personId);
    return { success: true as const };
  });

  app.get('/api/persons/search/:query', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Find people by first name, last name or e-mail (at most 15)',
      params: Type.Object({ query: Type.String({ minLength: 1, maxLength: 100 }) }),
      response: responses({ 200: Type.Array(Type.Object({ id: Type.Integer(), objid: Type.Integer(), text: Type.String(), uri: Type.String() })) }),
    },
  }, async (request) =>
    (await people.search(request.params.query)).map((person, index) => ({
      id: index + 1,
      objid: person.id,
      text: `${person.first_name} ${person.last_name}`,
      uri: `/api/person/${person.id}`,
    })));

  app.get('/api/persons/roles', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Family roles', response: responses({ 200: Type.Array(RoleOption) }) },
  }, async () => FAMILY_ROLES);

  app.post('/api/families', {
    config: editRecords,
    schema: { tags, summary: 'Create a family', body: FamilyBody, response: responses({ 201: Family }) },
  }, async (request, reply) => reply.code(201).send(presentFamily(await people.createFamily(callerOf(request), request.body), [])));

  app.get(`/api/family/${idSegment('familyId')}`, {
    config: { access: 'staff' },
    schema: { tags, summary: 'Read a family', params: idParams('familyId'), response: responses({ 200: Family }) },
  }, async (request) => {
    const { family, memberIds } = await people.getFamily(request.params.familyId);
    return presentFamily(family, memberIds);
  });
};
