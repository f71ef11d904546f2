import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { callerOf } from '../../plugins/access.js';
import { authorizedOf, guards, pathId } from '../../plugins/volunteer-guards.js';
import { idSegment, responses, SuccessResponse } from '../../schemas/common.js';
import {
  Blockout, BlockoutBody, Credential, CredentialBody, CredentialRequirement, CredentialRequirementBody, HeldCredential, HeldCredentialBody, Household, HouseholdRuleBody,
  Preference, PreferenceBody,
} from '../../schemas/availability.schemas.js';
import { MeAssignment } from '../../schemas/volunteer.schemas.js';
import { actorOf } from '../../plugins/access.js';
import { ministryPath, memberPaths, V } from './paths.js';
import { presentCoveredBlockout } from '../../presenters/assignments.presenter.js';
import { parseHouseholdRule } from '../../commands/availability.commands.js';
import {
  presentBlockouts, presentCredential, presentCredentialRequirement, presentHeldCredential, presentHousehold, presentPreference, presentWithBlockout,
} from '../../presenters/availability.presenter.js';

const FAILURE = 'The availability change could not be saved';

/**
 * Availability (ours, issue 17): blockout dates, how often I serve, household rules — a volunteer's own under
 * /api/me/…, a coordinator's or team leader's for a person in their reach — and the credentials that gate serving.
 */
export const availabilityRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { blockouts, preferences, household, credentials } = services;
  const guard = guards(services);
  const tags = ['Volunteer: availability (ours)'];
  const member = { access: 'member' as const, failureMessage: FAILURE };
  const coordinator = { access: 'coordinator' as const, failureMessage: FAILURE };
  const List = Type.Object({ blockouts: Type.Array(Blockout) });

  for (const url of memberPaths('blockouts')) {
    app.get(url, {
      config: member,
      schema: { tags, summary: 'My blockouts that are not over, by first day (ours)', response: responses({ 200: List }) },
    }, async (request) => presentBlockouts(await blockouts.listMine(callerOf(request)), callerOf(request)));

    app.post(url, {
      config: member,
      schema: {
        tags,
        summary: 'Record a period I cannot serve (ours); answers with it my live assignments it covers',
        body: BlockoutBody,
        response: responses({ 201: Type.Object({ blockout: Blockout, coveredAssignments: Type.Array(MeAssignment) }) }),
      },
    }, async (request, reply) => {
      const caller = callerOf(request);
      return reply.code(201).send(presentWithBlockout(presentCoveredBlockout(await blockouts.createMine(caller, request.body)), caller));
    });
  }

  for (const url of memberPaths(`blockouts/${idSegment('blockoutId')}`)) {
    app.delete(url, {
      config: member,
      schema: { tags, summary: 'Remove one of my blockouts (ours)', response: responses({ 200: SuccessResponse }) },
    }, async (request) => blockouts.deleteMine(callerOf(request), pathId(request, 'blockoutId', 'Blockout')));
  }

  const personBlockouts = `${V}/people/${idSegment('personId')}/blockouts`;
  app.get(personBlockouts, {
    config: coordinator,
    preValidation: guard.person(),
    schema: {
      tags,
      summary: "A person's blockouts that are not over (ours)",
      description: 'A `reason` is answered only to the person, to whoever recorded that blockout, and to managers and administrators; it is null for everyone else, who see the dates alone.',
      response: responses({ 200: List }),
    },
  }, async (request) => presentBlockouts(await blockouts.listFor(authorizedOf(request, 'person')), callerOf(request)));

  app.post(personBlockouts, {
    config: coordinator,
    preValidation: guard.person(),
    schema: { tags, summary: 'Record a period a person in my reach cannot serve (ours)', body: BlockoutBody, response: responses({ 201: Type.Object({ blockout: Blockout }) }) },
  }, async (request, reply) => {
    const caller = callerOf(request);
    return reply.code(201).send(presentWithBlockout(await blockouts.createFor(caller, authorizedOf(request, 'person'), request.body), caller));
  });

  app.delete(`${V}/blockouts/${idSegment('blockoutId')}`, {
    config: coordinator,
    preValidation: guard.blockout(),
    schema: { tags, summary: "Remove a blockout of a person in my reach (ours)", response: responses({ 200: SuccessResponse }) },
  }, async (request) => blockouts.deleteFor(authorizedOf(request, 'blockout')));

  const personPath = `${V}/people/${idSegment('personId')}`;
  app.put(`${personPath}/preferences`, {
    config: coordinator,
    preValidation: guard.person(),
    schema: {
      tags,
      summary: 'Set how often a person in my reach who has no login serves, for a ministry or every ministry (ours, issue 35 #6)',
      description: 'A person who signs in sets their own: 409.',
      body: PreferenceBody,
      response: responses({ 200: Type.Object({ preference: Preference }) }),
    },
  }, async (request) => ({ preference: presentPreference(await preferences.setFor(authorizedOf(request, 'person'), request.body)) }));

  app.get(`${personPath}/household`, {
    config: coordinator,
    preValidation: guard.person(),
    schema: { tags, summary: "A person's family members and whom they serve with or apart from (ours, issue 35 #6)", response: responses({ 200: Household }) },
  }, async (request) => presentHousehold(await household.of(authorizedOf(request, 'person').id)));

  app.post(`${personPath}/household/rules`, {
    config: coordinator,
    preValidation: guard.person(),
    schema: {
      tags,
      summary: 'Record that a person in my reach who has no login serves together with, or apart from, a member of their family (ours, issue 35 #6)',
      description: 'A person who signs in sets their own: 409.',
      body: HouseholdRuleBody,
      response: responses({ 200: Household }),
    },
  }, async (request) => presentHousehold(await household.setRuleFor(callerOf(request), authorizedOf(request, 'person'), parseHouseholdRule(request.body))));

  app.delete(`${personPath}/household/rules/${idSegment('ruleId')}`, {
    config: coordinator,
    preValidation: guard.person(),
    schema: {
      tags,
      summary: 'Remove a household rule of a person in my reach who has no login (ours, issue 35 #6); answers their household',
      description: 'A person who signs in removes their own: 409. A rule that does not name the person: 404.',
      response: responses({ 200: Household }),
    },
  }, async (request) => presentHousehold(await household.deleteRuleFor(authorizedOf(request, 'person'), pathId(request, 'ruleId', 'Household rule'))));

  for (const url of memberPaths('preferences')) {
    app.get(url, {
      config: member,
      schema: { tags, summary: 'How often I want to serve, per ministry or for every ministry (ours)', response: responses({ 200: Type.Object({ preferences: Type.Array(Preference) }) }) },
    }, async (request) => ({ preferences: (await preferences.listMine(callerOf(request))).map(presentPreference) }));

    app.put(url, {
      config: member,
      schema: {
        tags,
        summary: 'Set at most N times a month and preferred weeks (1–5) for a ministry, or for every ministry without one (ours)',
        body: PreferenceBody,
        response: responses({ 200: Type.Object({ preference: Preference }) }),
      },
    }, async (request) => ({ preference: presentPreference(await preferences.setMine(callerOf(request), request.body)) }));
  }

  for (const url of memberPaths(`preferences/${idSegment('preferenceId')}`)) {
    app.delete(url, {
      config: member,
      schema: { tags, summary: 'Remove one of my preferences (ours)', response: responses({ 200: SuccessResponse }) },
    }, async (request) => preferences.deleteMine(callerOf(request), pathId(request, 'preferenceId', 'Preference')));
  }

  for (const url of memberPaths('household')) {
    app.get(url, {
      config: member,
      schema: { tags, summary: 'My family members and whom I serve with or apart from (ours)', response: responses({ 200: Household }) },
    }, async (request) => presentHousehold(await household.mine(callerOf(request))));
  }

  for (const url of memberPaths('household/rules')) {
    app.post(url, {
      config: member,
      schema: { tags, summary: 'Serve together with, or apart from, a member of my family (ours); answers my household', body: HouseholdRuleBody, response: responses({ 200: Household }) },
    }, async (request) => presentHousehold(await household.setRule(callerOf(request), parseHouseholdRule(request.body))));
  }

  for (const url of memberPaths(`household/rules/${idSegment('ruleId')}`)) {
    app.delete(url, {
      config: member,
      schema: { tags, summary: 'Remove a household rule I am part of (ours); answers my household', response: responses({ 200: Household }) },
    }, async (request) => presentHousehold(await household.deleteRule(callerOf(request), pathId(request, 'ruleId', 'Household rule'))));
  }

  app.get(`${V}/credentials`, {
    config: coordinator,
    schema: { tags, summary: 'Credentials that can gate serving, by name (ours)', response: responses({ 200: Type.Object({ credentials: Type.Array(Credential) }) }) },
  }, async () => ({ credentials: (await credentials.list()).map(presentCredential) }));

  app.post(`${V}/credentials`, {
    config: coordinator,
    schema: { tags, summary: 'Name a credential, e.g. a background check (ours; managers)', body: CredentialBody, response: responses({ 201: Type.Object({ credential: Credential }) }) },
  }, async (request, reply) => reply.code(201).send({ credential: presentCredential(await credentials.create(await actorOf(request, services), request.body)) }));

  app.post(`${V}/credentials/${idSegment('credentialId')}`, {
    config: coordinator,
    schema: { tags, summary: 'Rename, describe or retire a credential (ours; managers)', body: CredentialBody, response: responses({ 200: Type.Object({ credential: Credential }) }) },
  }, async (request) => ({ credential: presentCredential(await credentials.update(await actorOf(request, services), pathId(request, 'credentialId', 'Credential'), request.body)) }));

  app.get(`${ministryPath}/credential-requirements`, {
    config: coordinator,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Credentials the ministry or its positions require (ours)', response: responses({ 200: Type.Object({ requirements: Type.Array(CredentialRequirement) }) }) },
  }, async (request) => ({ requirements: (await credentials.requirements(authorizedOf(request, 'ministry'))).map(presentCredentialRequirement) }));

  app.post(`${ministryPath}/credential-requirements`, {
    config: coordinator,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Require a credential for the ministry, or for one of its positions (ours)', body: CredentialRequirementBody, response: responses({ 201: Type.Object({ requirement: CredentialRequirement }) }) },
  }, async (request, reply) => reply.code(201).send({ requirement: presentCredentialRequirement(await credentials.require(authorizedOf(request, 'ministry'), request.body)) }));

  app.delete(`${ministryPath}/credential-requirements/${idSegment('requirementId')}`, {
    config: coordinator,
    preValidation: guard.ministry(),
    schema: { tags, summary: 'Stop requiring a credential (ours)', response: responses({ 200: SuccessResponse }) },
  }, async (request) => credentials.dropRequirement(authorizedOf(request, 'ministry'), pathId(request, 'requirementId', 'Credential requirement')));

  const personCredentials = `${V}/people/${idSegment('personId')}/credentials`;
  app.get(personCredentials, {
    config: coordinator,
    preValidation: guard.person(),
    schema: { tags, summary: 'Credentials a person in my reach holds, with expiry dates (ours)', response: responses({ 200: Type.Object({ credentials: Type.Array(HeldCredential) }) }) },
  }, async (request) => ({ credentials: (await credentials.heldBy(authorizedOf(request, 'person'))).map(presentHeldCredential) }));

  app.put(personCredentials, {
    config: coordinator,
    preValidation: guard.person(),
    schema: {
      tags,
      summary: 'Record that a person holds a credential until a date, or without end (ours)',
      description: 'Managers and administrators, or a coordinator of a ministry that requires the credential (for the ministry or one of its positions); anyone else 403.',
      body: HeldCredentialBody,
      response: responses({ 200: Type.Object({ credentials: Type.Array(HeldCredential) }) }),
    },
  }, async (request) => ({ credentials: (await credentials.record(await actorOf(request, services), authorizedOf(request, 'person'), request.body)).map(presentHeldCredential) }));

  app.delete(`${personCredentials}/${idSegment('credentialId')}`, {
    config: coordinator,
    preValidation: guard.person(),
    schema: {
      tags,
      summary: "Remove a person's credential record (ours)",
      description: 'Managers and administrators, or a coordinator of a ministry that requires the credential; anyone else 403.',
      response: responses({ 200: Type.Object({ credentials: Type.Array(HeldCredential) }) }),
    },
  }, async (request) => ({ credentials: (await credentials.forget(await actorOf(request, services), authorizedOf(request, 'person'), pathId(request, 'credentialId', 'Credential'))).map(presentHeldCredential) }));
};
