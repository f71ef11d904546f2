/**
 * Bundles each test file, with the sources it imports, into one ES module under .cache/tests, so that
 * `node --test` runs them without a TypeScript loader. Measured on this 2-core machine: running a test
 * file through tsx costs about 1.5 s of CPU more than running its bundle (the loader thread transforms
 * and resolves every module of src/ again in each file's process), which across the suite's files was a
 * third of its CPU time. The whole build takes about a second. Packages stay external and load from
 * node_modules; source maps point failures back at the TypeScript (`node --enable-source-maps`).
 *
 * What `node --test` runs is written to `.cache/tests/run/`. The files of the directories whose tests run inside
 * the test process (domain, http, jobs) run several to a process: each share imports up to 16 of them, each inside
 * a `describe` named after the file, so that its hooks stay its own. Starting a process, loading the packages,
 * compiling PGlite's WebAssembly and optimising the shared code then happen once per share instead of once per
 * file: measured on this machine, the in-process files took 193 s of CPU run this way against 297 s one to a
 * process. A file must therefore leave the process as it found it (see `useProcessTimeZone` in the kit). The
 * files that start the service or a browser (process, browser) keep a process each and are named to start first,
 * since they take the longest, so that the shares fill the time beside them.
 *
 * Usage: node scripts/build-tests.mjs [directory of tests/ ...]   (default: every directory)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, '.cache', 'tests');
const testsDir = path.join(root, 'tests');

const directories = process.argv.slice(2);
// Directories whose files start the service or a browser: each file keeps a process of its own.
const OWN_PROCESS = new Set(['process', 'browser']);
// Files per share at most: few processes, yet shares short enough to even out the end of a run on two cores.
const FILES_PER_SHARE = 16;

const testFiles = fs.readdirSync(testsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && (directories.length === 0 || directories.includes(entry.name)))
  .flatMap((entry) => fs.readdirSync(path.join(testsDir, entry.name))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(testsDir, entry.name, name)));

const started = performance.now();
// A test file removed from tests/ must not keep running from an old bundle. Only the directories built now are
// emptied, so that two of the test:* scripts can run at once.
const runDir = path.join(outDir, 'run');
for (const directory of directories.length === 0 ? ['.'] : directories) fs.rmSync(path.join(outDir, directory), { recursive: true, force: true });
for (const entry of fs.existsSync(runDir) ? fs.readdirSync(runDir) : []) {
  if (directories.length === 0 || directories.some((directory) => entry.startsWith(`1-${directory}-`) || entry.startsWith(`2-${directory}-`))) fs.rmSync(path.join(runDir, entry));
}
await build({
  entryPoints: [path.join(testsDir, 'prepare.ts'), ...testFiles],
  outdir: outDir,
  outbase: testsDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [{
    // The scripts the tests share with npm start (scripts/*.mjs) find the project from their own location.
    name: 'scripts-stay-where-they-are',
    setup(builder) {
      builder.onResolve({ filter: /\/scripts\/[^/]+\.mjs$/ }, (args) => ({
        path: pathToFileURL(path.resolve(args.resolveDir, args.path)).href,
        external: true,
      }));
    },
  }],
});

fs.mkdirSync(runDir, { recursive: true });
const bundleOf = (file) => path.relative(testsDir, file).replace(/\.ts$/, '.mjs');
const importOf = (file) => JSON.stringify(`../${bundleOf(file).split(path.sep).join('/')}`);
const byDirectory = new Map();
for (const file of testFiles) {
  const directory = path.basename(path.dirname(file));
  byDirectory.set(directory, [...(byDirectory.get(directory) ?? []), file]);
}
// The files of a share hand their test databases on instead of throwing them away (tests/helpers/database-pool.ts).
const SHARE_HEAD = `import { after, describe } from 'node:test';

const pool = { pglite: [], postgres: [] };
globalThis[Symbol.for('vms.tests.databasePool')] = pool;
after(() => pool.close?.());
`;
let entries = 0;
let shareCount = 0;
for (const [directory, files] of byDirectory) {
  if (OWN_PROCESS.has(directory)) {
    for (const file of files) fs.writeFileSync(path.join(runDir, `1-${directory}-${path.basename(bundleOf(file))}`), `import ${importOf(file)};\n`);
    entries += files.length;
    continue;
  }
  const shares = Array.from({ length: Math.ceil(files.length / FILES_PER_SHARE) }, () => []);
  files.forEach((file, index) => shares[index % shares.length].push(file));
  shares.forEach((share, index) => {
    const suites = share.map((file) => `describe(${JSON.stringify(path.relative(testsDir, file))}, async () => {\n  await import(${importOf(file)});\n});\n`);
    fs.writeFileSync(path.join(runDir, `2-${directory}-${index + 1}.test.mjs`), `${SHARE_HEAD}\n${suites.join('')}`);
  });
  entries += shares.length;
  shareCount += shares.length;
}
console.log(`bundled ${testFiles.length} test files in ${Math.round(performance.now() - started)} ms, to run in ${entries} processes (${shareCount} of them shares of in-process files)`);
