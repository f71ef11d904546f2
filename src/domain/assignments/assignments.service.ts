import type { Kysely } from 'kysely';
import { withTransaction, type Repositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import type { Caller } from '../access/caller.js';
import type { AssignCommand } from './assignments.commands.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { displayName } from '../people/display-name.js';
import { factRange, OCCURRENCE_CLOSED, occurrenceClosed, placementFactsOf, placementWarnings, placeOf, warningsAt } from '../staffing/placement.js';
import { loadEffectiveRequirements, requirementAmong } from '../staffing/staffing.js';
import { DatabaseService } from '../database-service.js';

const HOLDS_POSITION = 'This person already holds that position on this occurrence';

/** E14 assign and E11 self sign-up (contract §7.1, §8): every rule checked under a lock on the occurrence. */
export class AssignmentsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  /** Live assignments of ended occurrences become `completed`; their pending outbox rows are cancelled (kept). */
  async completeEnded(): Promise<void> {
    const now = await this.time.now();
    await withTransaction(this.db, async (repos) => {
      const completed = await repos.assignments.completeEnded(now);
      await repos.assignments.cancelPendingNotifications(completed);
    });
  }

  private async effectiveRequirement(repos: Repositories, occurrenceId: number, positionId: number) {
    const effective = await loadEffectiveRequirements(repos, [occurrenceId]);
    return effective.get(occurrenceId)?.requirements.find((r) => r.positionId === positionId);
  }

  /**
   * E14, rules in the contract's order: I4 (400), I5 (409), I2 (403), I3 (409 unless allowOutsidePool),
   * I1 (409), I8 re-use of a declined or cancelled row; another position on the occurrence is fine (I7).
   */
  async assign(caller: Caller, occurrence: Authorized<'occurrence'>, input: AssignCommand) {
    const now = await this.time.now();
    const place = placeOf(occurrence, input.positionId);
    // One read with the lock, the rules here, one write: a round trip each (issue 39 #3).
    return inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      const facts = await tx.assignments.placingFacts({
        occurrenceId: occurrence.id, positionId: input.positionId, personId: input.personId, ministryId: occurrence.ministry_id,
        eventId: occurrence.event_id, ...factRange({ from: place.date, to: place.date }),
      });
      const { position, person } = facts;
      if (!position) throw notFound('Position not found');
      if (!person) throw notFound('Person not found');
      if (position.ministry_id !== occurrence.ministry_id) throw invalid("The position does not belong to this occurrence's ministry");
      // The coordinator decides: a person the rules warn about is still placed, and the answer says why (issue 32).
      // The facts were read before the write, so the person's own new place is not counted against them.
      const warnings = warningsAt(placementFactsOf([{ ...facts, person_id: person.id }], [{ personId: person.id }]), 'assign', place, person.id, displayName(person));
      const locked = facts.locked_status === null ? undefined : { status: facts.locked_status, end_at: facts.locked_end_at! };
      if (occurrenceClosed(locked, now)) throw conflict(OCCURRENCE_CLOSED);
      if (!facts.qualified) throw forbidden('This person is not qualified for that position');
      if (!input.allowOutsidePool && !facts.in_pool) {
        throw conflict("This person is not in the ministry's volunteer pool; pass allowOutsidePool to assign them anyway");
      }
      const placed = await tx.assignments.placeWithRequest({
        occurrenceId: occurrence.id, positionId: position.id, personId: person.id, requirementId: requirementAmong(facts.requirements, occurrence.id, position.id),
        status: 'pending', source: 'coordinator', at: now, assignedBy: caller.personId,
      }, { type: 'assignment', keyParts: (assignmentId) => [assignmentId, person.id] });
      if (!placed) throw conflict(HOLDS_POSITION);
      return {
        // Everything the answer shows is known here: no read after the commit.
        assignment: { ...placed, position_name: position.name, first_name: person.first_name, last_name: person.last_name, checkin_at: facts.checkin_at, checkout_at: facts.checkout_at },
        warnings,
      };
    });
  }

  /**
   * E11: the caller signs up for an open slot, accepted and `self_signup`. Qualification, capacity and state
   * are checked again under the occurrence lock, so parallel sign-ups never pass MaxCount.
   */
  async signUp(caller: Caller, occurrenceId: number, positionId: number) {
    const repos = this.repos;
    const occurrence = await repos.occurrences.findDetailed(occurrenceId);
    if (!occurrence) throw notFound('Occurrence not found');
    const position = await repos.positions.findWithQualification(positionId, caller.personId);
    if (!position) throw notFound('Position not found');
    if (position.ministry_id !== occurrence.ministry_id || position.team_id !== occurrence.team_id) {
      throw invalid("The position is not one of this occurrence's team");
    }
    if (!position.is_qualified) throw forbidden('You are not qualified for this position');
    if (!position.self_assignable) throw forbidden('This position is not open for sign-up; ask a team leader or coordinator to add you');
    const now = await this.time.now();
    const warnings = await placementWarnings(repos, 'signup', placeOf(occurrence, position.id), caller.personId, 'you');
    const id = await inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      const locked = await tx.assignments.lockOccurrence(occurrence.id);
      const requirement = await this.effectiveRequirement(tx, occurrence.id, position.id);
      if (!requirement || requirement.openCount <= 0) throw conflict('This position is already full on this occurrence');
      if (occurrenceClosed(locked, now)) throw conflict(OCCURRENCE_CLOSED);
      const placed = await tx.assignments.place({
        occurrenceId: occurrence.id, positionId: position.id, personId: caller.personId, requirementId: requirement.id,
        status: 'accepted', source: 'self_signup', at: now, assignedBy: caller.personId,
      });
      if (!placed) throw conflict('You already hold this position on this occurrence');
      const assignmentId = placed.id;
      await tx.notifications.enqueueMany([{
        type: 'signup_confirm', personId: caller.personId, keyParts: [assignmentId, caller.personId],
        scheduledFor: now, createdAt: now, assignmentId, occurrenceId: occurrence.id,
      }]);
      return assignmentId;
    });
    // Everything the answer shows is known here: no read after the commit.
    return {
      warnings,
      assignment: {
        row: {
        id,
        occurrence_id: occurrence.id,
        person_id: caller.personId,
        position_id: position.id,
        position_name: position.name,
        ministry_name: occurrence.ministry_name,
        team_name: occurrence.team_name,
        start_at: occurrence.start_at,
        end_at: occurrence.end_at,
        occurrence_date: occurrence.occurrence_date,
        occurrence_status: occurrence.status,
        status: 'accepted' as const,
        source: 'self_signup' as const,
        responded_at: now,
        pending_swap_id: null,
        substitute_first_name: null,
        substitute_last_name: null,
        },
        now,
      },
    };
  }
}
