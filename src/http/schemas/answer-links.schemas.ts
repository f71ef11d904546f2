import { Type, type Static } from '@sinclair/typebox';
import { ASSIGNMENT_STATUSES } from '../../db/schema.js';
import { Nullable, WallClock } from './common.js';
import { Told } from './volunteer.schemas.js';

export const AnswerLinkParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/** What an answer link's page shows (ours, issue 17): the assignment's facts and the first name of the person asked, nothing else. */
export const AnswerLinkAssignment = Type.Object({
  firstName: Type.String(),
  positionName: Type.String(),
  ministryName: Type.String(),
  teamName: Type.String(),
  start: WallClock,
  end: WallClock,
  status: Type.Union(ASSIGNMENT_STATUSES.map((s) => Type.Literal(s))),
});
export type AnswerLinkAssignmentView = Static<typeof AnswerLinkAssignment>;

/** What an answer link's page shows: the assignment, and the answer recorded through the link (null before one). */
export const AnswerLinkPage = Type.Object({
  assignment: AnswerLinkAssignment,
  answered: Nullable(Type.Union([Type.Literal('accepted'), Type.Literal('declined')])),
});

export const AnswerLinkBody = Type.Object({
  response: Type.Union([Type.Literal('accepted'), Type.Literal('declined')], { 'x-error': 'response must be accepted or declined' }),
  comment: Type.Optional(Nullable(Type.String({ maxLength: 255, 'x-error': 'comment must be text of at most 255 characters' }))),
});

export const AnswerLinkResult = Type.Object({
  assignment: AnswerLinkAssignment,
  /** false when the answer already stood: nothing was written. */
  changed: Type.Boolean(),
  /** Who hears of the decline just recorded (issue 34); null for an accept or when nothing was written. */
  told: Nullable(Told),
});
