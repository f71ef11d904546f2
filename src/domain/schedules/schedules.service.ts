import { withTransaction, type Repositories } from '../../db/repositories/index.js';
import { isVolunteerV2Enabled } from '../access/route-access.js';
import type { Authorized } from '../access/authorized.js';
import type { LinkColumns } from '../../db/repositories/schedules.repository.js';
import type { ScheduleRow } from '../../db/schema.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { inTransaction } from '../domain-events.js';
import { conflict, invalid } from '../errors.js';
import { rotationOrder } from '../ministries/rotation.js';
import { capacityOf } from '../staffing/gaps.js';
import { runGeneration, type GenerationContext } from './generation.js';
import type { DeferredGenerate, ScheduleInput, StaffEventCommand } from './schedules.commands.js';
import { sameTitle } from './matching.js';
import { checkDefaults, checkKeptDefaults, checkPlan, saveDefaults, savePlan, type DefaultInput, type PlanRowInput } from './staffing-plan.js';
import { StaffingService } from '../staffing/staffing-service.js';
import { MAX_ID, type EligibleQuery } from '../occurrences/occurrences.commands.js';

const INACTIVE = 'This schedule is inactive. Reactivate it to generate its occurrences.';

export type DetailedSchedule = NonNullable<Awaited<ReturnType<Repositories['schedules']['findDetailed']>>>;

/** A schedule as read, with the day and the horizon its generation reaches from. */
export interface ScheduleFacts {
  row: DetailedSchedule;
  today: string;
  horizonWeeks: number;
}

/** Schedules that follow calendar events, their staffing plans and generation (contract §5.1–§5.4, E4, E5). */
export class SchedulesService extends StaffingService {
  private async context(): Promise<GenerationContext> {
    const now = await this.time.now();
    return { now, today: now.slice(0, 10), horizonWeeks: await this.settings.get('iVolunteerSchedulingHorizonWeeks') };
  }

  async read(repos: Repositories, scheduleId: number, context?: GenerationContext): Promise<ScheduleFacts> {
    const { today, horizonWeeks } = context ?? (await this.context());
    return { row: (await repos.schedules.findDetailed(scheduleId))!, today, horizonWeeks };
  }

  /** Refused unless at least one upcoming active event matches (§5.1 messages). */
  private async assertUpcomingMatch(repos: Repositories, link: LinkColumns, now: string): Promise<void> {
    if (link.link_mode === 'class') {
      const group = link.group_id === null ? undefined : await repos.groups.findById(link.group_id);
      if (!group) throw invalid('Choose the class this schedule follows');
      if (!(await repos.schedules.hasUpcomingMatch(link, now))) {
        throw invalid(`${group.name} has no upcoming meetings on the calendar. Add them first, then create the schedule.`);
      }
      return;
    }
    if (link.title_filter === null || link.title_filter.trim() === '') throw invalid('Choose the event this schedule follows');
    if (link.link_mode === 'ministry') {
      if (!(await repos.schedules.hasUpcomingMatch(link, now))) {
        throw invalid(`This ministry has no upcoming events titled "${link.title_filter}". Create the events first, then the schedule.`);
      }
      return;
    }
    const type = link.event_type_id === null ? undefined : await repos.eventTypes.findById(link.event_type_id);
    if (!type) throw invalid('Choose an existing event type');
    if (!(await repos.schedules.hasUpcomingMatch(link, now))) {
      throw invalid(`No upcoming ${type.name} events titled "${link.title_filter}" are on the calendar. Create the events first, then the schedule.`);
    }
  }

  /** The link columns a mode uses; the others are cleared (class mode has no title or type). */
  private linkOf(ministryId: number, input: ScheduleInput, current?: ScheduleRow): LinkColumns {
    const mode = input.linkMode ?? (current?.link_mode as ScheduleInput['linkMode']) ?? 'event_type';
    const pick = <K extends keyof ScheduleInput>(key: K, column: keyof ScheduleRow) =>
      (input[key] !== undefined ? input[key] : (current?.[column] ?? null)) as never;
    return {
      link_mode: mode,
      ministry_id: ministryId,
      event_type_id: mode === 'event_type' ? pick('eventTypeId', 'event_type_id') : null,
      title_filter: mode === 'class' ? null : pick('titleFilter', 'title_filter'),
      group_id: mode === 'class' ? pick('groupId', 'group_id') : null,
      event_id: null,
    };
  }

  /** E4: validated completely first; an active schedule then generates at once in the same transaction. */
  async create(actor: VolunteerActor, ministry: Authorized<'ministry'>, input: ScheduleInput) {
    const repos = this.repos;
    const team = await this.access.scheduleTeam(actor, ministry.id, input.teamId!, 'ministry');
    const context = await this.context();
    const link = this.linkOf(ministry.id, input);
    await this.assertUpcomingMatch(repos, link, context.now);
    const plan = input.requirements ? await checkPlan(repos, ministry.id, input.requirements) : [];
    const isActive = input.active ?? true;
    return inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      const schedule = await tx.schedules.insert({
        ...link,
        team_id: team.id,
        name: input.name!,
        start_offset_minutes: input.startOffsetMinutes ?? 0,
        end_offset_minutes: input.endOffsetMinutes ?? 0,
        window_start: input.windowStart!,
        window_end: input.windowEnd ?? null,
        active: isActive,
        refill_on_decline: input.refillOnDecline ?? false,
      });
      await savePlan(tx, schedule.id, plan, actor.caller.personId);
      const generated = isActive ? await this.generateIn(tx, schedule, context) : null;
      return { schedule: await this.read(tx, schedule.id, context), generated };
    });
  }

  /** The generate result of §5.3 for one run inside the caller's transaction. */
  private async generateIn(repos: Repositories, schedule: ScheduleRow, context: GenerationContext, through?: string) {
    const counts = await runGeneration(repos, schedule, context, through);
    const detailed = (await repos.schedules.findDetailed(schedule.id))!;
    return {
      ...counts,
      noEvents: counts.created + counts.existing === 0,
      searched: {
        linkMode: schedule.link_mode,
        groupId: schedule.group_id,
        groupName: detailed.group_name,
        eventTypeId: schedule.event_type_id,
        eventTypeName: detailed.event_type_name,
        titleFilter: schedule.title_filter,
        ministryId: schedule.ministry_id,
        ministryName: detailed.ministry_name,
        eventId: schedule.event_id,
        eventTitle: detailed.event_title,
      },
    };
  }

  /** E5. Defaults in the body are saved first (all checked before anything is written), then one idempotent run. */
  async generate(actor: VolunteerActor, schedule: Authorized<'schedule'>, readBody: DeferredGenerate) {
    if (!schedule.active) throw conflict(INACTIVE);
    const { through, requirements } = readBody();
    const chosen: Array<{ requirementId: number; defaults: DefaultInput[] }> = [];
    const repos = this.repos;
    if (requirements !== undefined) {
      const templates = await repos.requirements.templateRows([schedule.id]);
      const seen = new Set<number>();
      for (const { positionId, defaults } of requirements) {
        const template = templates.find((t) => t.position_id === positionId);
        if (!template) throw invalid("Position not found among the schedule's staffing needs");
        if (seen.has(template.position_id)) throw invalid('The same position appears twice in the staffing needs');
        seen.add(template.position_id);
        const list = defaults();
        await checkDefaults(repos, list, capacityOf({ minCount: template.min_count, maxCount: template.max_count }));
        chosen.push({ requirementId: template.id, defaults: list });
      }
    }
    const context = await this.context();
    return inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      for (const { requirementId, defaults } of chosen) await saveDefaults(tx, requirementId, defaults, actor.caller.personId, false);
      return this.generateIn(tx, schedule, context, through);
    });
  }

  /** Staff this event: a hidden one-event schedule, its needs and its one occurrence, in one transaction. */
  async staffEvent(actor: VolunteerActor, ministry: Authorized<'ministry'>, { eventId, teamId, details }: StaffEventCommand) {
    const repos = this.repos;
    const team = await this.access.scheduleTeam(actor, ministry.id, teamId, 'ministry');
    const context = await this.context();
    const event = await repos.events.findById(eventId);
    if (!event || event.inactive || event.end_at < context.now) throw invalid('Choose an upcoming active event');
    const { startOffsetMinutes, endOffsetMinutes, requirements, name: given } = details();
    const plan = requirements === undefined ? [] : await checkPlan(repos, ministry.id, requirements);
    const name = (given ?? event.title).slice(0, 100);
    if (await repos.schedules.oneOffForTeamAndEvent(team.id, event.id)) throw conflict('This team is already staffing this event');
    return inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      const date = event.start_at.slice(0, 10);
      const schedule = await tx.schedules.insert({
        ministry_id: ministry.id, team_id: team.id, name, link_mode: 'event', event_id: event.id, one_off: true,
        window_start: date, window_end: date, start_offset_minutes: startOffsetMinutes ?? 0, end_offset_minutes: endOffsetMinutes ?? 0,
      });
      await savePlan(tx, schedule.id, plan, actor.caller.personId);
      const [occurrence] = await tx.schedules.attachOccurrences(schedule.id, [event], context.now);
      return { occurrenceId: occurrence.id, schedule: await this.read(tx, schedule.id, context) };
    });
  }

  /** A ministry's schedules (optionally of one `teamId`), or one team's. */
  async list(filter: { ministry: Authorized<'ministry'>; teamId?: number; active?: boolean } | { team: Authorized<'team'>; active?: boolean }) {
    const context = await this.context();
    const rows = 'team' in filter
      ? await this.repos.schedules.listDetailed({ teamId: filter.team.id, active: filter.active })
      : await this.repos.schedules.listDetailed({ ministryId: filter.ministry.id, teamId: filter.teamId, active: filter.active });
    return rows.map((row): ScheduleFacts => ({ row, today: context.today, horizonWeeks: context.horizonWeeks }));
  }

  async get(schedule: Authorized<'schedule'>) {
    return this.read(this.repos, schedule.id);
  }

  /** Any subset of the create fields; a re-pointed schedule must still follow an upcoming event. Never generates. */
  async update(actor: VolunteerActor, schedule: Authorized<'schedule'>, input: ScheduleInput) {
    const repos = this.repos;
    const movedTo = await this.access.scheduleMove(actor, schedule, input.teamId);
    const windowStart = input.windowStart ?? schedule.window_start;
    const windowEnd = input.windowEnd !== undefined ? input.windowEnd : schedule.window_end;
    if (windowEnd !== null && windowEnd < windowStart) throw invalid('The last date is before the first date');
    const context = await this.context();
    const update: Record<string, unknown> = {};
    if (!schedule.one_off) {
      const link = this.linkOf(schedule.ministry_id, input, schedule);
      const isRepointed = link.link_mode !== schedule.link_mode || link.event_type_id !== schedule.event_type_id
        || link.group_id !== schedule.group_id || !sameTitle(link.title_filter ?? '', schedule.title_filter ?? '')
        || (link.title_filter === null) !== (schedule.title_filter === null);
      if (isRepointed) await this.assertUpcomingMatch(repos, link, context.now);
      Object.assign(update, link);
    }
    const plan = input.requirements ? await checkPlan(repos, schedule.ministry_id, input.requirements) : undefined;
    if (plan) await checkKeptDefaults(repos, schedule.id, plan);
    if (input.name !== undefined) update.name = input.name;
    if (input.teamId !== undefined) update.team_id = movedTo?.id ?? schedule.team_id;
    if (input.windowStart !== undefined) update.window_start = input.windowStart;
    if (input.windowEnd !== undefined) update.window_end = input.windowEnd;
    if (input.startOffsetMinutes !== undefined) update.start_offset_minutes = input.startOffsetMinutes;
    if (input.endOffsetMinutes !== undefined) update.end_offset_minutes = input.endOffsetMinutes;
    if (input.active !== undefined) update.active = input.active;
    if (input.refillOnDecline !== undefined) update.refill_on_decline = input.refillOnDecline;
    return inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      await tx.schedules.update(schedule.id, update);
      if (plan) await savePlan(tx, schedule.id, plan, actor.caller.personId);
      return { schedule: await this.read(tx, schedule.id, context) };
    });
  }

  async delete(schedule: Authorized<'schedule'>): Promise<void> {
    if (await this.repos.schedules.hasAssignments(schedule.id)) throw conflict('Occurrences of this schedule still carry assignments');
    await this.repos.schedules.delete(schedule.id);
  }

  /** The schedule's template needs with their defaults, by position. */
  async requirements(schedule: Authorized<'schedule'>) {
    const repos = this.repos;
    const rows = await repos.requirements.templateRows([schedule.id]);
    return { rows, defaults: await repos.requirements.defaults(rows.map((r) => r.id)) };
  }

  /** Upserts one template need; Max may not fall below the stored defaults. */
  async upsertRequirement(schedule: Authorized<'schedule'>, row: PlanRowInput) {
    const repos = this.repos;
    const [checked] = await checkPlan(repos, schedule.ministry_id, [row]);
    // This route never changes the defaults, whatever the body says: the stored ones are always kept.
    await checkKeptDefaults(repos, schedule.id, [{ ...checked, defaults: undefined }]);
    const { id, created } = await repos.requirements.upsertTemplate(schedule.id, checked.positionId, { minCount: checked.minCount!, maxCount: checked.maxCount ?? null, notes: checked.notes ?? null });
    return { created, requirement: (await repos.requirements.findById(id))!, defaults: await repos.requirements.defaults([id]) };
  }

  /** People actively qualified for a position of the schedule's team, in rotation order. */
  async eligible(schedule: Authorized<'schedule'>, { positionId, nameFilter }: EligibleQuery) {
    const repos = this.repos;
    const position = positionId <= MAX_ID ? await repos.positions.findById(positionId) : undefined;
    if (!position || position.team_id !== schedule.team_id) throw invalid('Position not found');
    const pool = await repos.ministries.poolGroup(schedule.ministry_id);
    const rows = await repos.volunteerRoster.eligibleForPosition(position.id, pool?.id ?? null, await this.time.today(), nameFilter);
    return { people: rotationOrder(rows).map((row) => ({ ...row, conflictPositionId: null, conflictPositionName: null })) };
  }

  /**
   * The daily top-up (contract §15.5): once per church-local day, or when forced, every active schedule of an
   * active ministry generates to the horizon, one instance at a time (a transaction lock).
   */
  async topUp(force: boolean): Promise<void> {
    const { settings, time } = this;
    if (!isVolunteerV2Enabled(await settings.get('sVolunteerVersion'))) return;
    const now = await time.now();
    const today = now.slice(0, 10);
    if (!force && (await settings.get('sLastVolunteerTopUpRunDate')) === today) return;
    const horizonWeeks = await settings.get('iVolunteerSchedulingHorizonWeeks');
    const totals = await withTransaction(this.db, async (repos) => {
      await repos.locks.exclusive('volunteer-top-up');
      const sum = { created: 0, assigned: 0, skipped: 0, unqualified: 0 };
      for (const schedule of await repos.schedules.toppedUp()) {
        const counts = await runGeneration(repos, schedule, { now, today, horizonWeeks });
        sum.created += counts.created;
        sum.assigned += counts.assigned;
        sum.skipped += counts.skipped;
        sum.unqualified += counts.unqualified;
      }
      return sum;
    });
    await settings.write('sLastVolunteerTopUpRunDate', today);
    await settings.write('sLastVolunteerTopUpResult', JSON.stringify({ ranAt: now, ...totals }));
  }
}
