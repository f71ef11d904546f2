import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { Authorized } from '../access/authorized.js';
import { isLive, type DB } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { staffingReach } from '../access/staffing.policies.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, forbidden } from '../errors.js';
import { displayName } from '../people/display-name.js';
import { OCCURRENCE_CLOSED, occurrenceClosed, placementWarnings, placeOf } from '../staffing/placement.js';
import type { SwapListQuery } from './assignments.commands.js';
import { DatabaseService } from '../database-service.js';

type SwapRow = NonNullable<Awaited<ReturnType<Repositories['swaps']['findDetailed']>>>;

/** Coordinators decide substitute proposals (contract §7.4). */
export class SwapsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  async list(actor: VolunteerActor, query: SwapListQuery) {
    return { swaps: await this.repos.swaps.list({ ...staffingReach(actor), ...query, limit: 500 }) };
  }

  private async resolvedMessages(repos: Repositories, swap: SwapRow, now: string) {
    await repos.notifications.enqueueMany([swap.proposed_by_person_id, swap.proposed_person_id].map((personId) => ({
      type: 'swap_resolved', personId, keyParts: [swap.id, personId], scheduledFor: now, createdAt: now,
      assignmentId: swap.assignment_id, occurrenceId: swap.occurrence_id,
    })));
  }

  /**
   * One transaction: the original becomes `substituted`, the substitute gets an accepted `substitute` row (a
   * declined or cancelled row of theirs is re-used), responses are appended, the swap is approved, both parties told.
   */
  async approve(actor: VolunteerActor, swap: Authorized<'swap'>, comment: string | null) {
    if (swap.status !== 'proposed') throw conflict('This substitution request is already decided');
    const repos = this.repos;
    const original = (await repos.assignments.findInContext(swap.assignment_id))!;
    const now = await this.time.now();
    if (occurrenceClosed({ status: original.occurrence_status, end_at: original.end_at }, now)) throw conflict(OCCURRENCE_CLOSED);
    if (!isLive(original.status)) throw conflict('The assignment is no longer active');
    if (!(await repos.qualifications.isActivelyQualified(swap.proposed_person_id, swap.position_id))) throw forbidden('The substitute is no longer qualified for this position');
    const substitute = (await repos.persons.findById(swap.proposed_person_id))!;
    // The approver decides as on E14: told, not stopped, by what the rules warn about.
    const warnings = await placementWarnings(repos, 'substitute', placeOf({ ...original, id: original.occurrence_id }, swap.position_id), substitute.id, displayName(substitute));
    const replacementId = await inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      await tx.assignments.lockOccurrence(swap.occurrence_id);
      if (!(await tx.swaps.decide(swap.id, 'approved', actor.caller.personId, now, comment))) throw conflict('This substitution request is already decided');
      await tx.assignments.update(original.id, { status: 'substituted' });
      await tx.assignments.cancelPendingNotifications([original.id]);
      const placed = await tx.assignments.place({
        occurrenceId: swap.occurrence_id, positionId: swap.position_id, personId: swap.proposed_person_id, requirementId: original.requirement_id,
        status: 'accepted', source: 'substitute', at: now, assignedBy: actor.caller.personId,
      });
      if (!placed) throw conflict('The substitute already holds this position on this occurrence');
      const { id } = placed;
      await tx.assignments.update(id, { replaces: original.id });
      await tx.assignments.appendResponses([
        { assignmentId: original.id, personId: actor.caller.personId, response: 'substitute_approved', at: now, channel: 'coordinator', comment },
        { assignmentId: id, personId: actor.caller.personId, response: 'accepted', at: now, channel: 'coordinator' },
      ]);
      await this.resolvedMessages(tx, swap, now);
      return id;
    });
    return {
      swap: (await repos.swaps.findDetailed(swap.id))!,
      originalAssignment: (await repos.assignments.findDetailed(original.id))!,
      replacementAssignment: (await repos.assignments.findDetailed(replacementId))!,
      warnings,
    };
  }

  /** The original is unchanged; a `substitute_rejected` response is appended and both parties are told. */
  async reject(actor: VolunteerActor, swap: Authorized<'swap'>, comment: string | null) {
    const now = await this.time.now();
    await inTransaction(this.db, this.publisher, async ({ repos }) => {
      if (!(await repos.swaps.decide(swap.id, 'rejected', actor.caller.personId, now, comment))) throw conflict('This substitution request is already decided');
      await repos.assignments.appendResponses([{ assignmentId: swap.assignment_id, personId: actor.caller.personId, response: 'substitute_rejected', at: now, channel: 'coordinator', comment }]);
      await this.resolvedMessages(repos, swap, now);
    });
    return { swap: (await this.repos.swaps.findDetailed(swap.id))! };
  }
}
