import type { Repositories } from '../../db/repositories/index.js';

/**
 * The ordinary cancel path (contract §7.3), shared by E19, `status: cancelled` and the delete of an answered
 * row: the status becomes `cancelled`, a `cancelled` response row is appended, and the assignment's pending
 * outbox rows become `cancelled` (kept, never sent).
 */
export async function cancelAssignments(repos: Repositories, assignmentIds: readonly number[], actorPersonId: number, now: string, comment?: string | null): Promise<void> {
  if (assignmentIds.length === 0) return;
  await repos.assignments.setStatus(assignmentIds, 'cancelled');
  await repos.assignments.appendResponses(
    assignmentIds.map((assignmentId) => ({ assignmentId, personId: actorPersonId, response: 'cancelled' as const, at: now, channel: 'coordinator' as const, comment })),
  );
  await repos.assignments.cancelPendingNotifications(assignmentIds);
}
