import type { Migration } from 'kysely';
import * as m0001 from './0001_create_foundation.js';
import * as m0002 from './0002_create_church_core.js';

/** Every migration, in order. A shipped migration is never edited; add a new file instead. */
export const migrations: Record<string, Migration> = {
  '0001_create_foundation': m0001,
  '0002_create_church_core': m0002,
};
