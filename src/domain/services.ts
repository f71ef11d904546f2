import type { Database } from '../db/database.js';
import { ChurchTime } from './church-time.js';
import type { Clock } from './clock.js';
import { SettingsService } from './settings/settings.service.js';
import { UsersService } from './users/users.service.js';

/** Every use-case service, wired once per process (or per test app). */
export function buildServices(database: Database, clock: Clock) {
  const settings = new SettingsService(database.db);
  const time = new ChurchTime(clock, settings);
  return {
    database,
    settings,
    time,
    users: new UsersService(database.db, time, settings),
  };
}

export type Services = ReturnType<typeof buildServices>;
