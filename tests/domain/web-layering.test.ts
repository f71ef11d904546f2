import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { importCycles } from '../kit/import-graph.js';

/**
 * The web app's import structure (issue 38 #4), as CONTRIBUTING describes it: `areas/<name>/` and `pages/` are
 * areas; another area is reached only through its `api.ts` (data) or `public.tsx` (what it lets others embed);
 * the shared folders import no area; nothing imports itself through a cycle; and a staff area's `index.tsx`
 * loads its pages lazily, so a volunteer's phone never downloads them.
 */
const WEB = path.resolve('web', 'src');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
/** What another area may import of an area. */
const PUBLIC = new Set(['api.ts', 'public.tsx']);

const files = fs.readdirSync(WEB, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
  .map((entry) => path.join(entry.parentPath, entry.name));
const relative = (file: string) => path.relative(WEB, file).split(path.sep).join('/');

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, ...EXTENSIONS.map((ending) => base + ending)].find((candidate) => files.includes(candidate));
}

/** Each file's static imports of other files of web/src (a dynamic `import()` is a lazy load, not an edge). */
const imports = new Map(files.map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gms)].map((match) => match[1] ?? match[2]);
  return [file, specifiers.flatMap((specifier) => resolve(file, specifier) ?? [])];
}));

/** The area a file belongs to (`areas/admin`, `pages`), or undefined for the shared folders and the app's frame. */
function areaOf(file: string): string | undefined {
  const parts = relative(file).split('/');
  if (parts[0] === 'pages') return 'pages';
  if (parts[0] === 'areas' && parts.length > 2) return `areas/${parts[1]}`;
  return undefined;
}

const edges = files.flatMap((file) => imports.get(file)!.map((target) => ({ from: file, to: target, text: `${relative(file)} → ${relative(target)}` })));

describe('the web app\'s import structure', () => {
  it('reaches outside web/src only into src/shared, the code the service shares with it', () => {
    const SHARED = path.resolve('src', 'shared');
    const outside = files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)]
      .map((match) => path.resolve(path.dirname(file), match[1]))
      .filter((target) => !target.startsWith(WEB + path.sep) && !target.startsWith(SHARED + path.sep))
      .map((target) => `${relative(file)} → ${path.relative(WEB, target)}`));
    assert.deepEqual(outside, []);
  });

  it('has no cycle', () => {
    assert.deepEqual(importCycles(imports, relative), []);
  });

  it('lets an area import another area only through its api.ts or public.tsx', () => {
    const reaching = edges.filter(({ from, to }) => {
      const [own, other] = [areaOf(from), areaOf(to)];
      return own !== undefined && other !== undefined && own !== other && !PUBLIC.has(path.basename(to));
    });
    assert.deepEqual(reaching.map((edge) => edge.text), []);
  });

  it('keeps the volunteer pages and the staff areas apart', () => {
    const crossing = edges.filter(({ from, to }) => (areaOf(from) === 'pages') !== (areaOf(to) === 'pages') && areaOf(from) && areaOf(to));
    assert.deepEqual(crossing.map((edge) => edge.text), []);
  });

  it('keeps the shared folders (components, api, i18n) free of every area', () => {
    const shared = edges.filter(({ from, to }) => /^(components|api|i18n)\//.test(relative(from)) && /^(areas|pages)\//.test(relative(to)));
    assert.deepEqual(shared.map((edge) => edge.text), []);
  });

  it('loads a staff area\'s pages lazily: its index.tsx imports nothing else of the area', () => {
    const eager = edges.filter(({ from, to }) => /^areas\/[^/]+\/index\.tsx$/.test(relative(from)) && areaOf(to) === areaOf(from));
    assert.ok(files.some((file) => /^areas\/[^/]+\/index\.tsx$/.test(relative(file))), 'the areas have an index.tsx');
    assert.deepEqual(eager.map((edge) => edge.text), []);
  });

  it('gives every area its data access in api.ts and nowhere else', () => {
    const areas = [...new Set(files.flatMap((file) => areaOf(file) ?? []))];
    assert.deepEqual(areas.filter((area) => !files.includes(path.join(WEB, area, 'api.ts'))), []);
    const readers = files.filter((file) => areaOf(file) && path.basename(file) !== 'api.ts' && /\buse(Query|Queries)\(/.test(fs.readFileSync(file, 'utf8')));
    assert.deepEqual(readers.map(relative), []);
  });
});
