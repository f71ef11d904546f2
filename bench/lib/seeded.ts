import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Target } from './service.js';

/**
 * Seeded databases for the benchmark. Seeding a large church takes minutes, so one seeded copy per scale is
 * kept (bench/.cache for PGlite, a template database on the server) and every run works on a fresh copy of
 * it. A copy is re-seeded when the seed script or the migrations change.
 */
const CACHE = path.resolve('bench/.cache');

/** A hash of everything that shapes the seeded data. */
function fingerprint(scale: number): string {
  const files = ['scripts/seed.ts', ...listFiles('scripts/seed'), ...listFiles('src/db/migrations')].filter((f) => fs.existsSync(f)).sort();
  const hash = crypto.createHash('sha256').update(String(scale));
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function seed(scale: number, env: Record<string, string>): void {
  console.log(`bench: seeding a church at scale ${scale} (once per scale; later runs reuse it)`);
  // The target is named by `env` alone: the bench's own DATABASE_URL must not make an embedded seed land on the server.
  const base = { ...(process.env as Record<string, string>) };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--scale', String(scale)], {
    env: { ...base, LOG_LEVEL: 'warn', ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`Seeding failed (exit ${result.status})`);
}

/** A fresh copy of the seeded embedded database in `runDir`. */
export function pgliteCopy(scale: number, runDir: string): Target {
  const seeded = path.join(CACHE, `pglite-scale-${scale}`);
  const marker = path.join(seeded, 'seeded.txt');
  const expected = fingerprint(scale);
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== expected) {
    fs.rmSync(seeded, { recursive: true, force: true });
    seed(scale, { DATA_DIR: seeded });
    fs.writeFileSync(marker, expected);
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.cpSync(seeded, runDir, { recursive: true });
  return { kind: 'pglite', dataDir: runDir };
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh database `runName` on the server, copied from a seeded template database (`seededName`: a script that
 * must not share the main bench's copy names its own).
 */
export async function postgresCopy(serverUrl: string, scale: number, runName: string, seededName = `vms_bench_seed_${String(scale).replace(/\W/g, '_')}`): Promise<Target> {
  const expected = fingerprint(scale);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      'select shobj_description(oid, \'pg_database\') as comment from pg_database where datname = $1', [seededName]);
    if (found.rows[0]?.comment !== expected) {
      await admin.query(`drop database if exists ${seededName} with (force)`);
      await admin.query(`create database ${seededName}`);
      seed(scale, { DATABASE_URL: withDatabase(serverUrl, seededName) });
      await admin.query(`comment on database ${seededName} is '${expected}'`);
    }
    await admin.query(`drop database if exists ${runName} with (force)`);
    await admin.query(`create database ${runName} template ${seededName}`);
  } finally {
    await admin.end();
  }
  return { kind: 'postgres', url: withDatabase(serverUrl, runName) };
}

export async function dropPostgres(serverUrl: string, runName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${runName} with (force)`);
  } finally {
    await admin.end();
  }
}
