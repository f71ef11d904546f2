import type { AskedAgain } from '../../domain/assignments/ask-again.service.js';
import type { AcceptedOne } from '../../domain/assignments/accept-all.service.js';
import type { AcceptedOneView, AskedAgainView } from '../schemas/messages.schemas.js';
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
