import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from './seeded.js';
import { startService, type Target } from './service.js';

const RUNS = 3;

/**
 * Cold start: from spawning the service on an empty data directory (or an empty PostgreSQL database) until
 * `/healthz` answers 200, three times; and the resident memory right after the last start.
 */
export async function coldStart(kind: 'pglite' | 'postgres', serverUrl: string | undefined): Promise<{ readyMs: number[]; rssMiB: number }> {
  const readyMs: number[] = [];
  let rssMiB = 0;
  for (let run = 0; run < RUNS; run++) {
    const { target, cleanUp } = await emptyTarget(kind, serverUrl);
    try {
      const service = await startService(target);
      readyMs.push(service.readyMs);
      rssMiB = service.rssMiB();
      await service.stop();
    } finally {
      await cleanUp();
    }
  }
  return { readyMs, rssMiB };
}

async function emptyTarget(kind: 'pglite' | 'postgres', serverUrl: string | undefined): Promise<{ target: Target; cleanUp: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-cold-'));
    return { target: { kind, dataDir }, cleanUp: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = 'vms_bench_cold';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return { target: { kind, url: withDatabase(serverUrl!, name) }, cleanUp: () => admin(`drop database if exists ${name} with (force)`) };
}
