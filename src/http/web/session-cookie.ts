import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's sign-in: its API key lives in an HttpOnly cookie that page scripts cannot read. A cookie is
 * sent by the browser on any request to us, so the access hook only accepts it together with this header,
 * which a cross-site form or image cannot add and a cross-site script cannot send without a CORS preflight
 * that we never grant.
 */
export const SESSION_COOKIE = 'vms_session';
export const CSRF_HEADER = 'x-vms-csrf';

/** The API key of a request: the `x-api-key` header, else the session cookie when the CSRF header comes with it. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  return hasCsrfHeader(request) ? request.cookies[SESSION_COOKIE] : undefined;
}

/**
 * The API key of a request for one of the web app's pages (`config.access: 'page'`): the session cookie is
 * enough there. A browser's navigation cannot add the CSRF header, and the page is a GET that changes nothing
 * and answers the app's HTML, the same for everyone, or a redirect; a cross-site page that makes a browser load
 * it learns nothing, since it cannot read the answer. API routes keep asking for the header (apiKeyOf).
 */
export function pageKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  return request.cookies[SESSION_COOKIE];
}

export function hasCsrfHeader(request: FastifyRequest): boolean {
  return request.headers[CSRF_HEADER] === '1';
}

/** Sets the sign-in's cookie, kept by the browser `maxAgeSeconds` (the server ends an idle sign-in sooner). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, apiKey: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, apiKey, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/' });
}
