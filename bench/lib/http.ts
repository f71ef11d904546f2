import http from 'node:http';
import autocannon from 'autocannon';

/**
 * A JSON request against the running service; throws unless it answers `expected`. `host` is the Host header to
 * send: an instance of many churches answers each church at its own host name only.
 */
export async function call<T = any>(baseUrl: string, method: string, url: string, options: { key?: string; body?: unknown; expected?: number; host?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.key) headers['x-api-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const { status, text } = await send(`${baseUrl}${url}`, method, headers, body, options.host);
  if (status !== (options.expected ?? 200)) throw new Error(`${method} ${url} answered ${status}: ${text.slice(0, 300)}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * fetch, or node:http when a Host header is asked for: fetch sends the URL's host whatever it is given. The others
 * keep fetch, so that latencies measured with it still compare with earlier runs.
 */
async function send(url: string, method: string, headers: Record<string, string>, body: string | undefined, host: string | undefined): Promise<{ status: number; text: string }> {
  if (host === undefined) {
    const answer = await fetch(url, { method, headers, body });
    return { status: answer.status, text: await answer.text() };
  }
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...headers, host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** An API key for `userName` (POST /api/public/user/login), signed in at `host` when given. */
export async function login(baseUrl: string, userName: string, password: string, host?: string): Promise<string> {
  const answer = await call<{ apiKey: string }>(baseUrl, 'POST', '/api/public/user/login', { body: { userName, password }, host });
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
