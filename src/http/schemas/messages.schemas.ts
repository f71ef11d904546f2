import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { MeAssignment } from './volunteer.schemas.js';

/** Talking to the team (issue 34): asking again, answering many requests at once, messages from the workspace. */

const I = Type.Integer();
const S = Type.String();
const B = Type.Boolean();
const NS = Nullable(Type.String());

/** One pending assignment asked again: queued now, or held back until `askAgainAfter` (church wall clock). */
export const AskedAgain = Type.Object({
  assignmentId: I, personId: I, name: S, queued: B, lastRequestDate: NS, askAgainAfter: NS,
});
export type AskedAgainView = Static<typeof AskedAgain>;

/** "Accept all": the requests the volunteer saw, each accepted as one accept is. */
export const AcceptAllBody = Type.Object({
  assignmentIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: 100, 'x-error': 'assignmentIds must list 1 to 100 of your assignments' }),
});

/** Each request's outcome: accepted with the assignment as it now stands, or the refusal a single accept would answer. */
export const AcceptedOne = Type.Object({ assignmentId: I, accepted: B, message: NS, assignment: Nullable(MeAssignment) });
export type AcceptedOneView = Static<typeof AcceptedOne>;
