import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { callerOf } from '../../plugins/access.js';
import { pathId } from '../../plugins/volunteer-guards.js';
import { Warning } from '../../schemas/availability.schemas.js';
import { BodyId, idSegment, Nullable, responses } from '../../schemas/common.js';
import { EligiblePerson, HelpWanted, MeAssignment, Opportunities, Swap, Told } from '../../schemas/volunteer.schemas.js';
import { memberPaths } from './paths.js';
import { presentHelpWanted, presentMyAssignments, presentOpportunities, presentMyQualifications, presentWithMyAssignment, presentWithSwap } from '../../presenters/assignments.presenter.js';
import { presentSubstitutes } from '../../presenters/availability.presenter.js';
import { parseAnswer, parseComment, parseMyAssignments, parseOpportunities } from '../../commands/assignments.commands.js';

const ASSIGNMENT_FAILURE = 'The volunteer assignment could not be saved';
const DateText = Type.Optional(Type.String({ maxLength: 20 }));
const Comment = Type.Optional(Nullable(Type.String({ maxLength: 255 })));

/** Member self-service under /api/ministries/me/* and /api/me/* (contract §8); the actor is always the caller. */
export const memberRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { member } = services;
  const tags = ['Volunteer: me'];
  const config = { access: 'member' as const, failureMessage: ASSIGNMENT_FAILURE };
  const assignmentSegment = `assignments/${idSegment('assignmentId')}`;

  for (const url of memberPaths('assignments')) {
    app.get(url, {
      config,
      schema: {
        tags,
        summary: 'My assignments, upcoming unless includePast=1, soonest first',
        querystring: Type.Object({ from: DateText, to: DateText, includePast: Type.Optional(Type.String({ maxLength: 10 })) }),
        response: responses({ 200: Type.Object({ assignments: Type.Array(MeAssignment) }) }),
      },
    }, async (request) => presentMyAssignments(await member.assignments(callerOf(request), parseMyAssignments(request.query))));
  }

  for (const url of memberPaths(`${assignmentSegment}/respond`)) {
    app.post(url, {
      config,
      schema: {
        tags,
        summary: 'Accept or decline one of my assignments',
        body: Type.Object({ response: Type.Optional(Type.Unknown()), comment: Comment }),
        response: responses({ 200: Type.Object({ assignment: MeAssignment }) }),
      },
    }, async (request) => {
      const assignmentId = pathId(request, 'assignmentId', 'Assignment');
      const { response, comment } = parseAnswer(request.body);
      return presentWithMyAssignment(await member.respond(callerOf(request), assignmentId, response, comment));
    });
  }

  for (const url of memberPaths(`${assignmentSegment}/substitutes`)) {
    app.get(url, {
      config,
      schema: {
        tags,
        summary: 'People who could take over one of my assignments',
        description: "A colleague's blockout covering the shift is answered with its dates and a null `reason`, unless the caller recorded it or is a manager or administrator.",
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: responses({ 200: Type.Object({ people: Type.Array(EligiblePerson) }) }),
      },
    }, async (request) => {
      const caller = callerOf(request);
      return presentSubstitutes(await member.substitutes(caller, pathId(request, 'assignmentId', 'Assignment'), request.query.q), caller);
    });
  }

  for (const url of memberPaths(`${assignmentSegment}/propose-substitute`)) {
    app.post(url, {
      config,
      schema: {
        tags,
        summary: 'E9: propose a substitute who has agreed (personId is the SUBSTITUTE)',
        body: Type.Object({ personId: Type.Integer({ minimum: 1, maximum: 2147483647, 'x-error': 'personId must name the substitute' }), comment: Comment }),
        response: responses({ 201: Type.Object({ swap: Swap, warnings: Type.Array(Warning) }) }),
      },
    }, async (request, reply) => reply.code(201).send(presentWithSwap(
      await member.proposeSubstitute(callerOf(request), pathId(request, 'assignmentId', 'Assignment'), request.body.personId, parseComment(request.body)))));
  }

  for (const url of memberPaths(`swaps/${idSegment('swapId')}/withdraw`)) {
    app.post(url, {
      config,
      schema: { tags, summary: 'Withdraw my pending substitute proposal', body: Type.Object({ comment: Comment }), response: responses({ 200: Type.Object({ swap: Swap }) }) },
    }, async (request) => presentWithSwap(await member.withdraw(callerOf(request), pathId(request, 'swapId', 'Substitution request'), parseComment(request.body))));
  }

  for (const url of memberPaths('qualifications')) {
    app.get(url, {
      config,
      schema: {
        tags,
        summary: 'My active qualifications',
        response: responses({
          200: Type.Object({
            qualifications: Type.Array(Type.Object({
              positionId: Type.Integer(), positionName: Type.String(), ministryId: Type.Integer(), ministryName: Type.String(), teamId: Type.Integer(), teamName: Type.String(),
            })),
          }),
        }),
      },
    }, async (request) => presentMyQualifications(await member.qualifications(callerOf(request))));
  }

  for (const url of memberPaths('opportunities')) {
    app.get(url, {
      config,
      schema: {
        tags,
        summary: 'E10: open slots I could sign up to (default: the next 90 days); a personId is ignored',
        querystring: Type.Object({ from: DateText, to: DateText, personId: Type.Optional(Type.String({ maxLength: 20 })) }),
        response: responses({ 200: Opportunities }),
      },
    }, async (request) => presentOpportunities(await member.opportunities(callerOf(request), parseOpportunities(request.query))));
  }

  for (const url of memberPaths('help-wanted')) {
    app.get(url, {
      config,
      schema: {
        tags,
        summary: 'E12: ministries asking for help, alphabetically',
        response: responses({ 200: HelpWanted }),
      },
    }, async (request) => presentHelpWanted(await member.helpWanted(callerOf(request))));
  }

  for (const url of memberPaths(`help-wanted/${idSegment('ministryId')}`)) {
    app.post(url, {
      config,
      schema: {
        tags,
        summary: 'E13: tell a ministry I would like to help (I join its pool; coordinators are told once a day)',
        response: responses({ 200: Type.Object({ joinedPool: Type.Boolean(), notified: Type.Integer() }) }),
      },
    }, async (request) => member.offerHelp(callerOf(request), pathId(request, 'ministryId', 'Ministry')));
  }

  for (const url of memberPaths(`ministries/${idSegment('ministryId')}/replies-go-to`)) {
    app.get(url, {
      config,
      schema: { tags, summary: 'Ours (issue 34): who is told of my help offer to this ministry', response: responses({ 200: Told }) },
    }, async (request) => member.repliesGoTo(pathId(request, 'ministryId', 'Ministry')));
  }
  for (const url of memberPaths(`${assignmentSegment}/replies-go-to`)) {
    app.get(url, {
      config,
      schema: { tags, summary: 'Ours (issue 34): who is told of my decline or proposed substitute on my assignment', response: responses({ 200: Told }) },
    }, async (request) => member.repliesGoToFor(callerOf(request), pathId(request, 'assignmentId', 'Assignment')));
  }

  for (const url of memberPaths('signup')) {
    app.post(url, {
      config,
      schema: {
        tags,
        summary: 'E11: put myself on an open slot (a personId in the body is ignored)',
        body: Type.Object({ occurrenceId: BodyId('occurrenceId'), positionId: BodyId('positionId'), personId: Type.Optional(Type.Unknown({ description: 'Ignored: the caller signs up themself (§1.6)' })) }),
        response: responses({ 201: Type.Object({ assignment: MeAssignment, warnings: Type.Array(Warning, { description: 'Ours (issue 17): e.g. the shift falls in one of my blockouts' }) }) }),
      },
    }, async (request, reply) => reply.code(201).send(presentWithMyAssignment(await services.assignments.signUp(callerOf(request), request.body.occurrenceId, request.body.positionId))));
  }
};
