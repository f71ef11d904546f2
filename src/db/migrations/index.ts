import type { Migration } from 'kysely';
import * as m0001 from './0001_create_foundation.js';

/** Every migration, in order. A shipped migration is never edited; add a new file instead. */
export const migrations: Record<string, Migration> = {
  '0001_create_foundation': m0001,
};
