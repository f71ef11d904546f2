import type { Kysely } from 'kysely';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { DB } from '../db/schema.js';

/**
 * What a use-case service stands on: the root database handle, to open transactions on, and the repositories
 * built on it. Inside a transaction callback use the callback's repositories: these would escape it.
 */
export abstract class DatabaseService {
  // Built once: the repositories hold nothing but the handle, and building all of them costs a few hundred
  // closures, which every request paid when each use built them again.
  private rootRepos: Repositories | undefined;

  constructor(protected readonly db: Kysely<DB>) {}

  protected get repos(): Repositories {
    return (this.rootRepos ??= createRepositories(this.db));
  }
}
