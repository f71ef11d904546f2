import type { Kysely } from 'kysely';
import { withTransaction, type Repositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { isSettingName, SETTINGS, type SettingName, type SettingValue } from './registry.js';
import { settingsRepository } from '../../db/repositories/settings.repository.js';

/** The channel a committed settings change is announced on (migration 0010), to every instance of the database. */
export const SETTINGS_CHANNEL = 'settings_changed';
/** How long cached values are trusted when no change announcement can reach this instance. */
const UNWATCHED_TTL_MS = 5000;
/** While announcements arrive, cached values are dropped on each; this lifetime only covers a lost listener. */
const WATCHED_TTL_MS = 60_000;

type WriteHook = (value: string, repos: Repositories) => Promise<void>;

/** Typed reads of system settings with a short cache, and validated writes (contract §15.7). */
export class SettingsService {
  private cached: { values: Map<string, string>; loadedAt: number } | undefined;
  private readonly hooks = new Map<SettingName, WriteHook[]>();
  private ttlMs = UNWATCHED_TTL_MS;
  /** Counts invalidations, so that a read that overlapped one does not cache what it read. */
  private generation = 0;

  /** `clock` measures the cache's lifetime: the service's injected one. */
  constructor(private readonly db: Kysely<DB>, private readonly clock: Clock) {}

  /**
   * The typed value of a setting, from the cache or read outside any transaction: read settings before opening one
   * (on the embedded database a read on the root handle inside a transaction waits forever).
   */
  async get<N extends SettingName>(name: N): Promise<SettingValue<N>> {
    const values = await this.load();
    const stored = values.get(name) ?? SETTINGS[name].default;
    return SETTINGS[name].read(stored) as SettingValue<N>;
  }

  /** The stored string as the config API shows it; a secret answers "". Throws 404 for an unknown name. */
  async readForApi(name: string): Promise<string> {
    const known = this.known(name);
    if (SETTINGS[known].secret) return '';
    return (await this.load()).get(known) ?? SETTINGS[known].default;
  }

  /** Validates and stores a value, running the setting's side effects in the same transaction. */
  async write(name: string, value: string): Promise<string> {
    const known = this.known(name);
    const normalized = SETTINGS[known].normalize(value, known);
    await withTransaction(this.db, async (repos) => {
      await repos.settings.upsert(known, normalized);
      for (const hook of this.hooks.get(known) ?? []) await hook(normalized, repos);
    });
    this.invalidate();
    return SETTINGS[known].secret ? '' : normalized;
  }

  /** Registers a side effect of writing a setting (for example the `Other` event type of §1.9). */
  onWrite(name: SettingName, hook: WriteHook): void {
    this.hooks.set(name, [...(this.hooks.get(name) ?? []), hook]);
  }

  /**
   * Drops the cached values whenever any instance commits a settings change (`listen` is the database's), so
   * that a change holds everywhere within a second; answers a function that stops following.
   */
  async followChanges(listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>): Promise<() => Promise<void>> {
    const unlisten = await listen(SETTINGS_CHANNEL, () => this.invalidate());
    this.invalidate();
    this.ttlMs = WATCHED_TTL_MS;
    return async () => {
      this.ttlMs = UNWATCHED_TTL_MS;
      await unlisten();
    };
  }

  /** Forgets cached values; the next read goes to the database. */
  invalidate(): void {
    this.cached = undefined;
    this.generation++;
  }

  private known(name: string): SettingName {
    if (!isSettingName(name)) throw notFound('Unknown setting');
    return name;
  }

  private async load(): Promise<Map<string, string>> {
    if (this.cached && this.clock.now().getTime() - this.cached.loadedAt < this.ttlMs) return this.cached.values;
    const generation = this.generation;
    const rows = await settingsRepository(this.db).all();
    const values = new Map(rows.map((row) => [row.name, row.value]));
    // A change announced while this read was under way may be missing from it: such values are not kept.
    if (generation === this.generation) this.cached = { values, loadedAt: this.clock.now().getTime() };
    return values;
  }
}

