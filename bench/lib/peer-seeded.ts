import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/db/database.js';
import { seedPeer } from './peer-seed.js';
import { withDatabase } from './seeded.js';
import type { Target } from './service.js';

/**
 * The seeded peer church, kept like the scale bench's (bench/lib/seeded.ts): a PGlite data directory under
 * bench/.cache and the template database `vms_peer_seed` on the server, copied for every run and seeded again
 * when the peer seed, the seed helpers it uses or the migrations change. The seed runs in this process.
 */
const CACHED = path.resolve('bench/.cache/pglite-peer');
const SEEDED = 'vms_peer_seed';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'changeme';

function fingerprint(): string {
  const files = ['bench/lib/peer-seed.ts', ...listFiles('scripts/seed'), ...listFiles('src/db/migrations')].sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Seeds `database` and closes it; answers the seconds it took. */
async function seedInto(database: Database): Promise<number> {
  console.log(`bench: seeding the peer church on ${database.kind} (once; later runs reuse it)`);
  const started = performance.now();
  try {
    await seedPeer(database, ADMIN_PASSWORD);
  } finally {
    await database.close();
  }
  return Math.round((performance.now() - started) / 100) / 10;
}

/** A fresh copy of the seeded church; `seedSeconds` is null when the cached one was used. */
export interface PeerCopy {
  target: Target;
  seedSeconds: number | null;
}

export async function peerPgliteCopy(runDir: string): Promise<PeerCopy> {
  const marker = path.join(CACHED, 'seeded.txt');
  const expected = fingerprint();
  let seedSeconds: number | null = null;
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== expected) {
    fs.rmSync(CACHED, { recursive: true, force: true });
    seedSeconds = await seedInto(await openPglite(CACHED));
    fs.writeFileSync(marker, expected);
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.cpSync(CACHED, runDir, { recursive: true });
  return { target: { kind: 'pglite', dataDir: runDir }, seedSeconds };
}

export async function peerPostgresCopy(serverUrl: string, runName: string): Promise<PeerCopy> {
  const expected = fingerprint();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let seedSeconds: number | null = null;
  try {
    const found = await admin.query<{ comment: string | null }>(
      'select shobj_description(oid, \'pg_database\') as comment from pg_database where datname = $1', [SEEDED]);
    if (found.rows[0]?.comment !== expected) {
      await admin.query(`drop database if exists ${SEEDED} with (force)`);
      await admin.query(`create database ${SEEDED}`);
      seedSeconds = await seedInto(openPostgres(withDatabase(serverUrl, SEEDED)));
      await admin.query(`comment on database ${SEEDED} is '${expected}'`);
    }
    await admin.query(`drop database if exists ${runName} with (force)`);
    await admin.query(`create database ${runName} template ${SEEDED}`);
  } finally {
    await admin.end();
  }
  return { target: { kind: 'postgres', url: withDatabase(serverUrl, runName) }, seedSeconds };
}
