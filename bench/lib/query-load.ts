import { CpuMeter } from './peer-cpu.js';

export interface QueryFigures { queriesPerSecond: number; cpuMsPerQuery: number; p99Ms: number }

/**
 * Runs `query` from `workers` loops at once for `seconds`, after `warmUps` calls one after another; answers queries
 * per second, CPU milliseconds per query (this process plus the server's sessions of `database`) and the p99 latency.
 * The data layer's benchmarks (bench/drivers.ts, bench/church-schemas.ts) measure their reads with it.
 */
export async function loadQueries(query: (i: number) => Promise<unknown>, options: {
  workers: number; seconds: number; warmUps: number; server: { url: string; database: string };
}): Promise<QueryFigures> {
  for (let i = 0; i < options.warmUps; i++) await query(i);
  const meter = await new CpuMeter(process.pid, options.server).start();
  const deadline = performance.now() + options.seconds * 1000;
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: options.workers }, async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await query(next++);
      latencies.push(performance.now() - started);
    }
  }));
  const cpu = await meter.stop();
  latencies.sort((a, b) => a - b);
  return {
    queriesPerSecond: Math.round(latencies.length / options.seconds),
    cpuMsPerQuery: Math.round(((cpu.service + cpu.database) / latencies.length) * 100) / 100,
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] * 10) / 10,
  };
}
