import type { AskedAgain } from '../../domain/assignments/ask-again.service.js';
import type { AskedAgainView } from '../schemas/messages.schemas.js';

export const presentAskedAgain = (outcome: AskedAgain): AskedAgainView => ({
  assignmentId: outcome.assignmentId,
  personId: outcome.personId,
  name: outcome.name,
  queued: outcome.queued,
  lastRequestDate: outcome.lastRequestAt,
  askAgainAfter: outcome.askAgainAfter,
});
