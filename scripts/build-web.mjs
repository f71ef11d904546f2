/**
 * Builds the web app (web/) with Vite into `.cache/web/<hash>/`, named by a hash of its sources and the
 * lockfile: an unchanged app starts without building, a changed one is rebuilt (a few seconds), and two
 * starts at once never serve a half-written folder. Its assets get brotli and gzip copies (scripts/compress-assets.mjs),
 * and the sign-in page is drawn ahead into `sign-in.<language>.html` (see prerenderSignIn). Answers the folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compressAssets } from './compress-assets.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webDir = path.join(root, 'web');
const sharedDir = path.join(root, 'src', 'shared');
const outRoot = path.join(root, '.cache', 'web');
// The generated API types are for the type check only; the build strips types.
const IGNORED = new Set(['schema.d.ts']);
const KEEP_BUILDS = 3;

function sourcesHash() {
  const hash = crypto.createHash('sha256')
    .update(fs.readFileSync(fileURLToPath(import.meta.url)))
    .update(fs.readFileSync(fileURLToPath(new URL('./compress-assets.mjs', import.meta.url))))
    .update(fs.readFileSync(path.join(root, 'package-lock.json')));
  const files = fs.readdirSync(webDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !IGNORED.has(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(webDir, file)).update(fs.readFileSync(file));
  // The app bundles src/shared too, which imports nothing else (tests/domain/layering.test.ts).
  const shared = fs.readdirSync(sharedDir).map((name) => path.join(sharedDir, name)).sort();
  for (const file of shared) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export async function ensureWebBuild({ log = console.log } = {}) {
  const name = sourcesHash();
  const outDir = path.join(outRoot, name);
  if (fs.existsSync(path.join(outDir, 'index.html'))) {
    // Marked as used, so the pruning below keeps the builds that instances run now.
    const now = new Date();
    fs.utimesSync(outDir, now, now);
    return outDir;
  }
  const startedAt = performance.now();
  const partial = `${outDir}.${process.pid}.tmp`;
  const { build } = await import('vite');
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: partial, emptyOutDir: true },
  });
  await prerenderSignIn(build, partial);
  await compressAssets(path.join(partial, 'assets'));
  try {
    fs.renameSync(partial, outDir);
  } catch (error) {
    // Another start built the same sources first.
    if (!fs.existsSync(path.join(outDir, 'index.html'))) throw error;
    fs.rmSync(partial, { recursive: true, force: true });
  }
  // An instance still running an older build serves its pages from its folder: keep the newest few.
  const builds = fs.readdirSync(outRoot)
    .filter((entry) => !entry.includes('.tmp'))
    .map((entry) => ({ entry, at: fs.statSync(path.join(outRoot, entry)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { entry } of builds.slice(KEEP_BUILDS)) fs.rmSync(path.join(outRoot, entry), { recursive: true, force: true });
  log(`Built the web app in ${Math.round(performance.now() - startedAt)} ms`);
  return outDir;
}

/**
 * Writes the sign-in page already drawn, one file per language, beside index.html: the service sends it for
 * `/sign-in`, so a phone shows the form once the HTML and the styles have come, without waiting for the scripts,
 * which then take the page over (web/src/main.tsx). The app's own components draw it, in Node (web/src/prerender.tsx).
 */
async function prerenderSignIn(build, outDir) {
  const serverDir = `${outDir}.prerender`;
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: path.join(webDir, 'src', 'prerender.tsx'), outDir: serverDir, emptyOutDir: true },
  });
  try {
    const { renderSignIn, LANGUAGES } = await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href);
    const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    for (const language of Object.keys(LANGUAGES)) {
      const page = shell
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
        .replace('<div id="root"></div>', `<div id="root" data-language="${language}">${await renderSignIn(language)}</div>`);
      fs.writeFileSync(path.join(outDir, `sign-in.${language}.html`), page);
    }
  } finally {
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await ensureWebBuild());
}
