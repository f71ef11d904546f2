import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from './template.js';
import { startArguments } from '../../scripts/start-command.mjs';

/**
 * The real service started the way `npm start` starts it, talked to over TCP. On the PostgreSQL pass
 * (TEST_DATABASE_URL) it gets a new empty database on that server; otherwise an embedded one in a new
 * temporary DATA_DIR.
 */
export const serverUrl = process.env.TEST_DATABASE_URL;
export const READY = 'Volunteer Ministry Service is ready';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the service as `npm start` does; `prefix` runs it under another command (`unshare --pid …`). */
export function spawnService(env: Record<string, string>, prefix: string[] = []): Promise<Running> {
  return freePort().then((port) => {
    const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), PORT: String(port), LOG_LEVEL: 'info', ...env };
    delete childEnv.TEST_DATABASE_URL;
    const [command, ...args] = [...prefix, process.execPath, ...startArguments()];
    const child = spawn(command, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, port, output: () => output, exited };
  });
}

/**
 * Resolves with the milliseconds it took once the service says it is ready, and rejects if it exits first. No
 * deadline of its own: a slow, loaded machine is bounded only by the calling test's timeout.
 */
export function waitForReady(service: Running): Promise<number> {
  const started = performance.now();
  const { child } = service;
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      child.off('exit', exited);
      outcome();
    };
    // Registered after spawnService's listeners, so the chunk that says "ready" is already in the output.
    const check = () => {
      if (service.output().includes(READY)) settle(() => resolve(Math.round(performance.now() - started)));
    };
    const exited = () => settle(() => reject(new Error(`service exited early:\n${service.output()}`)));
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null) exited();
    else check();
  });
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh place for one service's data: a temporary directory, or a new database on the server. */
export async function newServiceStorage(name: string): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vms-${name}-`));
  // The name may hold characters a database identifier cannot (`answer-link`).
  const databaseName = `vms_${name.replace(/\W/g, '_')}_${process.pid}`;
  if (serverUrl) await adminQuery(`create database ${databaseName} template template0`);
  return {
    env: { DATA_DIR: dataDir, ...(serverUrl && { DATABASE_URL: withDatabase(serverUrl, databaseName) }) },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl) await adminQuery(`drop database if exists ${databaseName} with (force)`);
    },
  };
}

/** A started service on fresh storage, ready to answer; `stop` ends it and removes its data. */
export async function startServiceProcess(name: string, env: Record<string, string> = {}) {
  const storage = await newServiceStorage(name);
  const service = await spawnService({ ...storage.env, ...env });
  try {
    await waitForReady(service);
  } catch (error) {
    service.child.kill('SIGKILL');
    await storage.remove();
    throw error;
  }
  return {
    ...service,
    base: `http://127.0.0.1:${service.port}`,
    async stop() {
      if (service.child.exitCode === null) {
        service.child.kill('SIGTERM');
        await service.exited;
      }
      await storage.remove();
    },
  };
}
