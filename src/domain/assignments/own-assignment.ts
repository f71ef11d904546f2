import type { Repositories } from '../../db/repositories/index.js';
import type { Caller } from '../access/caller.js';
import { assertOwnsAssignment } from '../access/staffing.policies.js';
import { notFound } from '../errors.js';

export type MyAssignmentRow = NonNullable<Awaited<ReturnType<Repositories['memberView']['assignment']>>>;

/** The caller's own assignment, for the member routes and My schedule's check-in: 404 when missing, 403 when someone else's (§1.6). */
export async function ownAssignment(repos: Repositories, caller: Caller, assignmentId: number): Promise<MyAssignmentRow> {
  const row = await repos.memberView.assignment(assignmentId);
  if (!row) throw notFound('Assignment not found');
  assertOwnsAssignment(caller.personId, row);
  return row;
}
