import type { Repositories } from '../../src/db/repositories/index.js';
import type { Caller } from '../../src/domain/access/caller.js';
import type { VolunteerActor } from '../../src/domain/access/volunteer-access.js';
import type { Services } from '../../src/domain/services.js';
import type { SeedPlan } from './plan.js';
import type { MovableClock, Progress, Random } from './support.js';

/** What every seed step works with. */
export interface SeedContext {
  services: Services;
  /** Reads only (lookups); every write goes through `services`. */
  repos: Repositories;
  admin: Caller;
  /** The administrator as a volunteer-area actor: authority over every ministry. */
  actor: VolunteerActor;
  clock: MovableClock;
  progress: Progress;
  plan: SeedPlan;
  random: Random;
  /** Service calls in flight at once: a few on PostgreSQL; one on PGlite, which has a single session anyway. */
  parallelism: number;
}
