import type { InjectOptions } from 'fastify';
import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { TestClock } from './clock.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface RequestOptions {
  key?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

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
    database, clock, logger: options.logger ?? false, trustProxy: options.trustProxy, metricsToken: options.metricsToken, webRoot: options.webRoot,
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
    return { status: response.statusCode, body: body as T, headers: response.headers, text: response.body };
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
