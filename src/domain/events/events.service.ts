import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { DB, EventRow } from '../../db/schema.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher, type UnitOfWork } from '../domain-events.js';
import { conflict, invalid, notFound } from '../errors.js';
import { expandRecurrence } from './recurrence.js';
import type { EventChangesCommand, NewEventsCommand, NewSeriesCommand } from './events.commands.js';
import { DatabaseService } from '../database-service.js';

/** `GET /api/events` answers at most this many events per request; `offset` pages on. */
export const EVENT_PAGE_LIMIT = 1000;

/** 400 messages of the one event-creation engine; the volunteer area (E2) words them its own way. */
export interface EventMessages {
  unknownType: string;
  unknownCalendar: string;
  unknownGroup: string;
}

const CORE_MESSAGES: EventMessages = {
  unknownType: 'invalid event type id',
  unknownCalendar: 'invalid calendar pinning',
  unknownGroup: 'The class does not exist',
};

/** Calendar events (contract §15.4): one engine creates single events and series, all-or-nothing. */
export class EventsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  /** Checks everything first, then writes the events, pins and Linked Groups in one transaction; emits `event.created` after the commit. */
  async createEvents(input: NewEventsCommand, messages: EventMessages = CORE_MESSAGES): Promise<EventRow[]> {
    await this.assertReferences(this.repos, input, messages);
    for (const slot of input.slots) if (slot.end < slot.start) throw invalid('The event must end after it starts');
    const now = await this.time.now();
    return inTransaction(this.db, this.publisher, (uow) => this.insertEvents(uow, input, now));
  }

  /** Inserts validated events inside the caller's transaction (E2 adds its ministry in the same one). */
  async insertEvents(uow: UnitOfWork, input: NewEventsCommand, now: string): Promise<EventRow[]> {
    const events = await uow.repos.events.insertMany(
      input.slots.map((slot) => ({
        title: input.title,
        type_id: input.typeId,
        description: input.description ?? null,
        text: input.text ?? null,
        start_at: slot.start,
        end_at: slot.end,
        inactive: input.inactive ?? false,
        created_at: now,
        event_ministry_id: input.ministryId ?? null,
      })),
    );
    const ids = events.map((event) => event.id);
    await uow.repos.events.pin(ids, input.calendarIds);
    await uow.repos.events.linkGroups(ids, input.linkedGroupIds);
    for (const id of ids) uow.emit({ type: 'event.created', eventId: id });
    return events;
  }

  async assertReferences(repos: Repositories, input: Partial<NewEventsCommand>, messages: EventMessages = CORE_MESSAGES): Promise<void> {
    if (input.typeId !== undefined && !(await repos.eventTypes.findById(input.typeId))) throw invalid(messages.unknownType);
    if (input.calendarIds && input.calendarIds.length > 0) {
      const found = await repos.calendars.findByIds([...new Set(input.calendarIds)]);
      if (found.length !== new Set(input.calendarIds).size) throw invalid(messages.unknownCalendar);
    }
    for (const groupId of new Set(input.linkedGroupIds ?? [])) {
      if (!(await repos.groups.findById(groupId))) throw invalid(messages.unknownGroup);
    }
    if (input.ministryId !== undefined && input.ministryId !== null && !(await repos.ministries.findById(input.ministryId))) {
      throw invalid('Unknown volunteer ministry');
    }
  }

  /** `POST /api/events/repeat`: a series through the repeat engine, at most 366 events, all or nothing. */
  async createSeries(input: NewSeriesCommand): Promise<{ events: EventRow[]; skipped: number }> {
    if (input.rangeEnd < input.rangeStart) throw invalid('RangeEnd must be on or after RangeStart');
    if (input.endTime <= input.startTime) throw invalid('The event must end after it starts');
    let dates = expandRecurrence(input.recurrence, input.rangeStart, input.rangeEnd);
    let skipped = 0;
    if (input.skipExisting) {
      const taken = await this.repos.events.datesWithActiveEventOfType(input.typeId, dates);
      skipped = dates.filter((date) => taken.has(date)).length;
      dates = dates.filter((date) => !taken.has(date));
    }
    const events = await this.createEvents({
      ...input,
      slots: dates.map((date) => ({ start: `${date} ${input.startTime}`, end: `${date} ${input.endTime}` })),
    });
    return { events, skipped };
  }

  async getEvent(id: number) {
    const event = await this.repos.events.findById(id);
    if (!event) throw notFound('Event not found');
    const [details] = await this.details([event]);
    return { ...details, counts: await this.repos.events.counts(id) };
  }

  /**
   * One page of events (at most EVENT_PAGE_LIMIT; `total` tells how many match), optionally only those
   * overlapping [start, end) given as dates (YYYY-MM-DD).
   */
  async listEvents(page: { start?: string; end?: string; limit?: number; offset?: number } = {}) {
    const { rows, total } = await this.repos.events.list({
      from: page.start && `${page.start} 00:00:00`,
      to: page.end && `${page.end} 00:00:00`,
      limit: Math.min(page.limit ?? EVENT_PAGE_LIMIT, EVENT_PAGE_LIMIT),
      offset: page.offset ?? 0,
    });
    return { events: await this.details(rows), total };
  }

  /** Events with their type name, pinned calendars and Linked Groups, in three queries whatever their number. */
  private async details(events: EventRow[]) {
    const ids = events.map((event) => event.id);
    const [types, pins, groups, ministries] = await Promise.all([
      this.repos.eventTypes.list(),
      this.repos.events.pinnedCalendars(ids),
      this.repos.events.linkedGroups(ids),
      this.repos.ministries.listWithCounts({}),
    ]);
    const typeNames = new Map(types.map((type) => [type.id, type.name]));
    const ministryNames = new Map(ministries.map((ministry) => [ministry.id, ministry.name]));
    return events.map((event) => ({
      event,
      typeName: typeNames.get(event.type_id) ?? null,
      ministryName: event.event_ministry_id === null ? null : (ministryNames.get(event.event_ministry_id) ?? null),
      calendars: pins.filter((pin) => pin.event_id === event.id).map(({ id, name }) => ({ id, name })),
      groups: groups.filter((group) => group.event_id === event.id).map(({ id, name }) => ({ id, name })),
    }));
  }

  async updateEvent(id: number, changes: EventChangesCommand, messages: EventMessages = CORE_MESSAGES): Promise<void> {
    const event = await this.repos.events.findById(id);
    if (!event) throw notFound('Event not found');
    await this.assertReferences(this.repos, changes, messages);
    const start = changes.start ?? event.start_at;
    const end = changes.end ?? event.end_at;
    if (end < start) throw invalid('The event must end after it starts');
    await inTransaction(this.db, this.publisher, async ({ repos }) => {
      await repos.events.update(id, {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.typeId !== undefined && { type_id: changes.typeId }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.text !== undefined && { text: changes.text }),
        ...(changes.start !== undefined && { start_at: changes.start }),
        ...(changes.end !== undefined && { end_at: changes.end }),
        ...(changes.inactive !== undefined && { inactive: changes.inactive }),
        ...(changes.ministryId !== undefined && { event_ministry_id: changes.ministryId }),
      });
      // One truth for the date of the service: an occurrence moves with its event, in the same transaction.
      if (changes.start !== undefined) await repos.occurrences.followEvent(id, changes.start.slice(0, 10));
      if (changes.calendarIds !== undefined) {
        await repos.events.unpinAll(id);
        await repos.events.pin([id], changes.calendarIds);
      }
      if (changes.linkedGroupIds !== undefined) {
        await repos.events.unlinkAllGroups(id);
        await repos.events.linkGroups([id], changes.linkedGroupIds);
      }
    });
  }

  async deleteEvent(id: number): Promise<void> {
    if (!(await this.repos.events.findById(id))) throw notFound('Event not found');
    await inTransaction(this.db, this.publisher, (uow) => deleteEventsIn(uow, [id]));
  }

  /** The event's owning ministry, for the attendance-count rule of §15.4. */
  async owningMinistry(eventId: number): Promise<number | null> {
    const event = await this.repos.events.findById(eventId);
    if (!event) throw notFound('Event not found');
    return event.event_ministry_id;
  }

  async replaceCounts(eventId: number, counts: Array<{ name: string; count: number; notes?: string | null }>) {
    if (!(await this.repos.events.findById(eventId))) throw notFound('Event not found');
    const names = counts.map((c) => c.name.trim().toLowerCase());
    if (names.some((name) => name === '')) throw invalid('Each count needs a name');
    if (new Set(names).size !== names.length) throw invalid('Each count name may appear once');
    await inTransaction(this.db, this.publisher, ({ repos }) =>
      repos.events.replaceCounts(eventId, counts.map((c) => ({ name: c.name.trim(), count: c.count, notes: c.notes?.trim() || null }))),
    );
    return this.repos.events.counts(eventId);
  }
}

/**
 * The core event delete, inside the caller's transaction: refused while people are checked in or a kiosk
 * is assigned; occurrences of every ministry go with the event (foreign keys cascade, contract §18 #15).
 */
export async function deleteEventsIn(uow: UnitOfWork, eventIds: readonly number[]): Promise<void> {
  for (const eventId of eventIds) {
    const checkedIn = await uow.repos.events.checkedInCount(eventId);
    if (checkedIn > 0) throw conflict(`Cannot delete event: ${checkedIn} people are currently checked in.`, { eventId });
    if (await uow.repos.events.isAssignedToKiosk(eventId)) {
      throw conflict('Cannot delete event: event is currently assigned to a kiosk.', { eventId });
    }
    await uow.repos.events.delete(eventId);
  }
}
