import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../domain/services.js';
import { publicRateLimit } from '../plugins/rate-limits.js';
import { presentFamily, presentPerson } from '../presenters/core.presenter.js';
import { Id, idParams, idSegment, ReadByDomain, responses, SuccessResponse } from '../schemas/common.js';
import { Family, Person } from '../schemas/core.schemas.js';

// Every failure of a registration is reported at once (after the 403 for a closed form), so the domain reads each field.
const text = (max: number, required = false) => ReadByDomain(`text, ${max} characters at most${required ? '; required' : ''}`);
const PersonRegistrationBody = Type.Object({
  firstName: text(50, true),
  lastName: text(50, true),
  email: ReadByDomain('one e-mail address, 100 characters at most'),
  gender: ReadByDomain('0 (unknown), 1 (male) or 2 (female)'),
  birthday: ReadByDomain('MM/DD/YYYY'),
  role: ReadByDomain('a family role id'),
  cellPhone: text(30),
  homePhone: text(30),
  workPhone: text(30),
  hideAge: ReadByDomain('permissive boolean (§1.7)'),
});
const FamilyRegistrationBody = Type.Object({
  Name: text(50, true),
  Address1: text(255),
  Address2: text(255),
  City: text(50),
  State: text(50),
  Zip: text(50),
  Country: text(50),
  HomePhone: text(30),
  WorkPhone: text(30),
  CellPhone: text(30),
  Email: ReadByDomain('one e-mail address, 100 characters at most'),
  people: ReadByDomain('a list of at most 50 people, each as the person registration'),
});
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
    const { family, memberIds } = await registration.registerFamily(request.body);
    return presentFamily(family, memberIds);
  });

  app.post('/api/public/register/person', {
    config: publicForm,
    schema: { tags, summary: 'Register one person (waits for review)', body: PersonRegistrationBody, response: responses({ 200: Person }) },
  }, async (request) => presentPerson(await registration.registerPerson(request.body)));

  app.get('/api/persons/self-register', {
    config: editRecords,
    schema: { tags, summary: 'Self-registered people awaiting review, newest first (at most 100)', response: responses({ 200: Type.Object({ people: Type.Array(Type.Unknown()) }) }) },
  }, async () => ({ people: (await registration.peopleAwaitingReview()).map(presentPerson) }));

  app.get('/api/persons/self-register/count', {
    config: editRecords,
    schema: { tags, summary: 'How many self-registered people await review', response: responses({ 200: Type.Object({ count: Type.Integer() }) }) },
  }, async () => ({ count: await registration.countAwaitingReview() }));

  app.get('/api/families/self-register', {
    config: editRecords,
    schema: { tags, summary: 'Self-registered families awaiting review', response: responses({ 200: Type.Object({ families: Type.Array(Type.Unknown()) }) }) },
  }, async () => ({
    families: (await registration.familiesAwaitingReview()).map(({ family, members }) => ({
      ...presentFamily(family, []),
      Members: members.map((m) => m.first_name),
      MemberEmails: members.map((m) => m.email).filter((email): email is string => email !== null),
    })),
  }));

  app.post('/api/persons/self-register/approve', {
    config: editRecords,
    schema: {
      tags,
      summary: 'Approve self-registered families and people (a family counts once with its members)',
      body: Type.Object({ families: Type.Optional(IdList), persons: Type.Optional(IdList) }),
      response: responses({ 200: Type.Object({ success: Type.Literal(true), approved: Type.Integer() }) }),
    },
  }, async (request) => ({ success: true as const, approved: await registration.approve(request.body.families ?? [], request.body.persons ?? []) }));

  app.post(`/api/person/${idSegment('personId')}/approve-review`, {
    config: editRecords,
    schema: { tags, summary: "Clear one person's review flag", params: idParams('personId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await registration.approvePerson(request.params.personId);
    return { success: true as const };
  });
};
