import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { ATTENDANCE_MARKS } from '../../../db/schema.js';
import { parseCheckInCode, parseMark } from '../../commands/attendance.commands.js';
import { callerOf } from '../../plugins/access.js';
import { authorizedOf, guards, pathId } from '../../plugins/volunteer-guards.js';
import { presentCheckIn, presentCheckInCard } from '../../presenters/attendance.presenter.js';
import { presentAssignment } from '../../presenters/assignments.presenter.js';
import { CheckIn, CheckInCard } from '../../schemas/attendance.schemas.js';
import { idSegment, RequiredField, responses } from '../../schemas/common.js';
import { Assignment } from '../../schemas/volunteer.schemas.js';
import { memberPaths, V } from './paths.js';

const MARK_MESSAGE = 'mark must be present, late or absent';
const MarkBody = RequiredField('mark', Type.Union(ATTENDANCE_MARKS.map((m) => Type.Literal(m)), { 'x-error': MARK_MESSAGE }), MARK_MESSAGE);

/** A volunteer's own check-in from My schedule, and the coordinator's present / late / absent marks (issue 36 #3). */
export const attendanceRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { attendance } = services;
  const guard = guards(services);

  for (const url of memberPaths(`assignments/${idSegment('assignmentId')}/check-in`)) {
    app.get(url, {
      config: { access: 'member' },
      schema: {
        tags: ['Volunteer: me'],
        summary: "What my shift's card shows to check in: my check-in (null for none), the QR code a kiosk scans, and how the church checks in",
        description: 'The QR code is signed for this person and this event: a kiosk assigned to another event, or a code altered, is refused.',
        response: responses({ 200: CheckInCard }),
      },
    }, async (request) => presentCheckInCard(await attendance.checkInCard(callerOf(request), pathId(request, 'assignmentId', 'Assignment'))));

    app.post(url, {
      config: { access: 'member' },
      schema: {
        tags: ['Volunteer: me'],
        summary: 'Check in to one of my shifts, from shortly before its start until shortly after (settings iCheckInOpensMinutesBefore, iCheckInClosesMinutesAfter)',
        description: "When the church sets a venue code (sCheckInCode), `code` must carry it: 400 without it or with another.",
        body: Type.Optional(Type.Object({ code: Type.Optional(Type.String({ maxLength: 50 })) })),
        response: responses({ 201: Type.Object({ checkIn: CheckIn }) }),
      },
    }, async (request, reply) => {
      const assignmentId = pathId(request, 'assignmentId', 'Assignment');
      const row = await attendance.selfCheckIn(callerOf(request), assignmentId, parseCheckInCode(request.body));
      return reply.code(201).send({ checkIn: presentCheckIn(row) });
    });
  }

  app.post(`${V}/assignments/${idSegment('assignmentId')}/attendance`, {
    config: { access: 'coordinator' },
    preValidation: guard.assignment(),
    schema: {
      tags: ['Volunteer: assignments'],
      summary: 'Mark an assigned person present, late or absent (present and late check them in; absent clears a check-in)',
      body: MarkBody,
      response: responses({ 200: Type.Object({ assignment: Assignment }) }),
    },
  }, async (request) => ({ assignment: presentAssignment(await attendance.mark(authorizedOf(request, 'assignment'), parseMark(request.body))) }));
};
