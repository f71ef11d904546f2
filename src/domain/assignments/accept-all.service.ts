import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { assertOwnsAssignment } from '../access/staffing.policies.js';
import type { Caller } from '../access/caller.js';
import { DatabaseService } from '../database-service.js';
import { AppError, notFound } from '../errors.js';
import type { MemberService } from './member.service.js';
import type { MyAssignment } from './my-assignment.js';

/** One request of an "Accept all": accepted (with the assignment as it now stands), or why not, in plain words. */
export interface AcceptedOne {
  assignmentId: number;
  accepted: boolean;
  message: string | null;
  assignment: MyAssignment | null;
}

/**
 * "Accept all" on My schedule (issue 34 #5): each request the volunteer saw is accepted exactly as a single accept is
 * (E13 through the app: one response row each, the same rules and refusals), one after another, so one that can no
 * longer be answered is reported and the others still count.
 */
export class AcceptAllService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly member: MemberService) {
    super(db);
  }

  async acceptAll(caller: Caller, assignmentIds: readonly number[]): Promise<AcceptedOne[]> {
    const results: AcceptedOne[] = [];
    for (const assignmentId of new Set(assignmentIds)) {
      try {
        const row = await this.repos.memberView.assignment(assignmentId);
        if (!row) throw notFound('Assignment not found');
        assertOwnsAssignment(caller.personId, row);
        const { assignment } = await this.member.recordAnswer(row, 'accepted', null, 'web');
        results.push({ assignmentId, accepted: true, message: null, assignment });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ assignmentId, accepted: false, message: error.message, assignment: null });
      }
    }
    return results;
  }
}
