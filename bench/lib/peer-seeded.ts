import path from 'node:path';
import { sql } from 'kysely';
import { openPglite, openPostgres } from '../../src/db/database.js';
import { seedPeer } from './peer-seed.js';
import type { SeedRecipe } from './seeded.js';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'changeme';

/**
 * The seeded peer church, kept like the scale bench's: a PGlite data directory under bench/.cache and the
 * template database `vms_peer_seed` on the server, seeded again when the peer seed, the seed helpers it uses
 * or the migrations change. The seed runs in this process.
 */
export const peerRecipe: SeedRecipe = {
  inputs: ['bench/lib/peer-seed.ts', 'bench/lib/peer-seeded.ts', 'scripts/seed'],
  pgliteDir: path.resolve('bench/.cache/pglite-peer'),
  postgresName: 'vms_peer_seed',
  async seed(env) {
    console.log('bench: seeding the peer church (once; later runs reuse it)');
    const database = 'DATA_DIR' in env ? await openPglite(env.DATA_DIR) : openPostgres(env.DATABASE_URL);
    try {
      await seedPeer(database, ADMIN_PASSWORD);
      // Without statistics the run right after a seed planned some reads badly: the staffing view measured 539
      // requests a second on PostgreSQL, 777 on the same church analyzed (and my assignments 1,138 against 1,355).
      await sql`vacuum analyze`.execute(database.db);
    } finally {
      await database.close();
    }
  },
};
