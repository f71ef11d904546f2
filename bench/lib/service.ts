import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { startArguments } from '../../scripts/start-command.mjs';
import { call } from './http.js';

/** Where the service under test keeps its data: an embedded data directory or a PostgreSQL database. */
export type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RunningService {
  readonly baseUrl: string;
  readonly pid: number;
  /** Milliseconds from spawning the process until `/healthz` answered 200. */
  readonly readyMs: number;
  /** The process's resident set size now, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Resident set size of a process from /proc, in MiB (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/**
 * Starts the service as `npm start` does (`node` with the start script's arguments: the pid is the server's own) and waits
 * until `/healthz` answers 200, asked at `host` when given (an instance of many churches answers no other host).
 * `nodeFlags` are added to node's own (a larger heap for many churches).
 */
export async function startService(target: Target, extraEnv: Record<string, string> = {}, host?: string, nodeFlags: string[] = []): Promise<RunningService> {
  const port = await freePort();
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: String(port), LOG_LEVEL: 'warn', ...extraEnv };
  delete env.DATABASE_URL;
  if (target.kind === 'pglite') env.DATA_DIR = target.dataDir;
  else env.DATABASE_URL = target.url;
  const startedAt = performance.now();
  // Node's flags go before the script; a flag given twice counts as the last one given.
  const args = startArguments();
  const child = spawn(process.execPath, [...args.slice(0, -1), ...nodeFlags, ...args.slice(-1)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const readyMs = await waitForHealth(baseUrl, host, child, () => errors, startedAt);
  return {
    baseUrl,
    pid: child.pid!,
    readyMs,
    rssMiB: () => rssOf(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForHealth(baseUrl: string, host: string | undefined, child: ChildProcess, errors: () => string, startedAt: number): Promise<number> {
  const deadline = startedAt + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited while starting:\n${errors()}`);
    try {
      await call(baseUrl, 'GET', '/healthz', { host });
      return Math.round(performance.now() - startedAt);
    } catch {
      // Not listening yet, or not ready.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`The service did not answer /healthz within two minutes:\n${errors()}`);
}

/** Samples a process's RSS every 250 ms until stopped; answers the peak in MiB. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // The process ended.
    }
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
