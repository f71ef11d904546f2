import createClient from 'openapi-fetch';
import type { paths } from './schema';

/**
 * The typed client of our own API (types generated from /api/openapi.json). The key is the HttpOnly session
 * cookie the browser sends by itself; the header is the CSRF guard the service asks for with it.
 */
export const api = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  headers: { 'x-vms-csrf': '1' },
});

/** A refused call, with the service's canonical `message` and the whole error body (some errors add keys). */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly body: Record<string, unknown> = {}) {
    super(message);
  }
}

function messageOf(error: unknown, response: Response): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return response.statusText || `HTTP ${response.status}`;
}

/** The answer's body, or an ApiError carrying the service's message. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, messageOf(error, response), error && typeof error === 'object' ? { ...error } : {});
  return data as T;
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** One page of a list and how many rows there are in all. */
/**
 * For a staff read that other people change while it is on screen (a volunteer declines, a colleague assigns):
 * read again whenever the window regains focus, however fresh the copy, not only once it is 30 s old.
 */
export const REFRESH_ON_FOCUS = { refetchOnWindowFocus: 'always' } as const;

export interface Page<T> { rows: T[]; total: number }

/** The rows of one list page and their total, from the answer's X-Total-Count header. */
export async function okPage<T>(call: Promise<{ data?: T[]; error?: unknown; response: Response }>): Promise<Page<T>> {
  const answer = await call;
  const rows = await ok(Promise.resolve(answer));
  return { rows, total: Number(answer.response.headers.get('X-Total-Count') ?? rows.length) };
}

/** Which field a refusal is about, from the service's message; `undefined` when it names none. */
export function fieldOf<F extends string>(error: unknown, rules: ReadonlyArray<readonly [RegExp, F]>): F | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return rules.find(([pattern]) => pattern.test(error.message))?.[1];
}
