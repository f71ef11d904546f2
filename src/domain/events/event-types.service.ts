import type { Kysely } from 'kysely';
import { UniqueViolationError } from '../../db/errors.js';
import { createRepositories } from '../../db/repositories/index.js';
import type { DB, EventTypeRow } from '../../db/schema.js';
import { isVolunteerV2Enabled } from '../access/route-access.js';
import { conflict, invalid } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';

/** The event type the volunteer area falls back to (contract §1.9, §5.6). */
export const OTHER_EVENT_TYPE = 'Other';

/** Event types (contract §15.4). */
export class EventTypesService {
  constructor(
    private readonly db: Kysely<DB>,
    settings: SettingsService,
  ) {
    // Switching the volunteer rollout to v2 or both brings an active `Other` type unless one of that name exists.
    settings.onWrite('sVolunteerVersion', async (value, repos) => {
      if (isVolunteerV2Enabled(value)) await repos.eventTypes.ensureNamed(OTHER_EVENT_TYPE);
    });
  }

  async list(): Promise<EventTypeRow[]> {
    return createRepositories(this.db).eventTypes.list();
  }

  async create(input: { name: string; defStartTime?: string | null; active?: boolean }): Promise<EventTypeRow> {
    const name = input.name.trim();
    if (name === '') throw invalid('name is required');
    const repos = createRepositories(this.db);
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
