import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Target } from './service.js';

/**
 * Seeded databases for the benchmarks. Seeding a church takes minutes, so one seeded copy per recipe (a scale,
 * or the peer's shape) is kept (bench/.cache for PGlite, a template database on the server) and every run works
 * on a fresh copy of it. A copy is re-seeded when what shapes it (its seed code, the migrations) changes.
 */
const CACHE = path.resolve('bench/.cache');

/** How one seeded church is kept: what makes a kept copy stale, where it is kept, and how it is seeded. */
export interface SeedRecipe {
  /** Files whose change makes a kept copy stale (the migrations are always among them). */
  inputs: readonly string[];
  /** Anything else that shapes the data (the scale). */
  salt?: string;
  pgliteDir: string;
  postgresName: string;
  /** Seeds an empty database, named by `env` (DATA_DIR or DATABASE_URL). */
  seed(env: { DATA_DIR: string } | { DATABASE_URL: string }): Promise<void>;
}

/** A hash of everything that shapes the seeded data. */
function fingerprint(recipe: SeedRecipe): string {
  const files = [...recipe.inputs.flatMap(listFiles), ...listFiles('src/db/migrations')].sort();
  const hash = crypto.createHash('sha256').update(recipe.salt ?? '');
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The file itself, or every file below a directory. */
function listFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return [entry];
  return fs.readdirSync(entry, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The seconds `work` took, to a tenth. */
async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return Math.round((performance.now() - started) / 100) / 10;
}

/** A church at `scale`, seeded by `npm run seed` in a process of its own. */
export function scaleRecipe(scale: number, postgresName = `vms_bench_seed_${String(scale).replace(/\W/g, '_')}`): SeedRecipe {
  return {
    inputs: ['scripts/seed.ts', 'scripts/seed'],
    salt: String(scale),
    pgliteDir: path.join(CACHE, `pglite-scale-${scale}`),
    postgresName,
    async seed(env) {
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
    },
  };
}

/** A fresh copy of the recipe's church in `runDir`, on the embedded database. */
export async function pgliteCopy(recipe: SeedRecipe, runDir: string): Promise<{ target: Target; seedSeconds: number | null }> {
  const marker = path.join(recipe.pgliteDir, 'seeded.txt');
  const expected = fingerprint(recipe);
  let seedSeconds: number | null = null;
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== expected) {
    fs.rmSync(recipe.pgliteDir, { recursive: true, force: true });
    seedSeconds = await timed(() => recipe.seed({ DATA_DIR: recipe.pgliteDir }));
    fs.writeFileSync(marker, expected);
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.cpSync(recipe.pgliteDir, runDir, { recursive: true });
  return { target: { kind: 'pglite', dataDir: runDir }, seedSeconds };
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh database `runName` on the server, copied from the recipe's seeded template database. */
export async function postgresCopy(recipe: SeedRecipe, serverUrl: string, runName: string): Promise<{ target: Target; seedSeconds: number | null }> {
  const expected = fingerprint(recipe);
  const seededName = recipe.postgresName;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let seedSeconds: number | null = null;
  try {
    const found = await admin.query<{ comment: string | null }>(
      'select shobj_description(oid, \'pg_database\') as comment from pg_database where datname = $1', [seededName]);
    if (found.rows[0]?.comment !== expected) {
      await admin.query(`drop database if exists ${seededName} with (force)`);
      await admin.query(`create database ${seededName}`);
      seedSeconds = await timed(() => recipe.seed({ DATABASE_URL: withDatabase(serverUrl, seededName) }));
      await admin.query(`comment on database ${seededName} is '${expected}'`);
    }
    await admin.query(`drop database if exists ${runName} with (force)`);
    await admin.query(`create database ${runName} template ${seededName}`);
  } finally {
    await admin.end();
  }
  return { target: { kind: 'postgres', url: withDatabase(serverUrl, runName) }, seedSeconds };
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
