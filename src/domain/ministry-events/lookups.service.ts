import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import type { ChurchTime } from '../church-time.js';
import { OTHER_EVENT_TYPE } from '../events/event-types.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DatabaseService } from '../database-service.js';
import type { ClassesQuery, EventSeriesQuery, UpcomingEventsQuery } from './lookups.commands.js';

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
    return { types, defaultType: fallback };
  }

  async series(query: EventSeriesQuery) {
    const from = query.from ?? (await this.time.today());
    return this.repos.ministryEvents.series(query, `${from} 00:00:00`);
  }

  async classes(query: ClassesQuery) {
    const from = query.from ?? (await this.time.today());
    return this.repos.ministryEvents.classes(`${from} 00:00:00`);
  }

  /** Future active events (a past `from` is moved to now), each telling whether `team` already staffs it. */
  async upcomingEvents(query: UpcomingEventsQuery, team: Authorized<'team'> | undefined) {
    const now = await this.time.now();
    const from = query.from && `${query.from} 00:00:00` > now ? `${query.from} 00:00:00` : now;
    const events = await this.repos.ministryEvents.upcoming(from, query.to, query.q, UPCOMING_LIMIT);
    const staffed = team === undefined ? new Set<number>() : await this.repos.ministryEvents.eventsStaffedByTeam(team.id, events.map((r) => r.id));
    return { events, staffed };
  }
}
