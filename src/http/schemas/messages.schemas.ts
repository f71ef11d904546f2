import { Type, type Static } from '@sinclair/typebox';
import { BodyId, Id, Nullable, WallClock } from './common.js';
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

// Messages from the workspace (issue 34 #1).

const AUDIENCE_KINDS = ['team', 'pool', 'serving', 'pending'] as const;
const AudienceKind = Type.Union(AUDIENCE_KINDS.map((kind) => Type.Literal(kind)), {
  'x-error': 'audience must be one of team, pool, serving, pending',
  description: 'team: a team\'s people (qualified for its positions, or serving its shifts to come); pool: the ministry\'s volunteer pool; '
    + 'serving: the people serving an occurrence or every occurrence of a date (pending or accepted); pending: those of them who have not answered yet',
});

/** Who a message goes to: one audience of the ministry in the path. */
export const MessageAudienceBody = Type.Object({
  audience: AudienceKind,
  teamId: Type.Optional(BodyId('teamId')),
  occurrenceId: Type.Optional(BodyId('occurrenceId')),
  date: Type.Optional(Type.String({ maxLength: 20, description: 'YYYY-MM-DD: every occurrence of the ministry that day (instead of occurrenceId)' })),
  positionId: Type.Optional(BodyId('positionId')),
});

export const NewMessageBody = Type.Composite([MessageAudienceBody, Type.Object({
  subject: Type.String({ maxLength: 200, 'x-error': 'subject must be 1 to 200 characters' }),
  body: Type.String({ maxLength: 5000, 'x-error': 'body must be 1 to 5000 characters' }),
})]);

/** The audience as the log and the preview name it. */
export const MessageAudience = Type.Object({
  kind: AudienceKind,
  teamId: Type.Optional(Id), teamName: Type.Optional(S),
  occurrenceId: Type.Optional(Id), date: Type.Optional(S), eventTitle: Type.Optional(S),
  positionId: Type.Optional(Id), positionName: Type.Optional(S),
});

const UNREACHABLE = ['no_address', 'do_not_email'] as const;
export const MessagePreview = Type.Object({
  audience: MessageAudience,
  /** How many the mail reaches. */
  count: I,
  recipients: Type.Array(Type.Object({ personId: I, name: S })),
  cannotReach: Type.Array(Type.Object({ personId: I, name: S, reason: Type.Union(UNREACHABLE.map((r) => Type.Literal(r))) })),
});
export type MessagePreviewView = Static<typeof MessagePreview>;

const STATES = ['queued', 'sent', 'failed', 'skipped'] as const;
export const LoggedMessage = Type.Object({
  id: I,
  subject: S,
  body: S,
  senderName: S,
  sentAt: WallClock,
  audience: MessageAudience,
  counts: Type.Object({ queued: I, sent: I, failed: I, skipped: I }),
  recipients: Type.Array(Type.Object({
    personId: I, name: S,
    state: Type.Union(STATES.map((s) => Type.Literal(s)), { description: 'skipped: no address, does not want e-mail, or mail was off' }),
    error: NS,
  })),
});
export type LoggedMessageView = Static<typeof LoggedMessage>;
