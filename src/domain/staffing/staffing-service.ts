import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { VolunteerAccessService } from '../access/volunteer-access.service.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import type { DomainEventPublisher } from '../domain-events.js';
import type { SettingsService } from '../settings/settings.service.js';

/**
 * What the services that place people over the scheduling horizon stand on (schedules and auto-fill): the clock,
 * the horizon's setting, the publisher of what they place, and access to resolve the scope a body names.
 */
export abstract class StaffingService extends DatabaseService {
  constructor(
    db: Kysely<DB>,
    protected readonly time: ChurchTime,
    protected readonly settings: SettingsService,
    protected readonly publisher: DomainEventPublisher,
    protected readonly access: VolunteerAccessService,
  ) {
    super(db);
  }
}
