import autocannon from 'autocannon';
import type { CpuMeter, CpuMs } from './peer-cpu.js';

/** One figure of issue 21: throughput, latency and the CPU each answered request cost. */
export interface ServingFigure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Service and database CPU over the load, divided by the answered requests. */
  cpuMsPerRequest: number;
  cpuMs: CpuMs;
  requests: number;
  statusCounts: Record<string, number>;
  errors: number;
}

/** A request of the rotation: what autocannon's `setupRequest` sets on the i-th request sent. */
export type Rotation = (i: number) => { path: string; key?: string; method?: 'GET' | 'POST'; body?: unknown };

export interface LoadOptions {
  baseUrl: string;
  /** The Host header of every request: an instance of many churches answers each church at its own host name. */
  host?: string;
  connections: number;
  rotation: Rotation;
  /** Duration in seconds, or when `amount` is set the most it may take. */
  seconds: number;
  amount?: number;
}

/** autocannon's result and the seconds from the start to the last answer (its own duration runs on to its next 1 s tick). */
function run(options: LoadOptions): Promise<{ result: autocannon.Result; seconds: number }> {
  let sent = 0;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url: options.baseUrl,
      connections: options.connections,
      ...(options.amount === undefined ? { duration: options.seconds } : { amount: options.amount }),
      ...(options.host === undefined ? {} : { headers: { host: options.host } }),
      requests: [{
        setupRequest(request) {
          const { path, key, method = 'GET', body } = options.rotation(sent++);
          const json = body === undefined ? {} : { 'content-type': 'application/json' };
          return { ...request, method, path, headers: { ...request.headers, ...json, ...(key === undefined ? {} : { 'x-api-key': key }) }, body: body === undefined ? undefined : JSON.stringify(body) };
        },
      }],
    }, (error, result) => {
      clearTimeout(cap);
      if (error) reject(error);
      else resolve({ result, seconds: (lastAnswerAt - startedAt) / 1000 });
    });
    instance.on('response', () => (lastAnswerAt = performance.now()));
    // autocannon ignores the duration when given an amount: a slow route must not keep the run going for minutes.
    const cap = setTimeout(() => instance.stop(), options.seconds * 1000);
  });
}

/** A short unmeasured run of the same rotation, so that the measured one starts on warm code and caches. */
export async function warmUp(options: LoadOptions): Promise<void> {
  await run({ ...options, amount: options.connections * 10 });
}

export async function measure(options: LoadOptions, cpu: CpuMeter): Promise<ServingFigure> {
  const meter = await cpu.start();
  const { result, seconds } = await run(options);
  const cpuMs = await meter.stop();
  const statusCounts: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = count ?? 0;
  const requests = result.requests.total;
  const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
  return {
    requestsPerSecond: Math.round(requests / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: round((cpuMs.service + cpuMs.database) / requests, 2),
    cpuMs: { service: Math.round(cpuMs.service), database: cpuMs.database, allPostgres: cpuMs.allPostgres },
    requests,
    statusCounts,
    errors: result.errors + result.timeouts,
  };
}
