import { wallClock, type Clock } from './clock.js';
import type { SettingsService } from './settings/settings.service.js';

/**
 * "Now" and "today" as wall-clock values in the church's time zone (setting `sTimeZone`, contract §1.8). They read
 * the setting outside any transaction, so take them before opening one (a read on the root handle inside a
 * transaction waits forever on the embedded database's single connection).
 */
export class ChurchTime {
  constructor(
    readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  /** `YYYY-MM-DD HH:MM:SS` */
  async now(): Promise<string> {
    return wallClock(this.clock.now(), await this.settings.get('sTimeZone'));
  }

  /** `YYYY-MM-DD` */
  async today(): Promise<string> {
    return (await this.now()).slice(0, 10);
  }
}
