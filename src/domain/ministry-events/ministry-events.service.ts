import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { Authorized } from '../access/authorized.js';
import type { DB, MinistryRow } from '../../db/schema.js';
import { assertOwnsEvent, keepsChurchCalendar } from '../access/events.policies.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { addDays, addYears } from '../dates.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { deleteEventsIn, type EventsService } from '../events/events.service.js';
import { OCCURRENCE_LIST_LIMIT } from '../occurrences/occurrences.service.js';
import { runGeneration } from '../schedules/generation.js';
import { followsEvent, isOneSeries, type ScheduleLink } from '../schedules/matching.js';
import type { SchedulesService } from '../schedules/schedules.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { occurrenceFigures } from '../staffing/gaps.js';
import { loadEffectiveRequirements } from '../staffing/staffing.js';
import { groupBy } from '../collections.js';
import { DatabaseService } from '../database-service.js';
import { E2_MESSAGES, type MinistryEventChangesCommand, type MinistryEventWindow, type NewMinistryEventCommand } from './ministry-events.commands.js';

/** A stored schedule's link in the shape the matching rules take. */
function scheduleLink(schedule: { link_mode: string; ministry_id: number; event_type_id: number | null; title_filter: string | null; group_id: number | null; event_id: number | null }): ScheduleLink {
  switch (schedule.link_mode) {
    case 'class':
      return { mode: 'class', groupId: schedule.group_id ?? -1 };
    case 'ministry':
      return { mode: 'ministry', ministryId: schedule.ministry_id, titleFilter: schedule.title_filter ?? '' };
    case 'event_type':
      return { mode: 'event_type', eventTypeId: schedule.event_type_id ?? -1, titleFilter: schedule.title_filter ?? '' };
    default:
      return { mode: 'event', eventId: schedule.event_id ?? -1 };
  }
}

/** The ministry's own events: E1 list, E2 create, E3 staff, delete and edit (contract §6). */
export class MinistryEventsService extends DatabaseService {
  constructor(
    db: Kysely<DB>,
    private readonly time: ChurchTime,
    private readonly publisher: DomainEventPublisher,
    private readonly events: EventsService,
    private readonly schedules: SchedulesService,
    private readonly settings: SettingsService,
  ) {
    super(db);
  }

  /** E1: the ministry's events in the window with type, pins, Linked Groups, headcount and staffing per team. */
  async list(ministry: Authorized<'ministry'>, query: MinistryEventWindow) {
    const today = await this.time.today();
    const past = query.past;
    const from = query.from ?? (past ? addYears(today, -1) : today);
    const to = query.to ?? (past ? addDays(today, -1) : addYears(today, 1));
    if (to < from) throw invalid('The window ends before it starts');
    const repos = this.repos;
    const rows = await repos.ministryEvents.ownedInWindow(ministry.id, from, to, past, OCCURRENCE_LIST_LIMIT + 1);
    const capped = rows.length > OCCURRENCE_LIST_LIMIT;
    const events = rows.slice(0, OCCURRENCE_LIST_LIMIT);
    const ids = events.map((e) => e.id);
    const [pins, groups, headcounts, own, others] = await Promise.all([
      repos.events.pinnedCalendars(ids),
      repos.events.linkedGroups(ids),
      repos.ministryEvents.headcounts(ids),
      repos.ministryEvents.ownOccurrencesOn(ministry.id, ids),
      repos.ministryEvents.otherStaffingOn(ministry.id, ids),
    ]);
    const effective = await loadEffectiveRequirements(repos, own.map((o) => o.id));
    // Grouped by event once: a year of events must not cost events × rows.
    const pinsOf = groupBy(pins, (p) => p.event_id);
    const groupsOf = groupBy(groups, (g) => g.event_id);
    const totalOf = new Map(headcounts.map((h) => [h.event_id, h.total]));
    const ownOf = groupBy(own, (o) => o.event_id);
    const othersOf = groupBy(others, (o) => o.event_id);
    return {
      events: events.map((event) => {
        const mine = ownOf.get(event.id) ?? [];
        const teams = [...new Map(mine.map((o) => [o.team_id, o.team_name])).entries()];
        return {
          event,
          calendars: pinsOf.get(event.id) ?? [],
          linkedGroups: groupsOf.get(event.id) ?? [],
          headcountTotal: totalOf.get(event.id),
          otherStaffing: othersOf.get(event.id) ?? [],
          staffing: teams.map(([teamId, teamName]) => {
            const teamOccurrences = mine.filter((o) => o.team_id === teamId);
            const requirements = teamOccurrences.flatMap((o) => effective.get(o.id)?.requirements ?? []);
            return { teamId, teamName, occurrenceIds: teamOccurrences.map((o) => o.id), figures: occurrenceFigures(requirements, false) };
          }),
        };
      }),
      from,
      to,
      past,
      limit: OCCURRENCE_LIST_LIMIT,
      capped,
    };
  }

  /**
   * The calendars exist (400), then E2's calendar rule: the ministry's own calendar or a church calendar opened to
   * it, unless the caller holds addEvents (403).
   */
  private async assertCalendars(repos: Repositories, actor: VolunteerActor, ministry: MinistryRow, calendarIds: readonly number[]) {
    const calendars = await repos.calendars.findByIds(calendarIds);
    if (calendars.length !== calendarIds.length) throw invalid(E2_MESSAGES.unknownCalendar);
    if (keepsChurchCalendar(actor)) return;
    const allowed = new Set(await repos.ministries.pinnableCalendarIds(ministry.id));
    for (const calendar of calendars) {
      if (!allowed.has(calendar.id)) throw forbidden(`Not authorized to pin events to the calendar "${calendar.name}"`);
    }
  }

  /** E2: one event or a series, through the core events engine; all or nothing; no staffing key. */
  async create(actor: VolunteerActor, ministry: Authorized<'ministry'>, command: NewMinistryEventCommand) {
    const repos = this.repos;
    const title = command.title;
    if (!(await repos.eventTypes.findById(command.eventTypeId))) throw invalid(E2_MESSAGES.unknownType);
    const times = command.times;
    const description = command.description;
    const linkedGroupId = command.linkedGroupId;
    if (linkedGroupId !== null && !(await repos.groups.findById(linkedGroupId))) throw invalid(E2_MESSAGES.unknownGroup);
    const ownCalendar = await repos.ministries.ownCalendar(ministry.id);
    const calendarIds = [...(command.calendarIds ?? (ownCalendar ? [ownCalendar.id] : []))];
    await this.assertCalendars(repos, actor, ministry, calendarIds);
    const created = await this.events.createEvents({
      title,
      typeId: command.eventTypeId,
      description,
      slots: command.dates.map((date) => ({ start: `${date} ${times.start}`, end: `${date} ${times.end}` })),
      calendarIds,
      linkedGroupIds: linkedGroupId === null ? [] : [linkedGroupId],
      ministryId: ministry.id,
    }, E2_MESSAGES);
    return created;
  }

  /** The ministry's events named in a body, all of them its own (404 and 403 of §6.3/§6.4). */
  private async ownEvents(repos: Repositories, ministry: MinistryRow, eventIds: readonly number[]) {
    const ids = [...new Set(eventIds)];
    const events = await repos.events.findByIds(ids);
    if (events.length !== ids.length) throw notFound('One of the events does not exist');
    for (const event of events) assertOwnsEvent(ministry, event);
    return events;
  }

  /**
   * E3: every active, non-one-off schedule of the ministry that follows the events (one series) widens its
   * window to cover them and generates through the last one, never past the horizon; its saved defaults land
   * only on the occurrences this run created. One transaction, schedules in id order.
   */
  async staff(ministry: Authorized<'ministry'>, eventIds: readonly number[]) {
    const repos = this.repos;
    const events = await this.ownEvents(repos, ministry, eventIds);
    const groups = await repos.events.linkedGroups(events.map((e) => e.id));
    const matchable = events.map((e) => ({
      id: e.id, title: e.title, typeId: e.type_id, inactive: false, ministryId: e.event_ministry_id,
      linkedGroupIds: groups.filter((g) => g.event_id === e.id).map((g) => g.id),
    }));
    if (!isOneSeries(matchable)) throw invalid('These events are not one series: they differ in title, type or class');
    const first = events.reduce((a, b) => (a.start_at <= b.start_at ? a : b)).start_at.slice(0, 10);
    const last = events.reduce((a, b) => (a.start_at >= b.start_at ? a : b)).start_at.slice(0, 10);
    const candidates = (await repos.schedules.listDetailed({ ministryId: ministry.id, active: true }))
      .filter((schedule) => followsEvent(scheduleLink(schedule), { ...matchable[0], inactive: false }))
      .sort((a, b) => a.id - b.id);
    const now = await this.time.now();
    const context = { now, today: now.slice(0, 10), horizonWeeks: await this.settings.get('iVolunteerSchedulingHorizonWeeks') };
    return inTransaction(this.db, this.publisher, async ({ repos: tx }) => {
      const results = [];
      for (const schedule of candidates) {
        const windowStart = first < schedule.window_start ? first : schedule.window_start;
        const windowEnd = schedule.window_end !== null && last > schedule.window_end ? last : schedule.window_end;
        const widened = windowStart !== schedule.window_start || windowEnd !== schedule.window_end;
        if (widened) await tx.schedules.update(schedule.id, { window_start: windowStart, window_end: windowEnd });
        const counts = await runGeneration(tx, { ...schedule, window_start: windowStart, window_end: windowEnd }, context, last);
        results.push({ schedule: await this.schedules.read(tx, schedule.id, context), widened, ...counts });
      }
      return { schedules: results };
    });
  }

  /** §6.5: a coordinator edits one of the ministry's own events; E2's rules and messages; nothing changes on a refusal. */
  async edit(actor: VolunteerActor, ministry: Authorized<'ministry'>, eventId: number, command: MinistryEventChangesCommand) {
    const repos = this.repos;
    const event = await repos.events.findById(eventId);
    if (!event) throw notFound('Event not found');
    assertOwnsEvent(ministry, event);
    const title = command.title;
    const description = command.description;
    const date = command.date ?? event.start_at.slice(0, 10);
    const startTime = command.startTime ?? event.start_at.slice(11);
    const endTime = command.endTime ?? event.end_at.slice(11);
    if (endTime <= startTime) throw invalid('The event must end after it starts');
    const linkedGroupId = command.linkedGroupId;
    if (typeof linkedGroupId === 'number' && !(await repos.groups.findById(linkedGroupId))) throw invalid(E2_MESSAGES.unknownGroup);
    const calendarIds = command.calendarIds && [...command.calendarIds];
    if (calendarIds) await this.assertCalendars(repos, actor, ministry, calendarIds);
    const active = command.active;
    await this.events.updateEvent(eventId, {
      title,
      description,
      start: `${date} ${startTime}`,
      end: `${date} ${endTime}`,
      calendarIds,
      linkedGroupIds: linkedGroupId === undefined ? undefined : linkedGroupId === null ? [] : [linkedGroupId],
      inactive: active === undefined ? undefined : !active,
    }, E2_MESSAGES);
    return this.events.getEvent(eventId);
  }

  /** `DELETE /ministries/{id}/events`: all or none through the core event delete (§6.4). */
  async delete(actor: VolunteerActor, ministry: Authorized<'ministry'>, eventIds: readonly number[]) {
    const repos = this.repos;
    const ids = (await this.ownEvents(repos, ministry, eventIds)).map((e) => e.id);
    if (!keepsChurchCalendar(actor)) {
      const others = await repos.ministryEvents.otherMinistriesStaffing(ids, ministry.id);
      if (others.length > 0) {
        throw conflict(`${others.map((o) => o.ministry_name).join(', ')} has volunteers on these events`, {
          ministries: others.map((o) => ({ ministryId: o.ministry_id, ministryName: o.ministry_name })),
        });
      }
    }
    await inTransaction(this.db, this.publisher, (uow) => deleteEventsIn(uow, ids));
    return { deleted: ids.length };
  }
}
