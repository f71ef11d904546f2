import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import { UniqueViolationError } from '../../db/errors.js';
import { isLive, type DB } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import { assertProposedSwap } from '../access/staffing.policies.js';
import type { ChurchTime } from '../church-time.js';
import { addDays } from '../dates.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { rotationOrder } from '../ministries/rotation.js';
import { markAvailability } from '../availability/marks.js';
import { joinPool } from '../ministries/pool.js';
import { displayName } from '../people/display-name.js';
import { loadPlacementFacts, marksOf, PLACEMENT_RULES, placementWarnings, placeOf, type Place } from '../staffing/placement.js';
import { loadEffectiveRequirements } from '../staffing/staffing.js';
import type { AnswerCommand, MyAssignmentsQuery, OpportunitiesQuery } from './assignments.commands.js';
import { isAnswerable, type MyAssignment } from './my-assignment.js';
import { ownAssignment, type MyAssignmentRow } from './own-assignment.js';
import { repliesReach, replyRecipients } from './recipients.js';
import { DatabaseService } from '../database-service.js';

/** Default window of open slots (E10). */
const OPPORTUNITY_DAYS = 90;

/** A channel's check of an answer, given the assignment as it stands under its row lock (undefined: deleted). */
export type AnswerGuard = (repos: Repositories, current: { status: string; assigned_at: string } | undefined) => Promise<void>;

/** The member routes (contract §8): the actor is always the caller; a personId never names someone else. */
export class MemberService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  async assignments(caller: Caller, query: MyAssignmentsQuery) {
    const now = await this.time.now();
    const rows = await this.repos.memberView.assignments(caller.personId, { ...query, now });
    return { assignments: rows, now };
  }

  async meAssignment(assignmentId: number): Promise<MyAssignment> {
    return { row: (await this.repos.memberView.assignment(assignmentId))!, now: await this.time.now() };
  }

  /**
   * Accept or decline. The current status again is a no-op. A decline reopens the gap, cancels the caller's
   * pending assignment message and alerts those `repliesReach` names (decline alert per assignment, gap alert per occurrence and day).
   */
  async respond(caller: Caller, assignmentId: number, response: AnswerCommand['response'], comment: string | null) {
    const row = await ownAssignment(this.repos, caller, assignmentId);
    return { assignment: (await this.recordAnswer(row, response, comment, 'web')).assignment };
  }

  /**
   * E13's answer by the assignment's own volunteer, through `channel` (the app, or a link of an assignment mail):
   * the same rules, messages and alerts whichever way it came. 409 when the assignment can no longer be answered,
   * 404 when it is gone. Decided with the assignment locked, so answers sent together are decided one after another:
   * `isStillAnswerable` runs first and throws the channel's own refusal; then the answer already standing is a no-op
   * (`changed: false`).
   */
  async recordAnswer(row: MyAssignmentRow, response: 'accepted' | 'declined', comment: string | null, channel: 'web' | 'email', isStillAnswerable?: AnswerGuard) {
    const now = await this.time.now();
    const changed = await inTransaction(this.db, this.publisher, async ({ repos, emit }) => {
      const current = await repos.assignments.lockForAnswer(row.id);
      await isStillAnswerable?.(repos, current);
      if (!current) throw notFound('Assignment not found');
      if (current.status === response) return false;
      if (!isAnswerable({ ...row, status: current.status }, now)) throw conflict('This assignment can no longer be answered');
      await repos.assignments.update(row.id, { status: response, respondedAt: now });
      await repos.assignments.appendResponses([{ assignmentId: row.id, personId: row.person_id, response, at: now, channel, comment }]);
      if (response === 'declined') {
        emit({ type: 'assignment-declined', assignmentId: row.id, occurrenceId: row.occurrence_id, positionId: row.position_id, personId: row.person_id });
        await repos.assignments.cancelPendingNotifications([row.id]);
        const today = now.slice(0, 10);
        const coordinators = await replyRecipients(repos, row.ministry_id, row.person_id);
        await repos.notifications.enqueueMany(coordinators.flatMap((coordinatorId) => [
          { type: 'decline_alert', personId: coordinatorId, keyParts: [row.id, coordinatorId], scheduledFor: now, createdAt: now, assignmentId: row.id, occurrenceId: row.occurrence_id },
          { type: 'gap_alert', personId: coordinatorId, keyParts: [row.occurrence_id, coordinatorId, today], scheduledFor: now, createdAt: now, occurrenceId: row.occurrence_id },
        ]));
      }
      return true;
    });
    return { assignment: await this.meAssignment(row.id), changed };
  }

  async qualifications(caller: Caller) {
    return { qualifications: await this.repos.memberView.qualifications(caller.personId) };
  }

  /** People who could take over: the eligible list minus the caller and anyone holding the position on the occurrence. */
  async substitutes(caller: Caller, assignmentId: number, nameFilter?: string) {
    const row = await ownAssignment(this.repos, caller, assignmentId);
    const repos = this.repos;
    const pool = await repos.ministries.poolGroup(row.ministry_id);
    const [eligible, onOccurrence] = await Promise.all([
      repos.volunteerRoster.eligibleForPosition(row.position_id, pool?.id ?? null, await this.time.today(), nameFilter),
      repos.assignments.listForOccurrence(row.occurrence_id),
    ]);
    const live = onOccurrence.filter((a) => isLive(a.status));
    const holders = new Set(live.filter((a) => a.position_id === row.position_id).map((a) => a.person_id));
    const people = rotationOrder(eligible)
      .filter((person) => person.personId !== caller.personId && !holders.has(person.personId))
      .map((person) => {
        // §7.2: every eligible row flags another position the person already holds on this occurrence.
        const conflict = live.find((a) => a.person_id === person.personId && a.position_id !== row.position_id);
        return { ...person, conflictPositionId: conflict?.position_id ?? null, conflictPositionName: conflict?.position_name ?? null };
      });
    return { people: await markAvailability(repos, people, { ...row, id: row.occurrence_id, positionId: row.position_id }, 'substitute') };
  }

  /**
   * E9: `personId` is the substitute who has agreed. The original assignment is unchanged; a
   * `substitute_proposed` row is appended and the coordinators are told. One pending proposal per assignment.
   */
  async proposeSubstitute(caller: Caller, assignmentId: number, substituteId: number, comment: string | null) {
    const row = await ownAssignment(this.repos, caller, assignmentId);
    if (substituteId === caller.personId) throw conflict('You already hold this position; propose someone else');
    const repos = this.repos;
    const substitute = await repos.persons.findById(substituteId);
    if (!substitute) throw notFound('Person not found');
    if (!(await repos.qualifications.isActivelyQualified(substituteId, row.position_id))) throw forbidden('The substitute is not qualified for this position');
    const held = await repos.assignments.find(row.occurrence_id, row.position_id, substituteId);
    if (held && isLive(held.status)) throw conflict('The substitute already holds this position on this occurrence');
    const now = await this.time.now();
    const warnings = await placementWarnings(repos, 'substitute', placeOf({ ...row, id: row.occurrence_id }, row.position_id), substituteId, displayName(substitute));
    let swapId: number;
    try {
      swapId = await inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
        const id = await tx.swaps.insert({ assignmentId: row.id, proposedBy: caller.personId, proposedPerson: substituteId, at: now, comment });
        await tx.assignments.appendResponses([{ assignmentId: row.id, personId: caller.personId, response: 'substitute_proposed', at: now, channel: 'web', comment }]);
        const coordinators = await replyRecipients(tx, row.ministry_id);
        await tx.notifications.enqueueMany(coordinators.map((coordinatorId) => ({
          type: 'swap_proposed', personId: coordinatorId, keyParts: [id, coordinatorId], scheduledFor: now, createdAt: now,
          assignmentId: row.id, occurrenceId: row.occurrence_id,
        })));
        return id;
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('A substitute is already proposed for this assignment');
      throw error;
    }
    return { swap: (await repos.swaps.findDetailed(swapId))!, warnings };
  }

  /** Only the proposer withdraws a proposal still pending; a new one may follow. */
  async withdraw(caller: Caller, swapId: number, comment: string | null) {
    const repos = this.repos;
    const swap = await repos.swaps.findDetailed(swapId);
    if (!swap) throw notFound('Substitution request not found');
    assertProposedSwap(caller.personId, swap);
    const now = await this.time.now();
    await inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      if (!(await tx.swaps.decide(swap.id, 'withdrawn', caller.personId, now, comment))) throw conflict('This substitution request is already decided');
      await tx.assignments.appendResponses([{ assignmentId: swap.assignment_id, personId: caller.personId, response: 'substitute_withdrawn', at: now, channel: 'web', comment }]);
    });
    return { swap: (await repos.swaps.findDetailed(swap.id))! };
  }

  /**
   * E10: positions the caller is actively qualified for (active, self-assignable) on scheduled occurrences
   * that are not over and have room, which the caller does not hold yet: exactly the rows E11 accepts.
   */
  async opportunities(caller: Caller, query: OpportunitiesQuery) {
    const today = await this.time.today();
    const from = query.from ?? today;
    const to = query.to ?? addDays(today, OPPORTUNITY_DAYS);
    if (to < from) throw invalid('The window ends before it starts');
    const repos = this.repos;
    const now = await this.time.now();
    const candidates = await repos.memberView.slotCandidates(caller.personId, from, to, now);
    const occurrenceIds = [...new Set(candidates.map((c) => c.occurrence_id))];
    const [effective, held, placement] = await Promise.all([
      loadEffectiveRequirements(repos, occurrenceIds),
      repos.memberView.heldOn(caller.personId, occurrenceIds),
      loadPlacementFacts(repos, [{ personId: caller.personId }], [...new Set(candidates.map((c) => c.ministry_id))], { from, to }),
    ]);
    const opportunities = candidates.flatMap((slot) => {
      const place: Place = {
        occurrenceId: slot.occurrence_id, ministryId: slot.ministry_id, positionId: slot.position_id, date: slot.occurrence_date, start: slot.start_at, end: slot.end_at,
      };
      const facts = placement.people.get(caller.personId)!;
      // Shifts in my own blockouts are not offered; I can still sign up for one by its ids (E11 warns).
      if (PLACEMENT_RULES.blocked_out.check(place, facts, placement.setting)) return [];
      const requirement = effective.get(slot.occurrence_id)?.requirements.find((r) => r.positionId === slot.position_id);
      if (!requirement || requirement.openCount <= 0) return [];
      const mine = held.filter((h) => h.occurrence_id === slot.occurrence_id);
      // A substituted or completed row of this position blocks E11 too (it is never re-used), so it blocks the slot.
      if (mine.some((h) => h.position_id === slot.position_id)) return [];
      const serving = mine.filter((h) => isLive(h.status));
      return [{ slot, requirement, serving, marks: marksOf('signup', place, facts, placement.setting) }];
    });
    return { opportunities, from, to };
  }

  /** E12: active ministries that advertise, alphabetically, with their recruiting positions and whether the caller is in the pool. */
  async helpWanted(caller: Caller) {
    const repos = this.repos;
    const ministries = await repos.memberView.advertising(caller.personId);
    return { ministries, positions: await repos.memberView.recruitingPositions(ministries.map((m) => m.id)) };
  }

  /** Ours (issue 34): who hears of a help offer to the ministry, so a page can say who was told. 404 for an unknown ministry. */
  async repliesGoTo(ministryId: number) {
    const ministry = await this.repos.ministries.findById(ministryId);
    if (!ministry) throw notFound('Ministry not found');
    return this.whoIsTold(ministry.id);
  }

  /** Ours (issue 34): who hears of the caller's decline or proposed substitute on their own assignment (403 / 404 as §1.6). */
  async repliesGoToFor(caller: Caller, assignmentId: number) {
    return this.whoIsTold((await ownAssignment(this.repos, caller, assignmentId)).ministry_id);
  }

  /** `repliesReach` as the pages name it: the tier and its people's first names. */
  async whoIsTold(ministryId: number) {
    const told = await repliesReach(this.repos, ministryId);
    return { kind: told.kind, names: told.people.map((person) => person.firstName) };
  }

  /**
   * E13: the caller joins the pool and one help offer per recipient per day is queued (those `repliesReach` names,
   * never the caller). 403 only when the ministry advertises in neither way.
   */
  async offerHelp(caller: Caller, ministryId: number) {
    const repos = this.repos;
    const ministry = await repos.ministries.findById(ministryId);
    if (!ministry) throw notFound('Ministry not found');
    const recruiting = await repos.memberView.recruitingPositions([ministry.id]);
    if (!ministry.help_wanted && recruiting.length === 0) throw forbidden('This ministry is not asking for help right now');
    const now = await this.time.now();
    const today = now.slice(0, 10);
    return inTransaction(this.db, this.publisher, async (uow) => {
      const joinedPool = await joinPool(uow, ministry.id, caller.personId);
      const offerer = await uow.repos.persons.findById(caller.personId);
      const recipients = await replyRecipients(uow.repos, ministry.id, caller.personId);
      let notified = 0;
      for (const recipient of recipients) {
        const created = await uow.repos.notifications.enqueue({
          type: 'help_offer', personId: recipient, keyParts: [ministry.id, caller.personId, today, recipient],
          scheduledFor: now, createdAt: now, context: JSON.stringify({ offeredBy: caller.personId, offeredByName: offerer ? displayName(offerer).slice(0, 100) : null, wasInPool: !joinedPool }),
        });
        if (created !== undefined) notified++;
      }
      return { joinedPool, notified };
    });
  }
}
