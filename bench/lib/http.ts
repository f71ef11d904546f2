import autocannon from 'autocannon';

/** A JSON request against the running service; throws unless it answers `expected`. */
export async function call<T = any>(baseUrl: string, method: string, url: string, options: { key?: string; body?: unknown; expected?: number } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.key) headers['x-api-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${baseUrl}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await answer.text();
  if (answer.status !== (options.expected ?? 200)) throw new Error(`${method} ${url} answered ${answer.status}: ${text.slice(0, 300)}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** An API key for `userName` (POST /api/public/user/login). */
export async function login(baseUrl: string, userName: string, password: string): Promise<string> {
  const answer = await call<{ apiKey: string }>(baseUrl, 'POST', '/api/public/user/login', { body: { userName, password } });
  return answer.apiKey;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  samples: number;
}

/** Percentile of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Latency of one request repeated one at a time (after a warm-up), in milliseconds. */
export async function latencyOf(baseUrl: string, url: string, key: string, samples = 200): Promise<Latency> {
  for (let i = 0; i < 10; i++) await call(baseUrl, 'GET', url, { key });
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await call(baseUrl, 'GET', url, { key });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), samples };
}

export interface Throughput {
  requestsPerSecond: number;
  statusCounts: Record<string, number>;
  errors: number;
}

/** Runs autocannon and answers requests per second (all answered requests) and the count per status. */
export async function load(options: autocannon.Options): Promise<Throughput> {
  const result = await autocannon({ ...options });
  const statusCounts: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = count ?? 0;
  return { requestsPerSecond: Math.round(result.requests.average), statusCounts, errors: result.errors + result.timeouts };
}
