import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's pages are one HTML shell that the app's router fills in; its scripts and styles are
 * content-hashed files under `/assets/`, built by `npm start` (scripts/build-web.mjs).
 */
const API_PREFIXES = ['/api/', '/admin/api/'];

// The app loads only its own files and talks only to this service; nothing may frame it.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix's dialogs set inline styles (scroll lock, positioning).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Answers the app's page for a browser navigation outside the API; false when the request is not one. */
export type AppShell = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * The app's HTML, as built, and with the title of a page the service answers itself; and the sign-in page that the
 * build drew ahead in each of the app's languages (scripts/build-web.mjs), by language code.
 */
export interface ShellHtml {
  readonly plain: Buffer;
  titled(title: string): Buffer;
  readonly signIn: ReadonlyMap<string, Buffer>;
}

export function readShell(webRoot: string): ShellHtml {
  const plain = fs.readFileSync(path.join(webRoot, 'index.html'));
  const signIn = new Map<string, Buffer>();
  for (const file of fs.readdirSync(webRoot)) {
    const language = /^sign-in\.(\w+)\.html$/.exec(file)?.[1];
    if (language) signIn.set(language, fs.readFileSync(path.join(webRoot, file)));
  }
  return {
    plain,
    titled: (title) => Buffer.from(plain.toString('utf8').replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)),
    signIn,
  };
}

/** The web app's cookie of the reader's language (web/src/i18n), written by the app whenever it starts. */
const LANGUAGE_COOKIE = 'vms-language';

/**
 * The sign-in page in the language the app will choose once its script runs: the one this browser chose (its cookie),
 * else the browser's first language if the app has it, else English; so React takes the drawn page over unchanged.
 */
function signInPage(shell: ShellHtml, request: FastifyRequest): Buffer {
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  const browser = String(request.headers['accept-language'] ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
  return shell.signIn.get(chosen ?? '') ?? shell.signIn.get(browser) ?? shell.signIn.get('en') ?? shell.plain;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends the app's HTML with the headers every page carries. */
export function sendShell(reply: FastifyReply, html: Buffer): FastifyReply {
  return reply
    .code(200)
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    // Always asked again, so a new build's assets are picked up on the next visit.
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function appShell(shell: ShellHtml): AppShell {
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const urlPath = request.url.split('?')[0];
    if (urlPath === '/api' || urlPath === '/admin/api' || API_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) return false;
    if (!String(request.headers.accept ?? '').includes('text/html')) return false;
    if (urlPath === '/sign-in') sendShell(reply.header('vary', 'Cookie, Accept-Language'), signInPage(shell, request));
    else sendShell(reply, shell.plain);
    return true;
  };
}

/**
 * `/assets/*`: the built files, cached for a year because their names change with their content, and sent as the
 * brotli or gzip copy the build made (scripts/compress-assets.mjs) when the reader accepts one, with
 * `Vary: Accept-Encoding`.
 */
export async function registerWebAssets(app: FastifyInstance, webRoot: string): Promise<void> {
  const assets = path.join(webRoot, 'assets');
  await app.register(fastifyStatic, { root: assets, serve: false, preCompressed: true });
  app.get('/assets/*', {
    config: { access: 'public' },
    schema: { hide: true },
  }, (request: FastifyRequest<{ Params: { '*': string } }>, reply) =>
    reply.sendFile(request.params['*'], assets, { immutable: true, maxAge: 365 * 24 * 60 * 60 * 1000 }));
}
