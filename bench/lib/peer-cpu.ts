import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/** Milliseconds of CPU per clock tick (`getconf CLK_TCK`, normally 100 ticks a second). */
const MS_PER_TICK = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** utime + stime of a process and all its threads (fields 14 and 15 of /proc/<pid>/stat), in ms; undefined once it ended. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: field 3 is index 0.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}

function postgresPids(): number[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

export interface CpuMs {
  service: number;
  /** The server's processes less the sessions of other databases; 0 on PGlite, which runs inside the service. */
  database: number;
  /** Every `postgres` process, other databases' sessions included (other work on this machine shares the server). */
  allPostgres: number;
}

type Snapshot = { service: number; postgres: Map<number, number>; foreign: Set<number> };

/**
 * CPU spent between `start()` and `stop()` by the service process and, on a PostgreSQL server, by the server's
 * processes. The sessions of other databases are told apart by pg_stat_activity (read before and after), so
 * that tests running elsewhere on the same server are not charged to the service. Backends that start during
 * the load count from zero; those that end during it are lost (the service's pool keeps its connections).
 */
export class CpuMeter {
  constructor(private readonly servicePid: number, private readonly server?: { url: string; database: string }) {}

  private async foreignSessions(): Promise<Set<number>> {
    if (!this.server) return new Set();
    const client = new pg.Client({ connectionString: this.server.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname is not null and datname <> $1', [this.server.database]);
      return new Set(rows.map((row) => row.pid));
    } finally {
      await client.end();
    }
  }

  private async snapshot(): Promise<Snapshot> {
    const foreign = await this.foreignSessions();
    const postgres = new Map<number, number>();
    if (this.server) for (const pid of postgresPids()) postgres.set(pid, cpuMsOf(pid) ?? 0);
    return { service: cpuMsOf(this.servicePid)!, postgres, foreign };
  }

  /** Starts measuring; the answer's `stop()` answers the CPU spent meanwhile. */
  async start(): Promise<{ stop(): Promise<CpuMs> }> {
    const before = await this.snapshot();
    return {
      stop: async () => {
        const after = await this.snapshot();
        let database = 0;
        let allPostgres = 0;
        for (const [pid, ms] of after.postgres) {
          const spent = ms - (before.postgres.get(pid) ?? 0);
          allPostgres += spent;
          if (!before.foreign.has(pid) && !after.foreign.has(pid)) database += spent;
        }
        return { service: after.service - before.service, database: Math.round(database), allPostgres: Math.round(allPostgres) };
      },
    };
  }
}
