import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

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
