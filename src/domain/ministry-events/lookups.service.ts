import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { assertTeamAuthority, type VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { optionalDate } from '../dates.js';
import { invalid, notFound } from '../errors.js';
import { OTHER_EVENT_TYPE } from '../events/event-types.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DatabaseService } from '../database-service.js';

/** At most this many events answer an upcoming-event search (§13.1). */
const UPCOMING_LIMIT = 50;

/** Lookups for schedule and event editors (contract §5.6). */
export class LookupsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  /** Active types by name and the default: the configured active type, else the active `Other`, else null. */
  async eventTypes() {
    const types = (await this.repos.eventTypes.list()).filter((type) => type.active);
    const configured = await this.settings.get('iVolunteerDefaultEventTypeId');
    const fallback = types.find((type) => type.id === configured) ?? types.find((type) => type.name === OTHER_EVENT_TYPE);
    return { eventTypes: types.map((type) => ({ id: type.id, name: type.name })), defaultEventTypeId: fallback?.id ?? null };
  }

  async series(query: { eventTypeId?: number; ministryId?: number; from?: string }) {
    if (query.eventTypeId === undefined && query.ministryId === undefined) throw invalid('Choose an event type or a ministry');
    const from = optionalDate(query.from) ?? (await this.time.today());
    const rows = await this.repos.ministryEvents.series(query, `${from} 00:00:00`);
    return { series: rows.map((row) => ({ title: row.title, nextStart: row.next_start, count: row.count })) };
  }

  async classes(query: { from?: string }) {
    const from = optionalDate(query.from) ?? (await this.time.today());
    const rows = await this.repos.ministryEvents.classes(`${from} 00:00:00`);
    return { classes: rows.map((row) => ({ groupId: row.id, name: row.name, sundaySchool: row.type === 4, upcomingCount: row.upcoming_count, nextStart: row.next_start })) };
  }

  async upcomingEvents(actor: VolunteerActor, query: { q?: string; from?: string; to?: string; teamId?: number }) {
    const now = await this.time.now();
    const requestedFrom = optionalDate(query.from);
    const to = optionalDate(query.to);
    if (requestedFrom && to && to < requestedFrom) throw invalid('The window ends before it starts');
    // A past `from` is moved to now: only future events are offered.
    const from = requestedFrom && `${requestedFrom} 00:00:00` > now ? `${requestedFrom} 00:00:00` : now;
    if (query.teamId !== undefined) {
      const team = await this.repos.teams.findById(query.teamId);
      if (!team) throw notFound('Team not found');
      assertTeamAuthority(actor, team);
    }
    const rows = await this.repos.ministryEvents.upcoming(from, to, query.q?.trim() || undefined, UPCOMING_LIMIT);
    const staffed = query.teamId === undefined ? new Set<number>() : await this.repos.ministryEvents.eventsStaffedByTeam(query.teamId, rows.map((r) => r.id));
    return {
      events: rows.map((row) => ({
        id: row.id, title: row.title, start: row.start_at, end: row.end_at, eventTypeId: row.type_id, eventTypeName: row.type_name, staffedByTeam: staffed.has(row.id),
      })),
    };
  }
}
