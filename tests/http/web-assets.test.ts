import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { compressAssets } from '../../scripts/compress-assets.mjs';
import { setUp, useServer } from '../kit/index.js';

/*
 * A stand-in build, compressed by the step `npm start`'s build runs (building the real app with Vite would cost
 * this file most of its time): a script the size of one of the app's chunks.
 */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-web-assets-'));
const assets = path.join(webRoot, 'assets');
fs.mkdirSync(assets);
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Volunteer schedule</title></head><body><div id="root"></div></body></html>');
// The sign-in page as the build draws it ahead, in each language (scripts/build-web.mjs).
const signInPage = (language: string, title: string) => `<!doctype html><html lang="${language}"><body><div id="root" data-language="${language}"><h1>${title}</h1></div></body></html>`;
fs.writeFileSync(path.join(webRoot, 'sign-in.en.html'), signInPage('en', 'Sign in'));
fs.writeFileSync(path.join(webRoot, 'sign-in.es.html'), signInPage('es', 'Iniciar sesión'));
const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const label${i} = { en: 'Position ${i}', es: 'Puesto ${i}' };\n`).join(''));
fs.writeFileSync(path.join(assets, 'index-abc123.js'), script);
setUp(() => compressAssets(assets));
after(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const server = useServer({ webRoot });

const fetchAsset = (name: string, acceptEncoding?: string) =>
  server.get(`/assets/${name}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** What every encoding of a content-named file carries: a cache shared by readers of other encodings keeps them apart. */
function assertCacheHeaders(headers: Record<string, unknown>) {
  assert.match(String(headers.vary), /accept-encoding/i);
  assert.match(String(headers['cache-control']), /max-age=31536000, immutable/);
}

describe('GET /assets/*', () => {
  it('sends the brotli copy to a browser that accepts br, and it unpacks to the file', async () => {
    const answer = await fetchAsset('index-abc123.js', 'gzip, deflate, br');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.match(String(answer.headers['content-type']), /javascript/);
    assertCacheHeaders(answer.headers);
    assert.ok(answer.bytes.length < script.length / 4, `${answer.bytes.length} bytes of ${script.length}`);
    assert.deepEqual(zlib.brotliDecompressSync(answer.bytes), script);
  });

  it('sends the gzip copy to a client that accepts gzip only, and it unpacks to the file', async () => {
    const answer = await fetchAsset('index-abc123.js', 'gzip');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assertCacheHeaders(answer.headers);
    assert.deepEqual(zlib.gunzipSync(answer.bytes), script);
  });

  it('sends the file itself to a client that accepts no encoding, still saying it varies', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const answer = await fetchAsset('index-abc123.js', acceptEncoding);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], undefined);
      assertCacheHeaders(answer.headers);
      assert.deepEqual(answer.bytes, script);
    }
  });
});

describe('GET /sign-in from a browser', () => {
  const open = (path: string, headers: Record<string, string> = {}) => server.get(path, { headers: { accept: 'text/html', ...headers } });

  it('sends the page drawn in the language the browser chose (its cookie), else its first language, else English', async () => {
    for (const [headers, language] of [
      [{}, 'en'],
      [{ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'es'],
      [{ 'accept-language': 'en-US,es;q=0.5' }, 'en'],
      [{ 'accept-language': 'fr-FR,es;q=0.9' }, 'en'],
      [{ 'accept-language': 'en-US', cookie: 'vms-language=es' }, 'es'],
      [{ 'accept-language': 'es', cookie: 'vms-language=en' }, 'en'],
      [{ 'accept-language': 'es', cookie: 'vms-language=de' }, 'es'],
    ] as const) {
      const answer = await open('/sign-in?next=%2Fme', headers);
      assert.equal(answer.status, 200);
      assert.match(answer.text, new RegExp(`<html lang="${language}">`), JSON.stringify(headers));
      assert.match(String(answer.headers.vary), /cookie/i);
      assert.match(String(answer.headers.vary), /accept-language/i);
      assert.equal(answer.headers['cache-control'], 'no-cache');
      assert.ok(answer.headers['content-security-policy'], 'the page carries its headers');
    }
  });

  it('sends every other page the empty shell the app fills in', async () => {
    const answer = await open('/me', { cookie: 'vms-language=es' });
    assert.equal(answer.status, 200);
    assert.match(answer.text, /<div id="root"><\/div>/);
  });
});
