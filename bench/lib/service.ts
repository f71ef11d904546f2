import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { startArguments } from '../../scripts/start-command.mjs';

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
 * until `/healthz` answers 200.
 */
export async function startService(target: Target, extraEnv: Record<string, string> = {}): Promise<RunningService> {
  const port = await freePort();
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: String(port), LOG_LEVEL: 'warn', ...extraEnv };
  delete env.DATABASE_URL;
  if (target.kind === 'pglite') env.DATA_DIR = target.dataDir;
  else env.DATABASE_URL = target.url;
  const startedAt = performance.now();
  const child = spawn(process.execPath, startArguments(), { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const readyMs = await waitForHealth(baseUrl, child, () => errors, startedAt);
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

async function waitForHealth(baseUrl: string, child: ChildProcess, errors: () => string, startedAt: number): Promise<number> {
  const deadline = startedAt + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited while starting:\n${errors()}`);
    try {
      const answer = await fetch(`${baseUrl}/healthz`);
      if (answer.status === 200) return Math.round(performance.now() - startedAt);
    } catch {
      // Not listening yet.
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
