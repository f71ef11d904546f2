import type { Repositories } from '../../db/repositories/index.js';
import { holdsPosition } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import type { AutoFillScope } from '../../db/repositories/auto-fill.repository.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { cancelAssignments } from '../assignments/cancel.js';
import { groupBy } from '../collections.js';
import { addDays, dateFieldMessage, isValidDate } from '../dates.js';
import { inTransaction } from '../domain-events.js';
import { invalid } from '../errors.js';
import { displayName } from '../people/display-name.js';
import { isOver } from '../occurrences/timing.js';
import { tallyAttendance } from '../attendance/tally.js';
import { codesOf, loadPlacementFacts, OCCURRENCE_CLOSED, occurrenceClosed, placeOf, refusal, RULE_WORDS, type RuleCode } from '../staffing/placement.js';
import { loadEffectiveRequirements } from '../staffing/staffing.js';
import { plan } from './planner.js';
import { loadPlannerInput } from './planner-input.js';
import { StaffingService } from '../staffing/staffing-service.js';

export interface AutoFillRequest {
  occurrenceId?: number;
  scheduleId?: number;
  teamId?: number;
  ministryId?: number;
  from?: string;
  to?: string;
  fillTo?: 'min' | 'max';
  allowOutsidePool?: boolean;
  seed?: number;
}

/**
 * What a preview's token holds: its request, so that a commit re-checks access on the same scope and window. A
 * commit hands it back; the HTTP layer checks it with the preview body's own schema before it reaches `commit`.
 */
export interface AutoFillTokenBody {
  v: 1;
  scope: Pick<AutoFillRequest, 'occurrenceId' | 'scheduleId' | 'teamId' | 'ministryId'>;
  from: string;
  to: string;
  fillTo: 'min' | 'max';
  allowOutsidePool: boolean;
  seed: number;
}
export interface KeptProposal {
  occurrenceId: number;
  positionId: number;
  personId: number;
}

/** Why a kept proposal was not created: the commit's own checks, or a `refuse` rule of auto-fill's path that holds now. */
export const SKIP_REASONS = ['out_of_scope', 'occurrence_closed', 'not_needed', 'not_qualified', 'already_assigned', ...codesOf('autofill', 'refuse'), 'filled_since_preview'] as const;
type SkipReason = (typeof SKIP_REASONS)[number];

const SKIP_WORDS: Record<Exclude<SkipReason, RuleCode>, string> = {
  out_of_scope: "The occurrence is not one of the preview's open occurrences",
  occurrence_closed: OCCURRENCE_CLOSED,
  not_needed: 'The occurrence does not need that position',
  not_qualified: 'This person is no longer actively qualified for that position',
  already_assigned: 'This person already holds that position on this occurrence',
  filled_since_preview: 'Someone else filled this place since the preview',
};
const skipWords = (reason: SkipReason) => (reason in SKIP_WORDS ? SKIP_WORDS[reason as keyof typeof SKIP_WORDS] : `Auto-fill does not place this person here now: ${RULE_WORDS[reason as RuleCode]}`);

export const TOKEN_REFUSAL = 'The token is not one an auto-fill preview answered';

export function encodeToken(body: AutoFillTokenBody): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/**
 * The body of a token a preview answered; 400 when the token carries no JSON or JSON not of a token's shape, which
 * the caller's `isBody` decides (the edge checks it with the very field schemas the preview's body was checked with).
 */
export function readToken(token: string, isBody: (json: unknown) => json is AutoFillTokenBody): AutoFillTokenBody {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid(TOKEN_REFUSAL);
  }
  if (!isBody(json)) throw invalid(TOKEN_REFUSAL);
  return json;
}

/** How far ahead the servings report looks by default: the coming 8 weeks. */
export const SERVINGS_DAYS_AHEAD = 56;

/**
 * Auto-fill (issue 18): a preview that writes nothing, a commit that assigns the kept proposals through E14's
 * rules under each occurrence's lock, an undo for the untouched, and the servings report that fairness is measured by.
 */
export class AutoFillService extends StaffingService {
  /** Checks the request against the scope's rules and the scheduling horizon; answers the token's body. */
  private async resolve(actor: VolunteerActor, request: AutoFillRequest) {
    const scope = await this.access.autoFillScope(actor, request);
    const now = await this.time.now();
    const today = now.slice(0, 10);
    const horizon = addDays(today, 7 * (await this.settings.get('iVolunteerSchedulingHorizonWeeks')));
    for (const field of ['from', 'to'] as const) {
      if (request[field] !== undefined && !isValidDate(request[field])) throw invalid(dateFieldMessage(field));
    }
    const from = request.from ?? today;
    const to = request.to ?? horizon;
    if (to < from) throw invalid('to must be on or after from');
    if (to > horizon) throw invalid(`The window may reach at most the scheduling horizon, ${horizon}`);
    const seed = request.seed ?? 1;
    const body: AutoFillTokenBody = {
      v: 1,
      scope: { occurrenceId: request.occurrenceId, scheduleId: request.scheduleId, teamId: request.teamId, ministryId: request.ministryId },
      from, to, fillTo: request.fillTo ?? 'min', allowOutsidePool: request.allowOutsidePool ?? false, seed,
    };
    return { scope, body, now, today };
  }

  /** The plan for the scope's open needs in the token's window (see loadPlannerInput); nothing is written. */
  private async planFor(repos: Repositories, scope: AutoFillScope, body: AutoFillTokenBody, now: string, today: string, exclude?: ReadonlySet<number>) {
    const { input, occurrenceIds } = await loadPlannerInput(repos, scope, body, now, today, exclude);
    return { ...plan(input), occurrenceIds, fairnessRange: input.fairnessRange };
  }

  /** The proposals for every open need of the scope; nothing is written. */
  async preview(actor: VolunteerActor, request: AutoFillRequest) {
    const { scope, body, now, today } = await this.resolve(actor, request);
    const planned = await this.planFor(this.repos, scope, body, now, today);
    return {
      token: encodeToken(body),
      window: { from: body.from, to: body.to },
      options: { fillTo: body.fillTo, allowOutsidePool: body.allowOutsidePool, seed: body.seed },
      proposals: planned.proposals,
      unfilled: planned.unfilled,
      summary: {
        occurrenceCount: planned.occurrenceIds.length,
        proposalCount: planned.proposals.length,
        unfilledPlaces: planned.unfilled.reduce((sum, u) => sum + u.missing, 0),
        fairnessRange: planned.fairnessRange,
        eligiblePeople: planned.fairness.eligiblePeople,
        before: planned.fairness.before,
        after: planned.fairness.after,
      },
    };
  }

  /**
   * Creates the kept proposals (all of the token's plan when none are listed) as pending coordinator assignments of
   * a new run: one transaction per occurrence, which re-checks qualification, pool, I1 and the places left under
   * the occurrence's lock, so a place filled since the preview is skipped and never overbooked.
   */
  async commit(actor: VolunteerActor, body: AutoFillTokenBody, kept: readonly KeptProposal[] | undefined) {
    const { scope, now, today } = await this.resolve(actor, { ...body.scope, from: body.from, to: body.to, fillTo: body.fillTo, allowOutsidePool: body.allowOutsidePool, seed: body.seed });
    const repos = this.repos;
    const skipped: Array<KeptProposal & { reason: SkipReason; message: string }> = [];
    const skip = (proposal: KeptProposal, reason: SkipReason) => skipped.push({ ...proposal, reason, message: skipWords(reason) });
    let wanted: KeptProposal[];
    if (kept === undefined) {
      wanted = (await this.planFor(repos, scope, body, now, today)).proposals.map(({ occurrenceId, positionId, personId }) => ({ occurrenceId, positionId, personId }));
    } else {
      const open = new Set((await repos.autoFill.openOccurrences(scope, body.from, body.to, now)).map((o) => o.id));
      const seen = new Set<string>();
      wanted = kept.filter((proposal) => {
        const key = `${proposal.occurrenceId}:${proposal.positionId}:${proposal.personId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        if (!open.has(proposal.occurrenceId)) skip(proposal, 'out_of_scope');
        return open.has(proposal.occurrenceId);
      });
    }
    const by = actor.caller.personId;
    const runId = await repos.autoFill.createRun({
      ministryId: scope.ministryId, teamId: scope.teamId ?? null, by, at: now,
      scope: JSON.stringify({ ...body.scope, from: body.from, to: body.to }),
      options: JSON.stringify({ fillTo: body.fillTo, allowOutsidePool: body.allowOutsidePool, seed: body.seed }),
    });
    for (const [occurrenceId, proposals] of groupBy(wanted, (p) => p.occurrenceId)) {
      const refused = await inTransaction(this.db, this.publisher, ({ repos: tx }) => this.commitOccurrence(tx, runId, scope.ministryId, occurrenceId, proposals, body, by, now));
      for (const { proposal, reason } of refused) skip(proposal, reason);
    }
    const [run, created] = await Promise.all([repos.autoFill.findRun(runId), repos.autoFill.runAssignments(runId)]);
    return { runId, by, committer: run!, at: now, created, skipped };
  }

  /** One occurrence's share of a commit, inside its transaction: E14's rules and the places left, checked once under the lock. */
  private async commitOccurrence(tx: Repositories, runId: number, ministryId: number, occurrenceId: number, proposals: readonly KeptProposal[], body: AutoFillTokenBody, by: number | null, now: string) {
    const refused: Array<{ proposal: KeptProposal; reason: SkipReason }> = [];
    const locked = await tx.assignments.lockOccurrence(occurrenceId);
    if (!locked || occurrenceClosed(locked, now)) return proposals.map((proposal) => ({ proposal, reason: 'occurrence_closed' as const }));
    const personIds = [...new Set(proposals.map((p) => p.personId))];
    const positionIds = [...new Set(proposals.map((p) => p.positionId))];
    const [effective, qualifications, pool, rows] = await Promise.all([
      loadEffectiveRequirements(tx, [occurrenceId]),
      tx.volunteerRoster.activeQualifications(personIds, positionIds),
      tx.autoFill.inPool(ministryId, personIds),
      tx.autoFill.rowsOn(occurrenceId, personIds),
    ]);
    // The rules are asked again under the lock: what changed since the preview (a new blockout, a place taken elsewhere) counts.
    const placement = await loadPlacementFacts(tx, personIds.map((personId) => ({ personId, inPool: pool.has(personId) })), ministryId,
      { from: locked.occurrence_date, to: locked.occurrence_date }, { allowOutsidePool: body.allowOutsidePool });
    const requirements = new Map((effective.get(occurrenceId)?.requirements ?? []).map((r) => [r.positionId, r]));
    const left = new Map([...requirements].map(([positionId, r]) => [positionId, body.fillTo === 'max' ? r.openCount : r.gapCount]));
    const isQualified = new Set(qualifications.map((q) => `${q.person_id}:${q.position_id}`));
    const inserts: Array<{ occurrenceId: number; positionId: number; personId: number; requirementId: number | null }> = [];
    const reuses: Array<{ id: number; requirementId: number | null; personId: number }> = [];
    for (const proposal of proposals) {
      const existing = rows.find((row) => row.position_id === proposal.positionId && row.person_id === proposal.personId);
      const place = placeOf(locked, proposal.positionId);
      const reason: SkipReason | undefined = !requirements.has(proposal.positionId) ? 'not_needed'
        : !isQualified.has(`${proposal.personId}:${proposal.positionId}`) ? 'not_qualified'
          : existing && holdsPosition(existing.status) ? 'already_assigned'
            : refusal('autofill', place, placement.people.get(proposal.personId)!, placement.setting)?.code
              ?? ((left.get(proposal.positionId) ?? 0) <= 0 ? 'filled_since_preview' : undefined);
      if (reason) {
        refused.push({ proposal, reason });
        continue;
      }
      left.set(proposal.positionId, left.get(proposal.positionId)! - 1);
      const requirementId = requirements.get(proposal.positionId)?.id ?? null;
      if (existing) reuses.push({ id: existing.id, requirementId, personId: proposal.personId });
      else inserts.push({ ...proposal, requirementId });
    }
    const insertedIds = await tx.autoFill.insertForRun(runId, inserts, by, now);
    await tx.autoFill.reuseForRun(runId, reuses, by, now);
    const made = [...inserts.map((row, i) => ({ id: insertedIds[i], personId: row.personId })), ...reuses];
    await tx.notifications.enqueueMany(made.map(({ id, personId }) => ({
      type: 'assignment' as const, personId, keyParts: [id, personId], scheduledFor: now, createdAt: now, assignmentId: id, occurrenceId,
    })));
    return refused;
  }

  /**
   * A volunteer declined on a schedule that asks for it (`refillOnDecline`): the need is filled again at once, to
   * Min, by the same rules and commit path as a coordinator's auto-fill, never with the person who declined. The run
   * is committed by nobody (the schedule's setting did it) and can be undone like any other.
   */
  async refillAfterDecline(declined: { occurrenceId: number; positionId: number; personId: number }) {
    const repos = this.repos;
    const occurrence = await repos.occurrences.findDetailed(declined.occurrenceId);
    if (!occurrence || occurrence.status !== 'scheduled') return;
    const schedule = await repos.schedules.findById(occurrence.schedule_id);
    if (!schedule?.refill_on_decline) return;
    const now = await this.time.now();
    const scope: AutoFillScope = { ministryId: occurrence.ministry_id, teamId: occurrence.team_id, occurrenceId: occurrence.id };
    const body: AutoFillTokenBody = {
      v: 1, scope: { occurrenceId: occurrence.id }, from: occurrence.occurrence_date, to: occurrence.occurrence_date, fillTo: 'min', allowOutsidePool: false, seed: 1,
    };
    const planned = await this.planFor(repos, scope, body, now, now.slice(0, 10), new Set([declined.personId]));
    const proposals = planned.proposals.filter((p) => p.positionId === declined.positionId).map(({ occurrenceId, positionId, personId }) => ({ occurrenceId, positionId, personId }));
    if (proposals.length === 0) return;
    const runId = await repos.autoFill.createRun({
      ministryId: occurrence.ministry_id, teamId: occurrence.team_id, by: null, at: now,
      scope: JSON.stringify({ ...body.scope, from: body.from, to: body.to, afterDeclineOf: declined.personId }),
      options: JSON.stringify({ fillTo: body.fillTo, allowOutsidePool: body.allowOutsidePool, seed: body.seed }),
    });
    await inTransaction(this.db, this.publisher, ({ repos: tx }) => this.commitOccurrence(tx, runId, occurrence.ministry_id, occurrence.id, proposals, body, null, now));
  }

  /**
   * Cancels the run's assignments nobody has touched (still pending, unanswered, no substitution, not over) through
   * the ordinary cancel path; answers the rows it cancelled and the rows it kept, with why.
   */
  async undo(actor: VolunteerActor, run: Authorized<'autoFillRun'>) {
    const now = await this.time.now();
    const rows = await this.repos.autoFill.runAssignments(run.id);
    const keptReason = (row: (typeof rows)[number]) => (row.status !== 'pending' ? `It is ${row.status}`
      : row.answered || row.responded_at !== null ? 'It has been answered'
        : row.has_swap ? 'A substitution was asked for'
          : isOver(row.end_at, now) ? 'The occurrence is over' : undefined);
    const untouched = rows.filter((row) => keptReason(row) === undefined);
    await inTransaction(this.db, this.publisher, async ({ repos }) => {
      const told = new Set(await repos.assignments.withSentRequest(untouched.map((row) => row.id)));
      await cancelAssignments(repos, untouched.map((row) => row.id), actor.caller.personId, now);
      // A request not sent yet is simply never sent; one already in the volunteer's inbox is withdrawn by mail.
      await repos.notifications.enqueueMany(untouched.filter((row) => told.has(row.id)).map((row) => ({
        type: 'assignment_withdrawn' as const, personId: row.person_id, keyParts: [row.id, row.person_id, now],
        scheduledFor: now, createdAt: now, assignmentId: row.id, occurrenceId: row.occurrence_id,
      })));
      await repos.autoFill.markUndone(run.id, actor.caller.personId, now);
    });
    return {
      runId: run.id,
      cancelled: untouched,
      kept: rows.flatMap((row) => {
        const reason = keptReason(row);
        return reason === undefined ? [] : [{ row, reason }];
      }),
    };
  }

  /**
   * Per person, assignments by status and the last date served in the ministry (or one team) over a window: by
   * default the past 13 weeks and the coming 8, so a fresh auto-fill's placements show at once (issue 35 #4).
   */
  async servings(ministry: Authorized<'ministry'>, teamId: number | undefined, query: { from?: string; to?: string; sort?: 'name' | 'count' }) {
    const today = await this.time.today();
    for (const field of ['from', 'to'] as const) {
      if (query[field] !== undefined && !isValidDate(query[field])) throw invalid(dateFieldMessage(field));
    }
    const from = query.from ?? addDays(today, -91);
    const to = query.to ?? addDays(today, SERVINGS_DAYS_AHEAD);
    if (to < from) throw invalid('to must be on or after from');
    const rows = await this.repos.autoFill.servings({ ministryId: ministry.id, teamId, from, to, today });
    // Served, no-shows and hours from the check-ins (issue 36 #4); no-shows only while the church tracks attendance.
    const attendanceTracked = await this.settings.get('bEnableAttendance');
    const tallies = tallyAttendance(await this.repos.attendance.shifts({ ministryId: ministry.id, teamId, from, to }), await this.time.now(), attendanceTracked);
    const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      displayName(a).toLowerCase().localeCompare(displayName(b).toLowerCase()) || a.person_id - b.person_id;
    const people = [...rows].sort(query.sort === 'count' ? (a, b) => b.total - a.total || byName(a, b) : byName)
      .map((row) => ({ ...row, attendance: tallies.get(row.person_id) ?? { served: 0, noShows: 0, hoursServed: 0 } }));
    return { ministryId: ministry.id, teamId: teamId ?? null, from, to, attendanceTracked, people };
  }
}
