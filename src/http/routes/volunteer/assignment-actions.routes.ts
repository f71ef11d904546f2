import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards } from '../../plugins/volunteer-guards.js';
import { Id, idSegment, Nullable, RequiredField, responses, Stages } from '../../schemas/common.js';
import { Assignment, Notification, Response, Swap } from '../../schemas/volunteer.schemas.js';
import { Warning } from '../../schemas/availability.schemas.js';
import { V } from './paths.js';
import { presentApproval, presentAssignmentDetail, presentNotifications, presentQueued, presentRemoval, presentSwaps, presentWithAssignment, presentWithSwap } from '../../presenters/assignments.presenter.js';
import { parseComment, parseFlag, parseStatusChange, parseSwapList } from '../../commands/assignments.commands.js';

const ASSIGNMENT_FAILURE = 'The volunteer assignment could not be saved';
const CommentBody = Type.Object({ comment: Type.Optional(Nullable(Type.String({ maxLength: 255 }))) });
const STATUS_MESSAGE = 'status must be accepted, declined or cancelled';
// The comment is checked first, as it always was.
const StatusBody = Stages(CommentBody, RequiredField('status', Type.Union([Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('cancelled')], { 'x-error': STATUS_MESSAGE }), STATUS_MESSAGE));

/** Coordinator actions on assignments and substitute proposals (contract §7.3, §7.4). */
export const assignmentActionsRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { assignmentActions, swaps } = services;
  const guard = guards(services);
  const tags = ['Volunteer: assignments'];
  const config = { access: 'coordinator' as const, failureMessage: ASSIGNMENT_FAILURE };
  const assignmentPath = `${V}/assignments/${idSegment('assignmentId')}`;
  const swapPath = `${V}/swaps/${idSegment('swapId')}`;

  app.get(assignmentPath, {
    config,
    preValidation: guard.assignment(),
    schema: {
      tags,
      summary: 'An assignment with its response trail, substitute proposals and messages',
      response: responses({ 200: Type.Object({ assignment: Assignment, responses: Type.Array(Response), swaps: Type.Array(Swap), notifications: Type.Array(Notification) }) }),
    },
  }, async (request) => presentAssignmentDetail(await assignmentActions.detail(authorizedOf(request, 'assignment'))));

  app.post(`${assignmentPath}/status`, {
    config,
    preValidation: guard.assignment(),
    schema: {
      tags,
      summary: 'Record accepted or declined, or cancel (409 with currentStatus on an illegal transition)',
      body: StatusBody,
      response: responses({ 200: Type.Object({ assignment: Assignment }) }),
    },
  }, async (request) => {
    const { status, comment } = parseStatusChange(request.body);
    return presentWithAssignment(await assignmentActions.setStatus(await actorOf(request, services), authorizedOf(request, 'assignment'), status, comment));
  });

  app.delete(assignmentPath, {
    config,
    preValidation: guard.assignment(),
    schema: {
      tags,
      summary: 'Delete a fresh pending assignment, or cancel and keep an answered one',
      response: responses({ 200: Type.Object({ deleted: Type.Boolean(), assignment: Nullable(Assignment) }) }),
    },
  }, async (request) => presentRemoval(await assignmentActions.remove(await actorOf(request, services), authorizedOf(request, 'assignment'))));

  app.post(`${assignmentPath}/notify`, {
    config,
    preValidation: guard.assignment(),
    schema: {
      tags,
      summary: 'Queue the assignment message (force=1 re-arms the same row); nothing is sent here',
      querystring: Type.Object({ force: Type.Optional(Type.String({ maxLength: 10 })) }),
      response: responses({ 200: Type.Object({ created: Type.Boolean(), notification: Notification }) }),
    },
  }, async (request) => presentQueued(await assignmentActions.notify(authorizedOf(request, 'assignment'), parseFlag(request.query.force))));

  app.get(`${assignmentPath}/notifications`, {
    config,
    preValidation: guard.assignment(),
    schema: { tags, summary: 'Messages queued for an assignment, newest first', response: responses({ 200: Type.Object({ notifications: Type.Array(Notification) }) }) },
  }, async (request) => presentNotifications(await assignmentActions.notifications(authorizedOf(request, 'assignment'))));

  app.get(`${V}/swaps`, {
    config,
    schema: {
      tags,
      summary: 'Substitute proposals in the caller\'s scope, newest first',
      querystring: Type.Object({ status: Type.Optional(Type.String({ maxLength: 20 })), ministryId: Type.Optional(Id), occurrenceId: Type.Optional(Id) }),
      response: responses({ 200: Type.Object({ swaps: Type.Array(Swap) }) }),
    },
  }, async (request) => presentSwaps(await swaps.list(await actorOf(request, services), parseSwapList(request.query))));

  app.post(`${swapPath}/approve`, {
    config,
    preValidation: guard.swap(),
    schema: {
      tags,
      summary: 'Approve a substitute: the original becomes substituted, the substitute gets an accepted assignment',
      body: CommentBody,
      response: responses({ 200: Type.Object({ swap: Swap, originalAssignment: Assignment, replacementAssignment: Assignment, warnings: Type.Array(Warning) }) }),
    },
  }, async (request) => presentApproval(await swaps.approve(await actorOf(request, services), authorizedOf(request, 'swap'), parseComment(request.body))));

  app.post(`${swapPath}/reject`, {
    config,
    preValidation: guard.swap(),
    schema: { tags, summary: 'Reject a substitute (the original is unchanged)', body: CommentBody, response: responses({ 200: Type.Object({ swap: Swap }) }) },
  }, async (request) => presentWithSwap(await swaps.reject(await actorOf(request, services), authorizedOf(request, 'swap'), parseComment(request.body))));
};
