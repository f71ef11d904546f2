import type { Clock } from '../clock.js';
import type { Caller } from './caller.js';

/** What the lookup of an API key found: its caller, and what of the key decides whether it works at a moment. */
export interface KeyUse {
  readonly caller: Caller;
  readonly createdAt: string;
  /** Moved forward whenever the use is written to the database, so the requests that reuse this entry see it. */
  lastUsedAt: string | null;
  readonly isWebSession: boolean;
}

/** How long an authentication is reused before the key is looked up again. */
const TTL_MS = 60_000;
/** Enough for the busiest church; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  generation: number;
  at: number;
}

/**
 * Who a key belongs to and a person's scope grants, reused across requests (issue 21): the key lookup joined three
 * tables and the grants were a second statement, on every request. Each request reads one number instead, the
 * count of committed changes to keys, roles, grants and settings (migration 0017), and reuses an answer only if it
 * was loaded at that same count — so a revoked key, a role or scope taken back, or a lockout holds for the very
 * next request on every instance, with no signal to wait for.
 */
export class AuthCache {
  private readonly keys = new Map<string, Entry<KeyUse>>();
  private readonly grants = new Map<number, Entry<unknown>>();
  private nextGeneration: Promise<number> | undefined;

  /** `clock` measures the entries' lifetime: the service's injected one. */
  constructor(private readonly clock: Clock) {}

  /**
   * The count of committed changes, read by `load` once for every request that asks before the read starts (issue
   * 39 #4): under load, the requests that arrive in the same turn of the event loop share one statement instead of
   * sending one each, which was half the statements of a member's read. The read starts in the next turn, after the
   * last of them asked, so each still sees every change committed before it came.
   */
  generation(load: () => Promise<number>): Promise<number> {
    this.nextGeneration ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextGeneration = undefined;
      return load();
    });
    return this.nextGeneration;
  }

  /** The use of a key hash at `generation`, loaded by `load` unless kept; a refusal is never kept. */
  async key(keyHash: string, generation: number, load: () => Promise<KeyUse | undefined>): Promise<KeyUse | undefined> {
    return through(this.keys, keyHash, generation, load, this.clock);
  }

  /** A person's scope grants at `generation`, loaded by `load` unless kept. */
  async grantsOf<T>(personId: number, generation: number, load: () => Promise<T>): Promise<T> {
    return (await through(this.grants as Map<number, Entry<T>>, personId, generation, load, this.clock)) as T;
  }
}

async function through<K, T>(entries: Map<K, Entry<T>>, key: K, generation: number, load: () => Promise<T | undefined>, clock: Clock): Promise<T | undefined> {
  const kept = entries.get(key);
  if (kept && kept.generation === generation && clock.now().getTime() - kept.at < TTL_MS) return kept.value;
  const value = await load();
  entries.delete(key);
  if (value !== undefined) {
    entries.set(key, { value, generation, at: clock.now().getTime() });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return value;
}
