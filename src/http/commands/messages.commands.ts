import type { Static } from '@sinclair/typebox';
import { dateFieldMessage, isValidDate } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import type { MessageAudienceCommand, NewMessageCommand } from '../../domain/messages/messages.commands.js';
import type { MessageAudienceBody, NewMessageBody } from '../schemas/messages.schemas.js';

/** An audience names what it needs and nothing else: a team for `team`; one occurrence or a date for `serving` and `pending`. */
export function parseMessageAudience(body: Static<typeof MessageAudienceBody>): MessageAudienceCommand {
  const kind = body.audience;
  if (kind === 'team') {
    if (body.teamId === undefined) throw invalid('Choose the team to write to (teamId)');
    return { kind, teamId: body.teamId };
  }
  if (kind === 'pool') return { kind };
  const date = body.date?.trim();
  if ((body.occurrenceId === undefined) === (date === undefined || date === '')) throw invalid('Name either one occurrence (occurrenceId) or a date');
  if (date && !isValidDate(date)) throw invalid(dateFieldMessage('date'));
  return { kind, ...(body.occurrenceId !== undefined ? { occurrenceId: body.occurrenceId } : { date }), ...(body.positionId !== undefined ? { positionId: body.positionId } : {}) };
}

export function parseNewMessage(body: Static<typeof NewMessageBody>): NewMessageCommand {
  const audience = parseMessageAudience(body);
  const subject = body.subject.trim();
  const text = body.body.replace(/\r\n/g, '\n').trim();
  if (!subject) throw invalid('Write a subject');
  if (!text) throw invalid('Write the message');
  return { audience, subject, body: text };
}
