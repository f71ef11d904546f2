import { Type, type Static } from '@sinclair/typebox';
import { BodyId, Id, Nullable, WallClock } from './common.js';
import { LanguageCode } from './users.schemas.js';

const STATES = ['sent', 'opened', 'accepted', 'expired', 'bounced', 'withdrawn'] as const;
const REASONS = ['no_address', 'do_not_email', 'inactive', 'has_login', 'recently_invited'] as const;

/** Whom to invite (ours, issue 33 #1): exactly one of a selection, a ministry's pool, or a team's members. */
export const InviteBody = Type.Object({
  personIds: Type.Optional(Type.Array(BodyId('personIds'), { minItems: 1, maxItems: 1000, 'x-error': 'personIds must be a list of 1 to 1000 person ids' })),
  ministryId: Type.Optional(BodyId('ministryId')),
  teamId: Type.Optional(BodyId('teamId')),
});

export const InvitedPerson = Type.Object({ personId: Id, name: Type.String(), email: Type.String() });
export const NotInvitedPerson = Type.Object({
  personId: Id,
  name: Type.String(),
  reason: Type.Union(REASONS.map((reason) => Type.Literal(reason)), { description: 'no_address: "cannot be invited" for want of an e-mail address' }),
});
export const InviteResult = Type.Object({ invited: Type.Array(InvitedPerson), cannotBeInvited: Type.Array(NotInvitedPerson) });
export type InviteResultView = Static<typeof InviteResult>;

/** One invitation as its inviter sees it; `bounced` is the outbox's terminal failure of its latest mail. */
export const Invitation = Type.Object({
  id: Id,
  personId: Id,
  name: Type.String(),
  email: Nullable(Type.String()),
  state: Type.Union(STATES.map((state) => Type.Literal(state))),
  sentAt: WallClock,
  expiresAt: WallClock,
  openedAt: Nullable(WallClock),
  acceptedAt: Nullable(WallClock),
  invitedBy: Nullable(Type.String()),
});
export type InvitationView = Static<typeof Invitation>;
export const Invitations = Type.Object({ invitations: Type.Array(Invitation) });

/** The link's token travels in the body, never in a path a log line could keep. */
export const InvitationTokenBody = Type.Object({ token: Type.String({ maxLength: 200 }) });
export const InvitationPage = Type.Object({ firstName: Type.String(), email: Type.String() });
export const AcceptInvitationBody = Type.Object({
  token: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 200 }),
  userName: Type.Optional(Type.String({ maxLength: 100, description: 'Left out or empty: the e-mail address' })),
  language: Type.Optional({ ...LanguageCode, description: 'The language the person reads the web app and their mails in; left out: the church\'s default' }),
});
