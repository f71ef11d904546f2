import type { Kysely } from 'kysely';
import { createRepositories, type Repositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import { coordinatedMinistryIds, isManager, type VolunteerActor } from '../access/volunteer-access.js';
import { isOver } from '../assignments/assignments.service.js';
import { swapView } from '../assignments/presenters.js';
import { assignmentView } from '../assignments/views.js';
import type { ChurchTime } from '../church-time.js';
import { addDays, addMinutes, isValidDate } from '../dates.js';
import { invalid } from '../errors.js';
import { OCCURRENCE_LIST_LIMIT, WINDOW_SCAN_LIMIT } from '../occurrences/occurrences.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { occurrenceFigures } from '../staffing/gaps.js';
import { loadEffectiveRequirements } from '../staffing/staffing.js';

type EffectiveRequirements = Awaited<ReturnType<typeof loadEffectiveRequirements>>;

/** Rows per dashboard panel (§13.1). */
const PANEL_LIMIT = 100;

type OccurrenceRow = Awaited<ReturnType<Repositories['occurrences']['list']>>[number];

function contextOf(row: OccurrenceRow) {
  return {
    occurrenceId: row.id,
    occurrenceDate: row.occurrence_date,
    start: row.start_at,
    end: row.end_at,
    occurrenceStatus: row.status,
    eventId: row.event_id,
    scheduleId: row.schedule_id,
    scheduleName: row.schedule_name,
    ministryId: row.ministry_id,
    ministryName: row.ministry_name,
    teamId: row.team_id,
    teamName: row.team_name,
  };
}

/**
 * A panel row: its own fields, its occurrence's context both flat (the reference clients read `row.ministryName`)
 * and nested (`row.context`). Where a key means something else on the row (an assignment's `status`), the row's
 * own value wins; the occurrence's status is always there as `occurrenceStatus`.
 */
function withContext<T extends object>(own: T, row: OccurrenceRow) {
  const context = contextOf(row);
  return { ...context, ...own, context };
}

/** The coordinator dashboard (E8, contract §9) and the gaps list (§7.4): one query per panel, never one per row. */
export class DashboardService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly time: ChurchTime,
    private readonly settings: SettingsService,
  ) {}

  private get repos() {
    return createRepositories(this.db);
  }

  private scopeOf(actor: VolunteerActor) {
    return isManager(actor) ? {} : { ministryIds: coordinatedMinistryIds(actor), teamIds: [...actor.ledTeamIds] };
  }

  /** Gaps in a window, soonest first: only requirements with gapCount > 0 (a Min 0 row never is one). */
  async gaps(actor: VolunteerActor, query: { from?: string; to?: string; ministryId?: number }) {
    if (!query.from || !query.to || !isValidDate(query.from) || !isValidDate(query.to)) throw invalid('A from and a to date in YYYY-MM-DD form are required');
    if (query.to < query.from) throw invalid('The window ends before it starts');
    const repos = this.repos;
    const rows = await repos.occurrences.list({ from: query.from, to: query.to, ...this.scopeOf(actor), ministryId: query.ministryId, status: 'scheduled', limit: OCCURRENCE_LIST_LIMIT });
    // Soonest first by start (the list comes by date, then id, so a later-made morning occurrence would follow the evening one).
    const soonest = [...rows].sort((a, b) => (a.start_at === b.start_at ? a.id - b.id : a.start_at < b.start_at ? -1 : 1));
    return { gaps: await this.gapsOf(repos, soonest) };
  }

  /** The gaps of `rows`; `effective` may hold their requirements already (else they are loaded). */
  private async gapsOf(repos: Repositories, rows: readonly OccurrenceRow[], effective?: EffectiveRequirements) {
    const requirements = effective ?? (await loadEffectiveRequirements(repos, rows.map((r) => r.id)));
    return rows.flatMap((row) => (requirements.get(row.id)?.requirements ?? [])
      .filter((r) => r.gapCount > 0)
      .map((r) => withContext({
        occurrenceId: row.id, positionId: r.positionId, positionName: r.positionName, minCount: r.minCount, maxCount: r.maxCount,
        liveCount: r.liveCount, pendingCount: r.pendingCount, gapCount: r.gapCount, openCount: r.openCount,
        occurrenceDate: row.occurrence_date, start: row.start_at, end: row.end_at, scheduleId: row.schedule_id, scheduleName: row.schedule_name,
        ministryId: row.ministry_id,
      }, row)));
  }

  async dashboard(actor: VolunteerActor, daysText: string | undefined) {
    const days = daysText === undefined || daysText === '' ? 28 : Number(daysText);
    if (!/^\d+$/.test(daysText ?? '28') || !Number.isInteger(days) || days < 1 || days > 365) {
      throw invalid('The days parameter must be a whole number between 1 and 365');
    }
    const repos = this.repos;
    const now = await this.time.now();
    const today = now.slice(0, 10);
    const to = addDays(today, days);
    const scope = this.scopeOf(actor);
    // The panels are derived from the whole window (up to WINDOW_SCAN_LIMIT), then cut to their 100 rows each.
    const windowRows = await repos.occurrences.list({ from: today, to, ...scope, limit: WINDOW_SCAN_LIMIT + 1 });
    const isScopeCut = windowRows.length > WINDOW_SCAN_LIMIT;
    const inScope = windowRows.slice(0, WINDOW_SCAN_LIMIT).filter((row) => row.ministry_active);
    const ids = inScope.map((row) => row.id);
    const byId = new Map(inScope.map((row) => [row.id, row]));
    const leadHours = await this.settings.get('iVolunteerReminderLeadHours');
    const [effective, pending, swaps, failedNotifications, scopeBlock] = await Promise.all([
      loadEffectiveRequirements(repos, ids),
      repos.assignments.pendingOn(ids, PANEL_LIMIT + 1),
      repos.swaps.list({ status: 'proposed', ...scope, limit: 5000 }),
      repos.assignments.failedCount({ all: isManager(actor), ministryIds: scope.ministryIds ?? [], teamIds: scope.teamIds ?? [] }),
      this.scopeBlock(repos, actor),
    ]);
    const upcoming = inScope.filter((row) => !isOver(row.end_at, now)).map((row) => {
      const { requirements, hasOwnRows } = effective.get(row.id) ?? { requirements: [], hasOwnRows: false };
      return withContext({
        id: row.id, scheduleId: row.schedule_id, scheduleName: row.schedule_name, scheduleOneOff: row.one_off, ministryId: row.ministry_id, teamId: row.team_id,
        eventId: row.event_id, occurrenceDate: row.occurrence_date, start: row.start_at, end: row.end_at, status: row.status, notes: row.notes,
        ...occurrenceFigures(requirements, hasOwnRows), generatedDate: row.generated_at,
      }, row);
    });
    const gaps = (await this.gapsOf(repos, inScope.filter((row) => row.status === 'scheduled' && !isOver(row.end_at, now)), effective))
      .sort((a, b) => (a.occurrenceDate === b.occurrenceDate ? a.positionId - b.positionId : a.occurrenceDate < b.occurrenceDate ? -1 : 1));
    const reminderHorizon = addMinutes(now, leadHours * 60);
    const pendingResponses = pending.map((row) => {
      const occurrence = byId.get(row.occurrence_id)!;
      return withContext({ ...assignmentView(row), withinReminderWindow: leadHours > 0 && occurrence.start_at <= reminderHorizon }, occurrence);
    });
    const proposedSwaps = swaps.filter((swap) => byId.has(swap.occurrence_id)).map((swap) => withContext(swapView(swap), byId.get(swap.occurrence_id)!));
    const panels = { upcoming, gaps, pendingResponses, proposedSwaps };
    const capped = isScopeCut || Object.values(panels).some((panel) => panel.length > PANEL_LIMIT);
    return {
      days,
      from: today,
      to,
      upcoming: upcoming.slice(0, PANEL_LIMIT),
      gaps: gaps.slice(0, PANEL_LIMIT),
      pendingResponses: pendingResponses.slice(0, PANEL_LIMIT),
      proposedSwaps: proposedSwaps.slice(0, PANEL_LIMIT),
      failedNotifications,
      scope: scopeBlock,
      limit: PANEL_LIMIT,
      capped,
    };
  }

  /** The ministries and teams the caller may navigate to, inactive ones included (§18 #23). */
  private async scopeBlock(repos: Repositories, actor: VolunteerActor) {
    const manager = isManager(actor);
    const coordinated = coordinatedMinistryIds(actor);
    const teams = manager
      ? await repos.teams.listWithDetails({})
      : await repos.teams.listInScope({ teamIds: [...actor.ledTeamIds], ministryIds: coordinated });
    const ministryIds = manager ? undefined : [...new Set([...coordinated, ...teams.map((t) => t.ministry_id)])];
    const ministries = await repos.ministries.listWithCounts({ ids: ministryIds });
    const names = new Map(ministries.map((m) => [m.id, m.name]));
    return {
      isAdmin: actor.caller.roles.admin,
      isManager: manager,
      ministries: ministries.map((m) => ({ id: m.id, name: m.name, description: m.description, active: m.active, manageable: manager || coordinated.includes(m.id) })),
      teams: teams.map((t) => ({ id: t.id, name: t.name, ministryId: t.ministry_id, active: t.active, ministryName: names.get(t.ministry_id) ?? '' })),
    };
  }
}
