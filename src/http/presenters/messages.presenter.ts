import type { AskedAgain } from '../../domain/assignments/ask-again.service.js';
import type { AcceptedOne } from '../../domain/assignments/accept-all.service.js';
import type { LoggedMessage, ResolvedAudience } from '../../domain/messages/messages.service.js';
import type { AcceptedOneView, AskedAgainView, LoggedMessageView, MessagePreviewView } from '../schemas/messages.schemas.js';
import { presentMyAssignment } from './assignments.presenter.js';

export const presentAskedAgain = (outcome: AskedAgain): AskedAgainView => ({
  assignmentId: outcome.assignmentId,
  personId: outcome.personId,
  name: outcome.name,
  queued: outcome.queued,
  lastRequestDate: outcome.lastRequestAt,
  askAgainAfter: outcome.askAgainAfter,
});

export const presentAcceptedOne = (outcome: AcceptedOne): AcceptedOneView => ({
  assignmentId: outcome.assignmentId,
  accepted: outcome.accepted,
  message: outcome.message,
  assignment: outcome.assignment && presentMyAssignment(outcome.assignment),
});

export function presentMessagePreview(audience: ResolvedAudience): MessagePreviewView {
  const reachable = audience.recipients.filter((r) => r.unreachable === null);
  return {
    audience: audience.words,
    count: reachable.length,
    recipients: reachable.map((r) => ({ personId: r.personId, name: r.name })),
    cannotReach: audience.recipients.filter((r) => r.unreachable !== null).map((r) => ({ personId: r.personId, name: r.name, reason: r.unreachable! })),
  };
}

export function presentLoggedMessage(message: LoggedMessage): LoggedMessageView {
  const counts = { queued: 0, sent: 0, failed: 0, skipped: 0 };
  for (const recipient of message.recipients) counts[recipient.state]++;
  return {
    id: message.id,
    subject: message.subject,
    body: message.body,
    senderName: message.senderName,
    sentAt: message.sentAt,
    audience: message.audience,
    counts,
    recipients: message.recipients.map((r) => ({ personId: r.personId, name: r.name, state: r.state, error: r.error })),
  };
}
