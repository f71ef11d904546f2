import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FAMILY_ROLES, PEOPLE_PAGE_LIMIT, PEOPLE_PAGE_SIZE } from '../../domain/people/people.service.js';
import type { Services } from '../../domain/services.js';
import { parsePerson } from '../commands/people.commands.js';
import { callerOf } from '../plugins/access.js';
import { peopleImportRoutes } from './people-import.routes.js';
import { presentFamily, presentFamilyListRow, presentPerson, presentPersonListRow, presentPersonSearchHit, presentRole } from '../presenters/core.presenter.js';
import { idParams, idSegment, responses, SuccessResponse } from '../schemas/common.js';
import { Family, FamilyBody, FamilyListRow, FamilyUpdateBody, PeopleListQuery, Person, PersonBody, PersonSearchHit, PersonListRow, PersonUpdateBody, RoleOption } from '../schemas/core.schemas.js';

const paging = `${PEOPLE_PAGE_SIZE} a page unless limit asks for fewer or more (at most ${PEOPLE_PAGE_LIMIT}); offset pages on; X-Total-Count tells how many`;

/** People and families (contract §15.2). */
export const peopleRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { people } = services;
  const tags = ['People'];
  const editRecords = { access: { role: 'editRecords' as const } };
  await app.register(peopleImportRoutes(services));

  app.get('/api/persons', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: `People by last name, then first name, optionally only those whose name or e-mail contains q: ${paging} (ours)`,
      querystring: PeopleListQuery,
      response: responses({ 200: Type.Array(PersonListRow) }),
    },
  }, async (request, reply) => {
    const page = await people.listPeople(request.query);
    reply.header('X-Total-Count', String(page.total));
    return page.rows.map(presentPersonListRow);
  });

  app.post('/api/persons', {
    config: editRecords,
    schema: { tags, summary: 'Create a person', body: PersonBody, response: responses({ 201: Person }) },
  }, async (request, reply) => reply.code(201).send(presentPerson(await people.createPerson(callerOf(request), parsePerson(request.body)))));

  app.post(`/api/person/${idSegment('personId')}`, {
    config: editRecords,
    schema: { tags, summary: 'Change a person (any subset of the create fields)', params: idParams('personId'), body: PersonUpdateBody, response: responses({ 200: Person }) },
  }, async (request) => presentPerson(await people.updatePerson(callerOf(request), request.params.personId, parsePerson(request.body))));

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
      response: responses({ 200: Type.Array(PersonSearchHit) }),
    },
  }, async (request) => (await people.search(request.params.query)).map(presentPersonSearchHit));

  app.get('/api/persons/roles', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Family roles', response: responses({ 200: Type.Array(RoleOption) }) },
  }, async () => FAMILY_ROLES.map(presentRole));

  app.post('/api/families', {
    config: editRecords,
    schema: { tags, summary: 'Create a family', body: FamilyBody, response: responses({ 201: Family }) },
  }, async (request, reply) => reply.code(201).send(presentFamily(await people.createFamily(callerOf(request), request.body), [])));

  app.get('/api/families', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: `Families by name with their member counts, optionally only those whose name or e-mail contains q: ${paging} (ours)`,
      querystring: PeopleListQuery,
      response: responses({ 200: Type.Array(FamilyListRow) }),
    },
  }, async (request, reply) => {
    const page = await people.listFamilies(request.query);
    reply.header('X-Total-Count', String(page.total));
    return page.rows.map(presentFamilyListRow);
  });

  app.post(`/api/family/${idSegment('familyId')}`, {
    config: editRecords,
    schema: { tags, summary: 'Change a family (any subset of the create fields) (ours)', params: idParams('familyId'), body: FamilyUpdateBody, response: responses({ 200: Family }) },
  }, async (request) => {
    const { family, memberIds } = await people.updateFamily(request.params.familyId, request.body);
    return presentFamily(family, memberIds);
  });

  app.get(`/api/family/${idSegment('familyId')}`, {
    config: { access: 'staff' },
    schema: { tags, summary: 'Read a family', params: idParams('familyId'), response: responses({ 200: Family }) },
  }, async (request) => {
    const { family, memberIds } = await people.getFamily(request.params.familyId);
    return presentFamily(family, memberIds);
  });
};
