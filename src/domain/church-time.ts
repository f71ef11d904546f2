import type { Executor } from '../db/database.js';
import { wallClock, type Clock } from './clock.js';
import type { SettingsService } from './settings/settings.service.js';

/** "Now" and "today" as wall-clock values in the church's time zone (setting `sTimeZone`, contract §1.8). */
export class ChurchTime {
  constructor(
    readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  /** `YYYY-MM-DD HH:MM:SS` */
  async now(executor?: Executor): Promise<string> {
    return wallClock(this.clock.now(), await this.settings.get('sTimeZone', executor));
  }

  /** `YYYY-MM-DD` */
  async today(executor?: Executor): Promise<string> {
    return (await this.now(executor)).slice(0, 10);
  }
}
