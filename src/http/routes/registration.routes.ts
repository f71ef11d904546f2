import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { parseFamilyRegistration, parsePersonRegistration } from '../commands/registration.commands.js';
import { presentFamily, presentFamilyAwaitingReview, presentPerson } from '../presenters/core.presenter.js';
import { Id, idParams, idSegment, responses, SuccessResponse } from '../schemas/common.js';
import { Family, FamilyAwaitingReview, FamilyRegistrationBody, Person, PersonRegistrationBody } from '../schemas/core.schemas.js';

const IdList = Type.Array(Id, { maxItems: 1000 });

/** Self-registration (public) and its review by EditRecords holders (contract §14.4). */
export const registrationRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { registration } = services;
  const publicForm = { access: 'public' as const, rateLimit: publicRateLimit(services, 'iPublicFormRateLimitPerMinute') };
  const editRecords = { access: { role: 'editRecords' as const } };
  const tags = ['Self-registration'];

  app.post('/api/public/register/family', {
    config: publicForm,
    schema: { tags, summary: 'Register a family with its people (waits for review)', body: FamilyRegistrationBody, response: responses({ 200: Family }) },
  }, async (request) => {
    const { family, memberIds } = await registration.registerFamily(() => parseFamilyRegistration(request.body));
    return presentFamily(family, memberIds);
  });

  app.post('/api/public/register/person', {
    config: publicForm,
    schema: { tags, summary: 'Register one person (waits for review)', body: PersonRegistrationBody, response: responses({ 200: Person }) },
  }, async (request) => presentPerson(await registration.registerPerson(() => parsePersonRegistration(request.body))));

  app.get('/api/persons/self-register', {
    config: editRecords,
    schema: { tags, summary: 'Self-registered people awaiting review, newest first (at most 100)', response: responses({ 200: Type.Object({ people: Type.Array(Person) }) }) },
  }, async () => ({ people: (await registration.peopleAwaitingReview()).map(presentPerson) }));

  app.get('/api/persons/self-register/count', {
    config: editRecords,
    schema: { tags, summary: 'How many self-registered people await review', response: responses({ 200: Type.Object({ count: Type.Integer() }) }) },
  }, async () => ({ count: await registration.countAwaitingReview() }));

  app.get('/api/families/self-register', {
    config: editRecords,
    schema: { tags, summary: 'Self-registered families awaiting review', response: responses({ 200: Type.Object({ families: Type.Array(FamilyAwaitingReview) }) }) },
  }, async () => ({ families: (await registration.familiesAwaitingReview()).map(presentFamilyAwaitingReview) }));

  app.post('/api/persons/self-register/approve', {
    config: editRecords,
    schema: {
      tags,
      summary: 'Approve self-registered families and people (a family counts once with its members)',
      body: Type.Object({ families: Type.Optional(IdList), persons: Type.Optional(IdList) }),
      response: responses({ 200: Type.Object({ success: Type.Literal(true), approved: Type.Integer() }) }),
    },
  }, async (request) => ({ success: true as const, approved: await registration.approve(request.body.families ?? [], request.body.persons ?? []) }));

  app.post(`/api/persons/self-register/${idSegment('personId')}/reject`, {
    config: editRecords,
    schema: {
      tags,
      summary: 'Turn a self-registered person away (ours, issue 33 #6): the record leaves the list as inactive; the applicant is mailed, with the reason if given',
      params: idParams('personId'),
      body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500, 'x-error': 'reason must be text of at most 500 characters' })) }),
      response: responses({ 200: SuccessResponse }),
    },
  }, async (request) => {
    await registration.rejectPerson(request.params.personId, request.body.reason?.trim() || undefined);
    return { success: true as const };
  });

  app.post(`/api/person/${idSegment('personId')}/approve-review`, {
    config: editRecords,
    schema: { tags, summary: "Clear one person's review flag", params: idParams('personId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await registration.approvePerson(request.params.personId);
    return { success: true as const };
  });
};
