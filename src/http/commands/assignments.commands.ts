import { SWAP_STATUSES, type AnswerCommand, type AssignCommand, type MyAssignmentsQuery, type OpportunitiesQuery, type SwapListQuery, type SwapStatus } from '../../domain/assignments/assignments.commands.js';
import { optionalDate } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import { parsePermissiveBoolean } from '../../domain/values.js';

/** The bodies and queries of the assignment routes (contract §7, §8) as the domain's commands. */

/** A comment as stored: trimmed, and none when blank. */
export const parseComment = (body: { comment?: string | null }): string | null => body.comment?.trim() || null;

/** A query-string flag of §1.7 (`1`, `true`, `yes` …); anything else, or nothing, is false. */
export const parseFlag = (value: string | undefined): boolean => parsePermissiveBoolean(value ?? '') === true;

export function parseAssign(body: { positionId: number; personId: number; allowOutsidePool?: unknown }): AssignCommand {
  return { positionId: body.positionId, personId: body.personId, allowOutsidePool: parsePermissiveBoolean(body.allowOutsidePool) === true };
}

/** A coordinator's recorded answer or cancellation; the schema checked the status. */
export function parseStatusChange<S extends string>(body: { status: S; comment?: string | null }) {
  return { status: body.status, comment: parseComment(body) };
}

export function parseAnswer(body: { response?: unknown; comment?: string | null }): AnswerCommand {
  if (body.response !== 'accepted' && body.response !== 'declined') throw invalid('response must be accepted or declined');
  return { response: body.response, comment: parseComment(body) };
}

export function parseSwapList(query: { status?: string; ministryId?: number; occurrenceId?: number }): SwapListQuery {
  if (query.status !== undefined && !SWAP_STATUSES.includes(query.status as SwapStatus)) throw invalid('status must be proposed, approved, rejected or withdrawn');
  return { ...query, status: query.status as SwapStatus | undefined };
}

export function parseMyAssignments(query: { from?: string; to?: string; includePast?: string }): MyAssignmentsQuery {
  return { from: optionalDate(query.from), to: optionalDate(query.to), includePast: parseFlag(query.includePast) };
}

export function parseOpportunities(query: { from?: string; to?: string }): OpportunitiesQuery {
  return { from: optionalDate(query.from), to: optionalDate(query.to) };
}
