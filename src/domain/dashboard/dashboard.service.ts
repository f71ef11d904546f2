import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { coordinatedBy, managesMinistry, seesAllStaffing, staffingReach } from '../access/staffing.policies.js';
import type { ChurchTime } from '../church-time.js';
import { addDays, addMinutes } from '../dates.js';
import { OCCURRENCE_LIST_LIMIT } from '../occurrences/occurrences.service.js';
import { isOver } from '../occurrences/timing.js';
import { windowPages } from '../occurrences/window-pages.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { EffectiveRequirement } from '../staffing/gaps.js';
import { coveringBlockout } from '../availability/blockouts.js';
import { groupBy } from '../collections.js';
import { loadEffectiveRequirements } from '../staffing/staffing.js';
import type { OccurrenceFacts } from '../occurrences/occurrences.service.js';
import { DatabaseService } from '../database-service.js';
import type { DashboardQuery, GapsQuery } from './dashboard.commands.js';

type EffectiveRequirements = Awaited<ReturnType<typeof loadEffectiveRequirements>>;

/** Rows per dashboard panel (§13.1). */
const PANEL_LIMIT = 100;

export type OccurrenceRow = Awaited<ReturnType<Repositories['occurrences']['list']>>[number];

/** A gap before it becomes a panel row: sorting and cutting happen on these, the rows are presented for those shown. */
export interface Gap {
  row: OccurrenceRow;
  requirement: EffectiveRequirement;
}

/** How far ahead the dashboard warns of credentials that expire. */
const CREDENTIAL_NOTICE_DAYS = 30;

/** The coordinator dashboard (E8, contract §9) and the gaps list (§7.4): one query per panel, never one per row. */
export class DashboardService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  /** Gaps in a window, soonest first: only requirements with gapCount > 0 (a Min 0 row never is one). */
  async gaps(actor: VolunteerActor, query: GapsQuery) {
    const repos = this.repos;
    const rows = await repos.occurrences.list({ from: query.from, to: query.to, ...staffingReach(actor), ministryId: query.ministryId, status: 'scheduled', limit: OCCURRENCE_LIST_LIMIT });
    return { gaps: byGapOrder(await this.gapsOf(repos, rows)) };
  }

  /** The gaps of `rows`; `effective` may hold their requirements already (else they are loaded). */
  private async gapsOf(repos: Repositories, rows: readonly OccurrenceRow[], effective?: EffectiveRequirements): Promise<Gap[]> {
    const requirements = effective ?? (await loadEffectiveRequirements(repos, rows.map((r) => r.id)));
    return rows.flatMap((row) => (requirements.get(row.id)?.requirements ?? [])
      .filter((requirement) => requirement.gapCount > 0)
      .map((requirement) => ({ row, requirement })));
  }

  async dashboard(actor: VolunteerActor, { days }: DashboardQuery) {
    const repos = this.repos;
    const now = await this.time.now();
    const today = now.slice(0, 10);
    const to = addDays(today, days);
    const scope = staffingReach(actor);
    const window = { from: today, to, ...scope };
    const leadHours = await this.settings.get('iVolunteerReminderLeadHours');
    const [pending, swaps, failedNotifications, scopeBlock, expiring] = await Promise.all([
      repos.assignments.pendingInWindow(window, PANEL_LIMIT + 1),
      repos.swaps.list({ status: 'proposed', ...scope, window: { from: today, to }, limit: PANEL_LIMIT + 1 }),
      repos.assignments.failedCount({ all: seesAllStaffing(actor), ministryIds: scope.ministryIds ?? [], teamIds: scope.teamIds ?? [] }),
      this.scopeBlock(repos, actor),
      repos.credentials.expiring(scope.ministryIds, today, addDays(today, CREDENTIAL_NOTICE_DAYS)),
    ]);
    // Upcoming and gaps are derived from the whole window, page by page, until each panel has more than it shows.
    // Only the rows a panel shows (and one more, which tells it is capped) are built: a global manager's four weeks
    // hold 800 occurrences and thousands of gaps, and building every row was most of the dashboard's time.
    const byId = new Map<number, OccurrenceRow>();
    const upcoming: Array<OccurrenceFacts<OccurrenceRow>> = [];
    let gaps: Gap[] = [];
    for await (const page of windowPages(repos, window)) {
      const inScope = page.filter((row) => row.ministry_active);
      for (const row of inScope) byId.set(row.id, row);
      const effective = await loadEffectiveRequirements(repos, inScope.map((row) => row.id));
      const notOver = inScope.filter((row) => !isOver(row.end_at, now));
      for (const row of notOver.slice(0, PANEL_LIMIT + 1 - upcoming.length)) upcoming.push({ row, ...(effective.get(row.id) ?? { requirements: [], hasOwnRows: false }) });
      gaps = byGapOrder([...gaps, ...(await this.gapsOf(repos, notOver.filter((row) => row.status === 'scheduled'), effective))]);
      // Later pages hold later dates only, so once the panel's last shown gap is earlier than this page's last day, it is settled.
      const lastDate = page[page.length - 1].occurrence_date;
      if (upcoming.length > PANEL_LIMIT && gaps.length > PANEL_LIMIT && gaps[PANEL_LIMIT - 1].row.occurrence_date < lastDate) break;
    }
    const missing = [...new Set([...pending.map((row) => row.occurrence_id), ...swaps.map((swap) => swap.occurrence_id)])].filter((id) => !byId.has(id));
    for (const row of await repos.occurrences.listByIds(missing)) byId.set(row.id, row);
    const reminderHorizon = addMinutes(now, leadHours * 60);
    const pendingBlockouts = groupBy(await repos.blockouts.overlapping(pending.map((row) => row.person_id), today, to), (row) => row.person_id);
    const pendingResponses = pending.map((row) => {
      const occurrence = byId.get(row.occurrence_id)!;
      // Ours (issue 17): a request waiting on someone who is away on that day is unlikely to be answered yes.
      const blockedOut = coveringBlockout(pendingBlockouts.get(row.person_id) ?? [], occurrence.start_at, occurrence.end_at) !== undefined;
      return { assignment: row, occurrence, withinReminderWindow: leadHours > 0 && occurrence.start_at <= reminderHorizon, blockedOut };
    });
    const proposedSwaps = swaps.map((swap) => ({ swap, occurrence: byId.get(swap.occurrence_id)! }));
    const panels = { upcoming, gaps, pendingResponses, proposedSwaps };
    const capped = Object.values(panels).some((panel) => panel.length > PANEL_LIMIT);
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
      // Ours (issue 17): required credentials of people in scope that run out soon, so they can be renewed in time.
      expiringCredentials: expiring.slice(0, PANEL_LIMIT),
      limit: PANEL_LIMIT,
      capped,
    };
  }

  /** The ministries and teams the caller may navigate to, inactive ones included (§18 #23). */
  private async scopeBlock(repos: Repositories, actor: VolunteerActor) {
    const manager = seesAllStaffing(actor);
    const coordinated = coordinatedBy(actor);
    const teams = manager
      ? await repos.teams.listWithDetails({})
      : await repos.teams.listInScope({ teamIds: [...actor.ledTeamIds], ministryIds: coordinated });
    const ministryIds = manager ? undefined : [...new Set([...coordinated, ...teams.map((t) => t.ministry_id)])];
    const ministries = await repos.ministries.listWithCounts({ ids: ministryIds });
    const names = new Map(ministries.map((m) => [m.id, m.name]));
    return {
      isAdmin: actor.caller.roles.admin,
      isManager: manager,
      ministries: ministries.map((m) => ({ id: m.id, name: m.name, description: m.description, active: m.active, manageable: managesMinistry(actor, m.id) })),
      teams: teams.map((t) => ({ id: t.id, name: t.name, ministryId: t.ministry_id, active: t.active, ministryName: names.get(t.ministry_id) ?? '' })),
    };
  }
}

/**
 * Gap lists (E8 and `/gaps`) by `occurrenceDate`, then `positionId` (contract §18 #29); two gaps of one
 * position on one day come by start, then occurrence.
 */
function byGapOrder(gaps: Gap[]): Gap[] {
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return gaps.sort((a, b) => compare(a.row.occurrence_date, b.row.occurrence_date) || a.requirement.positionId - b.requirement.positionId
    || compare(a.row.start_at, b.row.start_at) || a.row.id - b.row.id);
}
