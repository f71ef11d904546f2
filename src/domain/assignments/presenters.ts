import type { ResponseChannel } from '../../db/schema.js';
import { displayName } from '../ministries/views.js';

/** Wire shapes of responses, swaps and notifications (contract §11.3). */

export function responseView(row: { id: number; assignment_id: number; person_id: number; first_name: string; last_name: string; response: string; response_at: string; channel: string; comment: string | null }) {
  return {
    id: row.id,
    assignmentId: row.assignment_id,
    personId: row.person_id,
    displayName: displayName(row),
    response: row.response,
    responseDate: row.response_at,
    channel: row.channel as ResponseChannel,
    comment: row.comment,
  };
}

export function swapView(row: {
  id: number; assignment_id: number; occurrence_id: number; position_id: number; position_name: string; proposed_by_person_id: number;
  proposer_first_name: string; proposer_last_name: string; proposed_person_id: number; proposed_first_name: string; proposed_last_name: string;
  status: string; proposed_at: string; decided_at: string | null; decided_by_person_id: number | null; comment: string | null;
}) {
  return {
    id: row.id,
    assignmentId: row.assignment_id,
    occurrenceId: row.occurrence_id,
    positionId: row.position_id,
    positionName: row.position_name,
    proposedByPersonId: row.proposed_by_person_id,
    proposedByName: displayName({ first_name: row.proposer_first_name, last_name: row.proposer_last_name }),
    proposedPersonId: row.proposed_person_id,
    proposedPersonName: displayName({ first_name: row.proposed_first_name, last_name: row.proposed_last_name }),
    status: row.status,
    proposedDate: row.proposed_at,
    decidedDate: row.decided_at,
    decidedByPersonId: row.decided_by_person_id,
    comment: row.comment,
  };
}

export function notificationView(row: {
  id: number; type: string; channel: string; person_id: number; assignment_id: number | null; occurrence_id: number | null; dedupe_key: string;
  status: string; scheduled_for: string | null; sent_at: string | null; attempts: number; last_attempt_at: string | null; last_error: string | null; created_at: string;
}) {
  return {
    id: row.id,
    type: row.type,
    channel: row.channel,
    personId: row.person_id,
    assignmentId: row.assignment_id,
    occurrenceId: row.occurrence_id,
    dedupeKey: row.dedupe_key,
    status: row.status,
    scheduledFor: row.scheduled_for ?? row.created_at,
    sentDate: row.sent_at,
    attempts: row.attempts,
    lastAttemptDate: row.last_attempt_at,
    lastError: row.last_error,
  };
}
