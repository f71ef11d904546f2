import type { Kysely } from 'kysely';
import { withTransaction, type Repositories } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import { notFound } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { newApiKey, sha256Hex } from './secrets.js';
import { isSessionLive, sessionLifetimesOf } from './sessions.js';

/** A user keeps at most this many live API keys (contract §14.1). */
const MAX_API_KEYS_PER_USER = 50;

export type ApiKeyRow = Awaited<ReturnType<Repositories['apiKeys']['listLive']>>[number];

/** A user's API keys (contract §14.1): minted at sign-in or on request, listed, revoked. */
export class ApiKeysService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  /** The user's keys that still work (never the keys themselves); 404 for an unknown user. */
  async list(userId: number): Promise<ApiKeyRow[]> {
    if (!(await this.repos.users.findById(userId))) throw notFound('User not found');
    const keys = await this.repos.apiKeys.listLive(userId);
    const now = await this.time.now();
    const lifetimes = await sessionLifetimesOf(this.settings);
    return keys.filter((key) => !key.is_web_session || isSessionLive({ createdAt: key.created_at, lastUsedAt: key.last_used_at }, now, lifetimes));
  }

  /** A new key for the caller, shown once. */
  async create(caller: Caller, label: string | undefined): Promise<{ apiKey: string; id: number }> {
    const now = await this.time.now();
    const minted = await withTransaction(this.db, (repos) => this.mint(repos, caller.userId, label?.trim() || null, now));
    return { apiKey: minted.key, id: minted.id };
  }

  async revoke(userId: number, keyId: number): Promise<void> {
    if (!(await this.repos.apiKeys.revoke(userId, keyId, await this.time.now()))) throw notFound('API key not found');
  }

  /** Mints a key in the caller's transaction; the least recently used keys beyond the limit stop working. */
  async mint(repos: Repositories, userId: number, label: string | null, now: string, isWebSession = false): Promise<{ key: string; id: number }> {
    const key = newApiKey();
    const id = await repos.apiKeys.insert({ userId, keyHash: sha256Hex(key), label, createdAt: now, isWebSession });
    await repos.apiKeys.revokeBeyond(userId, MAX_API_KEYS_PER_USER, now);
    return { key, id };
  }
}
