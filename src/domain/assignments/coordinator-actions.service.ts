import type { Kysely } from 'kysely';
import type { Authorized } from '../access/authorized.js';
import { isLive, type DB } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict } from '../errors.js';
import { isOver } from '../occurrences/timing.js';
import { cancelAssignments } from './cancel.js';
import { DatabaseService } from '../database-service.js';


/** What a coordinator does with one assignment (contract §7.3). */
export class CoordinatorActionsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  private async view(id: number) {
    return (await this.repos.assignments.findDetailed(id))!;
  }

  async detail(assignment: Authorized<'assignment'>) {
    const repos = this.repos;
    const [responses, swaps, notifications] = await Promise.all([
      repos.assignments.responses(assignment.id),
      repos.swaps.list({ assignmentId: assignment.id }),
      repos.assignments.notifications(assignment.id),
    ]);
    return { assignment: await this.view(assignment.id), responses, swaps, notifications };
  }

  /**
   * Accepted or declined appends a coordinator-channel response authored by the coordinator (no decline alert);
   * cancelled takes the ordinary cancel path. The current status again is a no-op; anything else is 409.
   */
  async setStatus(actor: VolunteerActor, assignment: Authorized<'assignment'>, status: 'accepted' | 'declined' | 'cancelled', comment: string | null) {
    if (assignment.status === status) return { assignment: await this.view(assignment.id) };
    if (!isLive(assignment.status)) {
      throw conflict(`An assignment that is ${assignment.status} cannot become ${status}`, { currentStatus: assignment.status });
    }
    const now = await this.time.now();
    await inTransaction(this.db, this.publisher, async ({ repos }) => {
      if (status === 'cancelled') return cancelAssignments(repos, [assignment.id], actor.caller.personId, now, comment);
      await repos.assignments.update(assignment.id, { status, respondedAt: now });
      await repos.assignments.appendResponses([{ assignmentId: assignment.id, personId: actor.caller.personId, response: status, at: now, channel: 'coordinator', comment }]);
      if (status === 'declined') await repos.assignments.cancelPendingNotifications([assignment.id]);
    });
    return { assignment: await this.view(assignment.id) };
  }

  /**
   * A fresh pending row (no response, no swap, not a substitution) is deleted with its messages; any other
   * row is cancelled and kept. 409 once the occurrence has happened.
   */
  async remove(actor: VolunteerActor, assignment: Authorized<'assignment'>) {
    const now = await this.time.now();
    if (isOver(assignment.end_at, now)) throw conflict('This occurrence has already happened; its assignments are history');
    const repos = this.repos;
    const [responses, swaps] = await Promise.all([repos.assignments.responses(assignment.id), repos.swaps.list({ assignmentId: assignment.id })]);
    const isFresh = assignment.status === 'pending' && responses.length === 0 && swaps.length === 0
      && assignment.source !== 'substitute' && assignment.replaces_assignment_id === null;
    if (isFresh) {
      await repos.assignments.hardDelete(assignment.id);
      return { deleted: true, assignment: null };
    }
    if (isLive(assignment.status)) {
      await inTransaction(this.db, this.publisher, ({ repos: tx }) => cancelAssignments(tx, [assignment.id], actor.caller.personId, now));
    }
    return { deleted: false, assignment: await this.view(assignment.id) };
  }

  /** Queues the assignment message on its dedupe key; `force` re-arms the same row. Nothing is sent here. */
  async notify(assignment: Authorized<'assignment'>, force: boolean) {
    const now = await this.time.now();
    const key = { type: 'assignment' as const, keyParts: [assignment.id, assignment.person_id] };
    const repos = this.repos;
    const created = await repos.notifications.enqueue({ ...key, personId: assignment.person_id, scheduledFor: now, createdAt: now, assignmentId: assignment.id, occurrenceId: assignment.occurrence_id });
    if (created === undefined && force) await repos.notifications.rearm(key, now);
    const row = (await repos.notifications.findByKey(key))!;
    return { created: created !== undefined, notification: row };
  }

  async notifications(assignment: Authorized<'assignment'>) {
    return { notifications: await this.repos.assignments.notifications(assignment.id) };
  }
}
