import type { InjectOptions } from 'fastify';
import { buildApp, type App, type AppDeps } from '../../src/app.js';
import type { ScryptCost } from '../../src/domain/users/secrets.js';
import { TestClock } from './clock.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The body as sent, for answers that are not text (a compressed asset). */
  bytes: Buffer;
}

export interface RequestOptions {
  key?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * scrypt's cost in the apps tests build: 2^10 instead of the service's 2^17. At the service's cost the suite's
 * two hundred password hashes and sign-ins took about a minute of CPU; what they prove (a hash, not the
 * password, is stored; a weaker hash is replaced; sign-in checks it) holds at any cost. The service's own cost
 * is proven where the real `npm start` runs (tests/process/startup.test.ts).
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** A built app on a fresh database, with a movable clock; requests go through Fastify's inject (full HTTP stack). */
export interface TestServer {
  app: App;
  database: TestDatabase;
  clock: TestClock;
  request<T = any>(method: InjectOptions['method'], url: string, options?: RequestOptions): Promise<Answer<T>>;
  get<T = any>(url: string, options?: RequestOptions): Promise<Answer<T>>;
  post<T = any>(url: string, body?: unknown, options?: RequestOptions): Promise<Answer<T>>;
  put<T = any>(url: string, body?: unknown, options?: RequestOptions): Promise<Answer<T>>;
  delete<T = any>(url: string, options?: RequestOptions): Promise<Answer<T>>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: Pick<AppDeps, 'trustProxy' | 'metricsToken' | 'logger' | 'webRoot'> & { clock?: TestClock } = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const clock = options.clock ?? new TestClock();
  const app = await buildApp({
    database, clock, passwordCost: TEST_PASSWORD_COST, logger: options.logger ?? false, trustProxy: options.trustProxy, metricsToken: options.metricsToken, webRoot: options.webRoot,
  });

  async function request<T>(method: InjectOptions['method'], url: string, opts: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key !== undefined) headers['x-api-key'] = opts.key;
    const response = await app.http.inject({
      method,
      url,
      query: opts.query,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
    });
    let body: unknown = response.body;
    if (String(response.headers['content-type'] ?? '').includes('application/json') && response.body !== '') {
      body = response.json();
    }
    return { status: response.statusCode, body: body as T, headers: response.headers, text: response.body, bytes: response.rawPayload };
  }

  return {
    app,
    database,
    clock,
    request,
    get: (url, opts) => request('GET', url, opts),
    post: (url, body, opts) => request('POST', url, { ...opts, body }),
    put: (url, body, opts) => request('PUT', url, { ...opts, body }),
    delete: (url, opts) => request('DELETE', url, opts),
    async close() {
      await app.http.close();
      await database.close();
    },
  };
}
