import type { Static } from '@sinclair/typebox';
import { invalid } from '../../domain/errors.js';
import type { AcceptInvitationCommand, InviteCommand } from '../../domain/invitations/invitations.commands.js';
import type { AcceptInvitationBody, InviteBody } from '../schemas/invitations.schemas.js';

export function parseInvite(body: Static<typeof InviteBody>): InviteCommand {
  const named = [body.personIds, body.ministryId, body.teamId].filter((value) => value !== undefined).length;
  if (named !== 1) throw invalid('Name exactly one of personIds, ministryId or teamId');
  if (body.personIds) return { personIds: [...new Set(body.personIds)] };
  return body.ministryId !== undefined ? { ministryId: body.ministryId } : { teamId: body.teamId! };
}

export function parseAcceptInvitation(body: Static<typeof AcceptInvitationBody>): AcceptInvitationCommand {
  const userName = body.userName?.trim();
  return { token: body.token.trim(), password: body.password, userName: userName || undefined, language: body.language };
}
