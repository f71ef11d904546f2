import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { Authorized } from '../access/authorized.js';
import { isLive, type DB } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { staffingReach } from '../access/staffing.policies.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { invalid } from '../errors.js';
import { checkPlan, type PlanRowInput } from '../schedules/staffing-plan.js';
import type { EffectiveRequirement } from '../staffing/gaps.js';
import { effectiveRequirementsOfPlaced, effectiveRequirementsWith, loadEffectiveRequirements } from '../staffing/staffing.js';
import { occurrenceFigures } from '../staffing/gaps.js';
import { ROSTER_OCCURRENCE_LIMIT, rosterCells, rosterRange, type RosterQuery } from './roster.js';
import { rotationOrder } from '../ministries/rotation.js';
import { markAvailability } from '../availability/marks.js';
import { MAX_ID, type EligibleQuery, type OccurrenceListQuery } from './occurrences.commands.js';
import { windowPages } from './window-pages.js';
import { DatabaseService } from '../database-service.js';

/** Occurrence lists, the scoped id lists behind gaps and the dashboard, and the E1 event list stop here. */
export const OCCURRENCE_LIST_LIMIT = 500;

type OccurrenceRow = NonNullable<Awaited<ReturnType<Repositories['occurrences']['findDetailed']>>>;
type OccurrenceColumns = Pick<OccurrenceRow,
  'id' | 'schedule_id' | 'schedule_name' | 'one_off' | 'ministry_id' | 'team_id' | 'event_id' | 'occurrence_date' | 'start_at' | 'end_at' | 'status' | 'notes' | 'generated_at'>;

/** An occurrence with its effective needs, whether it overrides its schedule's plan, and the saved defaults they show. */
export interface OccurrenceFacts<R extends OccurrenceColumns = OccurrenceColumns> {
  row: R;
  requirements: EffectiveRequirement[];
  hasOwnRows: boolean;
}

export type DefaultRows = Awaited<ReturnType<Repositories['requirements']['defaults']>>;

/** The saved defaults of the schedule rows among `requirements`. */
async function defaultsOf(repos: Repositories, requirements: readonly EffectiveRequirement[]): Promise<DefaultRows> {
  return repos.requirements.defaults(requirements.filter((r) => r.source === 'schedule').map((r) => r.id));
}

/** Occurrences (contract §5.5), their effective needs and overrides (§5.4, E6), E7. */
export class OccurrencesService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  private async withRequirements<R extends OccurrenceColumns>(repos: Repositories, rows: readonly R[]): Promise<Array<OccurrenceFacts<R>>> {
    const effective = await loadEffectiveRequirements(repos, rows.map((row) => row.id));
    return rows.map((row) => {
      const { requirements, hasOwnRows } = effective.get(row.id) ?? { requirements: [], hasOwnRows: false };
      return { row, requirements, hasOwnRows };
    });
  }

  /** E6: the occurrence and its effective requirements. */
  async detail(occurrence: Authorized<'occurrence'>) {
    const [facts] = await this.withRequirements(this.repos, [occurrence]);
    return { ...facts, defaults: await defaultsOf(this.repos, facts.requirements) };
  }

  /** The scoped occurrence list (§5.5), at most 500 rows. */
  async list(actor: VolunteerActor, query: OccurrenceListQuery) {
    const { hasGaps, ...window } = query;
    const filter = { ...window, ...staffingReach(actor) };
    let found: OccurrenceFacts[] = [];
    if (hasGaps) {
      // Gaps are found over the whole window, page by page, not among its first rows only.
      for await (const page of windowPages(this.repos, filter)) {
        found.push(...(await this.withRequirements(this.repos, page)).filter((facts) => facts.requirements.some((r) => r.gapCount > 0)));
        if (found.length > OCCURRENCE_LIST_LIMIT) break;
      }
    } else {
      found = await this.withRequirements(this.repos, await this.repos.occurrences.list({ ...filter, limit: OCCURRENCE_LIST_LIMIT + 1 }));
    }
    return { occurrences: found.slice(0, OCCURRENCE_LIST_LIMIT), limit: OCCURRENCE_LIST_LIMIT, capped: found.length > OCCURRENCE_LIST_LIMIT };
  }

  /**
   * The roster (issue 35 #1) and a day with its people (issue 39 #2, from = to): the ministry's or team's occurrences
   * in the range as columns, the positions as rows, each cell's people with their answers and its figures from the
   * one gap derivation. A fixed number of statements, whatever the range: occurrences, requirement rows, people
   * placed, positions.
   */
  async roster(ministry: Authorized<'ministry'>, team: { id: number; name: string } | undefined, query: RosterQuery) {
    const repos = this.repos;
    const { from, to } = rosterRange(query, await this.time.today());
    const found = await repos.occurrences.list({ from, to, ministryId: ministry.id, teamId: team?.id, limit: ROSTER_OCCURRENCE_LIMIT + 1 });
    const rows = found.slice(0, ROSTER_OCCURRENCE_LIMIT);
    const ids = rows.map((row) => row.id);
    const [placed, positions] = await Promise.all([
      repos.gapInputs.placedPeople(ids),
      ids.length === 0 ? [] : repos.positions.list({ ministryId: ministry.id, teamIds: team ? [team.id] : undefined }),
    ]);
    const effective = await effectiveRequirementsOfPlaced(repos, ids, placed);
    const cells = rosterCells(ids, effective, placed as Parameters<typeof rosterCells>[2]);
    const used = new Set(cells.map((cell) => cell.positionId));
    return {
      ministry, team, from, to, limit: ROSTER_OCCURRENCE_LIMIT, capped: found.length > ROSTER_OCCURRENCE_LIMIT,
      occurrences: rows.map((row) => {
        const { requirements, hasOwnRows } = effective.get(row.id) ?? { requirements: [], hasOwnRows: false };
        return { row, figures: occurrenceFigures(requirements, hasOwnRows) };
      }),
      positions: positions.filter((position) => used.has(position.id)),
      cells,
    };
  }

  /** Cancelling keeps the row: the alternative to deleting. */
  async setStatus(occurrence: Authorized<'occurrence'>, status: 'scheduled' | 'cancelled') {
    await this.repos.occurrences.setStatus(occurrence.id, status);
    const [facts] = await this.withRequirements(this.repos, [(await this.repos.occurrences.findDetailed(occurrence.id))!]);
    return facts;
  }

  /**
   * E7: removes the occurrence with its overrides, assignments, responses, swaps and queued notifications
   * (foreign keys cascade); a Staff-this-event schedule whose only occurrence this was goes too.
   */
  async delete(occurrence: Authorized<'occurrence'>): Promise<void> {
    await inTransaction(this.db, this.publisher, async ({ repos }) => {
      await repos.occurrences.delete(occurrence.id);
      if (occurrence.one_off && (await repos.occurrences.countForSchedule(occurrence.schedule_id)) === 0) {
        await repos.schedules.delete(occurrence.schedule_id);
      }
    });
  }

  /**
   * The staffing of one occurrence (§5.5): each effective requirement with its assignments, the assignments on
   * positions without a requirement, and whether attendance is available (every occurrence has its event).
   */
  async staffing(occurrence: Authorized<'occurrence'>) {
    const repos = this.repos;
    const rows = await repos.assignments.listForOccurrence(occurrence.id);
    const { requirements, hasOwnRows } = await effectiveRequirementsWith(repos, occurrence.id, rows);
    return { row: occurrence, requirements, hasOwnRows, defaults: await defaultsOf(repos, requirements), assignments: rows };
  }

  /** People qualified for a position of the occurrence's ministry, in rotation order, flagging another position they hold here. */
  async eligible(occurrence: Authorized<'occurrence'>, { positionId, nameFilter }: EligibleQuery) {
    const repos = this.repos;
    const position = positionId <= MAX_ID ? await repos.positions.findById(positionId) : undefined;
    if (!position || position.ministry_id !== occurrence.ministry_id) throw invalid('Position not found');
    const pool = await repos.ministries.poolGroup(occurrence.ministry_id);
    const [rows, assignments] = await Promise.all([
      repos.volunteerRoster.eligibleForPosition(position.id, pool?.id ?? null, await this.time.today(), nameFilter),
      repos.assignments.listForOccurrence(occurrence.id),
    ]);
    const people = rotationOrder(rows).map((person) => {
      const conflict = assignments.find((a) => a.person_id === person.personId && a.position_id !== position.id && isLive(a.status));
      return { ...person, conflictPositionId: conflict?.position_id ?? null, conflictPositionName: conflict?.position_name ?? null };
    });
    return { people: await markAvailability(repos, people, { ...occurrence, positionId: position.id }, 'assign') };
  }

  /** E6 editor view: effective needs, whether overridden, and every active position of the schedule's team. */
  async requirementsEditor(occurrence: Authorized<'occurrence'>) {
    const repos = this.repos;
    const [{ requirements, hasOwnRows }] = await this.withRequirements(repos, [occurrence]);
    const positions = await repos.positions.list({ teamIds: [occurrence.team_id], active: true });
    const templates = await repos.requirements.templateRows([occurrence.schedule_id]);
    return { row: occurrence, requirements, hasOwnRows, defaults: await defaultsOf(repos, requirements), positions, templates };
  }

  /** Upserts one override row. */
  async upsertOverride(occurrence: Authorized<'occurrence'>, need: PlanRowInput) {
    const repos = this.repos;
    const [checked] = await checkPlan(repos, occurrence.ministry_id, [need]);
    const { id, created } = await repos.requirements.upsertOverride(occurrence.id, checked.positionId, {
      minCount: checked.minCount!, maxCount: checked.maxCount ?? null, notes: checked.notes ?? null,
    });
    return { created, requirement: (await repos.requirements.findById(id))! };
  }

  /**
   * Replaces the occurrence's overrides. Positions of the schedule's plan and active positions of its team
   * left out get a Min 0 Max 0 row, so `[]` is stored as "needs nobody" and reads back as no requirements,
   * overridden (§18 #2) — also when the schedule has no plan of its own.
   */
  async replaceOverrides(occurrence: Authorized<'occurrence'>, needs: readonly PlanRowInput[]) {
    const repos = this.repos;
    const rows = await checkPlan(repos, occurrence.ministry_id, needs);
    const templates = await repos.requirements.templateRows([occurrence.schedule_id]);
    const teamPositions = await repos.positions.list({ teamIds: [occurrence.team_id], active: true });
    const listed = new Set(rows.map((r) => r.positionId));
    const dropped = [...new Set([...templates.map((t) => t.position_id), ...teamPositions.map((p) => p.id)])].filter((id) => !listed.has(id));
    await inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      await tx.requirements.clearOverrides(occurrence.id);
      for (const row of rows) {
        await tx.requirements.upsertOverride(occurrence.id, row.positionId, { minCount: row.minCount!, maxCount: row.maxCount ?? null, notes: row.notes ?? null });
      }
      for (const positionId of dropped) {
        await tx.requirements.upsertOverride(occurrence.id, positionId, { minCount: 0, maxCount: 0, notes: null });
      }
    });
    return this.requirementsEditor(occurrence);
  }

  /** Back to the schedule's plan. */
  async clearOverrides(occurrence: Authorized<'occurrence'>) {
    await this.repos.requirements.clearOverrides(occurrence.id);
    return this.requirementsEditor(occurrence);
  }

  /** One staffing need of a schedule or an occurrence. */
  async deleteRequirement(requirement: Authorized<'requirement'>): Promise<void> {
    await this.repos.requirements.delete(requirement.id);
  }
}
