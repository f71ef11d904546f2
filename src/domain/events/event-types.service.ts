import type { Kysely } from 'kysely';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB, EventTypeRow } from '../../db/schema.js';
import { isVolunteerV2Enabled } from '../access/route-access.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DatabaseService } from '../database-service.js';
import type { EventTypeChangesCommand, NewEventTypeCommand } from './events.commands.js';

/** The event type the volunteer area falls back to (contract §1.9, §5.6). */
export const OTHER_EVENT_TYPE = 'Other';

/** Event types (contract §15.4). */
export class EventTypesService extends DatabaseService {
  constructor(db: Kysely<DB>, settings: SettingsService) {
    super(db);
    // Switching the volunteer rollout to v2 or both brings an active `Other` type unless one of that name exists
    // (§1.9), or the church renamed the one seeded before (issue 14 item 6: a renamed `Other` is not found again).
    settings.onWrite('sVolunteerVersion', async (value, repos) => {
      if (isVolunteerV2Enabled(value)) await repos.eventTypes.ensureSeededFallback(OTHER_EVENT_TYPE);
    });
  }

  async list(): Promise<EventTypeRow[]> {
    return this.repos.eventTypes.list();
  }

  /**
   * Renames, re-times or retires a type (ours). 404 unknown, 409 for a name another type holds. A renamed `Other`
   * is no longer the volunteer area's fallback; a retired one is not replaced (§5.6, §1.9).
   */
  async update(id: number, input: EventTypeChangesCommand): Promise<EventTypeRow> {
    const repos = this.repos;
    if (!(await repos.eventTypes.findById(id))) throw notFound('Event type not found');
    const name = input.name?.trim();
    if (name === '') throw invalid('name must not be empty');
    const duplicate = () => conflict('An event type of that name already exists');
    const holder = name === undefined ? undefined : await repos.eventTypes.findByName(name);
    if (holder && holder.id !== id) throw duplicate();
    try {
      const updated = await repos.eventTypes.update(id, {
        ...(name !== undefined && { name }),
        ...(input.defStartTime !== undefined && { def_start_time: input.defStartTime }),
        ...(input.active !== undefined && { active: input.active }),
      });
      if (!updated) throw notFound('Event type not found');
      return updated;
    } catch (error) {
      if (error instanceof UniqueViolationError) throw duplicate();
      throw error;
    }
  }

  /** Deletes a type no event uses (ours): 404 unknown, 409 while events use it (retire it instead). */
  async delete(id: number): Promise<void> {
    const repos = this.repos;
    if (!(await repos.eventTypes.findById(id))) throw notFound('Event type not found');
    if (!(await repos.eventTypes.deleteUnused(id))) throw conflict('Events use this event type: retire it instead (active: false)');
  }

  async create(input: NewEventTypeCommand): Promise<EventTypeRow> {
    const name = input.name.trim();
    if (name === '') throw invalid('name is required');
    const repos = this.repos;
    const duplicate = () => conflict('An event type of that name already exists');
    if (await repos.eventTypes.findByName(name)) throw duplicate();
    try {
      return await repos.eventTypes.insert({ name, def_start_time: input.defStartTime ?? null, active: input.active ?? true });
    } catch (error) {
      // A concurrent request took the name between the check and the insert.
      if (error instanceof UniqueViolationError) throw duplicate();
      throw error;
    }
  }
}
