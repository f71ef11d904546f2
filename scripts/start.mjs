/**
 * `npm start`: runs src/main.ts from its bundle (scripts/bundle.mjs). The web app is built the same way
 * (scripts/build-web.mjs) unless WEB_ROOT names a build already.
 */
import { pathToFileURL } from 'node:url';
import { bundled } from './bundle.mjs';

const bundle = await bundled('src/main.ts');
if (!process.env.WEB_ROOT) {
  const { ensureWebBuild } = await import('./build-web.mjs');
  process.env.WEB_ROOT = await ensureWebBuild();
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
