import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { importCycles } from '../kit/import-graph.js';

/**
 * The import structure the code relies on (issue 20): the domain knows nothing of HTTP, the data layer nothing
 * of what sits on it, no module imports itself through a cycle, and only domain/access marks a row as checked.
 */
const SRC = path.resolve('src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const files = sourceFiles(SRC);
const layerOf = (file: string) => path.relative(SRC, file).split(path.sep)[0];

/** Each file's imports of other files of src/, as absolute paths of the .ts files. */
const imports = new Map(files.map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  const targets = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)]
    .map((match) => path.resolve(path.dirname(file), match[1]).replace(/\.js$/, '.ts'))
    .filter((target) => target.startsWith(SRC));
  return [file, targets];
}));

const offending = (from: string, forbidden: string[]) =>
  files.filter((file) => layerOf(file) === from)
    .flatMap((file) => imports.get(file)!.filter((target) => forbidden.includes(layerOf(target))).map((target) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`));

describe('the import structure', () => {
  it('keeps the domain free of HTTP and jobs', () => {
    assert.deepEqual(offending('domain', ['http', 'jobs', 'app.ts', 'main.ts']), []);
  });

  it('keeps the data layer free of everything above it', () => {
    assert.deepEqual(offending('db', ['domain', 'http', 'jobs', 'app.ts', 'main.ts']), []);
  });

  it('keeps src/shared to itself, as the web app bundles it (no other layer, no package, no Node module)', () => {
    const reaching = under('shared').flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)]
      .filter((match) => !match[1].startsWith('./')).map((match) => `${relative(file)} → ${match[1]}`));
    assert.deepEqual(reaching, []);
  });

  it('has no cycle', () => {
    assert.deepEqual(importCycles(imports, (file) => path.relative(SRC, file)), []);
  });

  it('lets only domain/access mark a row as checked (grant)', () => {
    const granting = files.filter((file) => /\bgrant\b[^;]*from\s+'[^']*authorized\.js'/s.test(fs.readFileSync(file, 'utf8')));
    assert.ok(granting.length > 0, 'the access checks grant');
    assert.deepEqual(granting.map((file) => path.relative(SRC, file)).filter((file) => !file.startsWith(`domain${path.sep}access${path.sep}`)), []);
  });
});

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const under = (folder: string) => files.filter((file) => relative(file).startsWith(`${folder}/`));

/** Each line of `file` that matches `pattern` once comments are left out, as "path:line: text". */
function linesMatching(file: string, pattern: RegExp): string[] {
  return fs.readFileSync(file, 'utf8').split('\n').flatMap((line, index) => {
    const code = line.replace(/\/\/.*$/, '');
    return !/^\s*(\/\*|\*)/.test(code) && pattern.test(code) ? [`${relative(file)}:${index + 1}: ${line.trim()}`] : [];
  });
}

/** The rules of access that only domain/access calls; elsewhere a named policy of domain/access says what is asked (issue 38). */
const ACCESS_PRIMITIVES = [
  'hasMinistryAuthority', 'hasTeamAuthority', 'assertMinistryAuthority', 'assertTeamAuthority', 'assertManager', 'isManager',
  'coordinates', 'coordinatedMinistryIds', 'isGlobalManager', 'keepsCredential', 'readsBlockoutReason',
];

/** Where a file outside domain/access uses a primitive it imports from there (a same-named local helper is no primitive). */
function primitiveUses(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const imported = [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*\/access\/[^']*'/g)]
    .flatMap((match) => match[1].split(',').map((name) => name.trim().replace(/^type\s+/, '')))
    .filter((name) => ACCESS_PRIMITIVES.includes(name));
  return imported.length === 0 ? [] : linesMatching(file, new RegExp(`(?<![\\w.])(${imported.join('|')})\\b`));
}

/** The domain's only readers of a value in whatever form the client sent it, by file, and why. */
const READ_AS_ANY_VALUE = new Map([
  // §1.7: a boolean field takes `true`, `1`, `"yes"`, `[]` …; the parsers at the edge and the settings registry share one reading.
  ['domain/values.ts', ['parsePermissiveBoolean', 'parseStrictBoolean']],
]);

/**
 * Where a domain signature takes or answers `unknown`: the parameters and results of exported functions and of the
 * public methods of exported classes, and fields typed `unknown` (`name?: unknown`) anywhere. A body is read into a typed command at the
 * edge (src/http/commands), so the domain never guesses at what it was given. A caught error is `unknown` to
 * TypeScript whatever the code says, so a parameter named `error` may be one, and a cast may read its fields.
 */
function unknownsInSignatures(file: string): string[] {
  const excepted = READ_AS_ANY_VALUE.get(relative(file));
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: ts.Node[] = [];
  const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isHidden = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword);
  const unknownsIn = (node: ts.Node | undefined): void => {
    if (!node) return;
    if (ts.isParameter(node) && node.name.getText() === 'error') return;
    // A type guard the edge hands in (`(json: unknown) => json is Body`) is how the domain asks for a proven shape.
    if (ts.isFunctionTypeNode(node) && node.type && ts.isTypePredicateNode(node.type)) return;
    if (node.kind === ts.SyntaxKind.UnknownKeyword) found.push(node);
    ts.forEachChild(node, unknownsIn);
  };
  const signature = (fn: ts.SignatureDeclaration) => {
    for (const parameter of fn.parameters) unknownsIn(parameter);
    unknownsIn(fn.type);
  };
  const visit = (node: ts.Node): void => {
    // A cast's own type (`error as { code?: unknown }`) is no field of a signature.
    if (ts.isAsExpression(node)) return visit(node.expression);
    if (ts.isPropertySignature(node) && node.type?.kind === ts.SyntaxKind.UnknownKeyword) found.push(node.type);
    if (ts.isFunctionDeclaration(node) && isExported(node) && !excepted?.includes(node.name?.text ?? '')) signature(node);
    if (ts.isVariableStatement(node) && isExported(node)) {
      for (const declaration of node.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) signature(value);
      }
    }
    if (ts.isClassDeclaration(node) && isExported(node)) {
      for (const member of node.members) if (ts.isMethodDeclaration(member) && !isHidden(member)) signature(member);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found.map((node) => source.getLineAndCharacterOfPosition(node.getStart()).line))]
    .sort((a, b) => a - b)
    .map((line) => `${relative(file)}:${line + 1}: ${source.text.split('\n')[line].trim()}`);
}

describe('the design of issue 38', () => {
  it('asks the access primitives only in domain/access', () => {
    const uses = files.filter((file) => !relative(file).startsWith('domain/access/')).flatMap(primitiveUses);
    assert.deepEqual(uses, [], `call a named policy of src/domain/access instead:\n${uses.join('\n')}`);
  });

  it('has no `unknown` in the signatures of the domain', () => {
    const unknowns = under('domain').flatMap(unknownsInSignatures);
    assert.deepEqual(unknowns, [], `read the input into a typed command in src/http/commands instead:\n${unknowns.join('\n')}`);
  });

  it('keeps throws and parsing out of the route files', () => {
    const parsing = under('http/routes').flatMap((file) => linesMatching(file, /\bthrow\b|\bparsePermissiveBoolean\b/));
    assert.deepEqual(parsing, [], `move these into a parser of src/http/commands or a policy of src/domain/access:\n${parsing.join('\n')}`);
  });

  it('keeps the views in src/http/presenters', () => {
    const views = files.flatMap((file) => {
      if (relative(file).startsWith('http/presenters/')) return [];
      if (relative(file).startsWith('domain/') && /(^|\.)(views|presenters?)\.ts$/.test(path.basename(file))) return [`${relative(file)}:1: a file of views in the domain`];
      // A view is named present… or …View (a policy's `…InView` says what a reader may see, and builds no shape).
      return linesMatching(file, /\b(function|const)\s+(present[A-Z]|[a-z]\w*(?<!In)View\b)/);
    });
    assert.deepEqual(views, [], `move these into src/http/presenters:\n${views.join('\n')}`);
  });
});

/*
 * The tests over HTTP, of the jobs and of whole processes arrange through the services and read stored state through
 * the kit (tests/kit/stored.ts), so that a change of schema touches the kit, not every test. These files test the
 * data layer itself, and say why.
 */
const TALKS_TO_THE_DATABASE = new Map([
  ['http/monitoring.test.ts', 'the pool options of openPostgres against the server, and the outbox counters the metrics read'],
  ['jobs/church-connections.test.ts', 'the connections an instance shares among its churches: which backend answered which church, below the services'],
  ['jobs/church-signals.test.ts', 'changes the outbox and the settings in one church\'s schema and listens in two: the signals below the services'],
  ['jobs/timer-jobs-instances.test.ts', 'ends the server connection of an instance holding the timer-job lock'],
  ['process/startup.test.ts', 'opens the database a started service made, after it stopped'],
]);

describe('the test kit', () => {
  it('is the only way the HTTP, job, process and browser tests reach the database', () => {
    const TESTS = path.resolve('tests');
    const reaching = ['http', 'jobs', 'process', 'browser']
      .flatMap((dir) => sourceFiles(path.join(TESTS, dir)))
      .filter((file) => /\b(insertInto|updateTable|deleteFrom|createRepositories)\(|\bdatabase\.db\b|from 'kysely'/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(TESTS, file).split(path.sep).join('/'));
    assert.deepEqual(reaching.sort(), [...TALKS_TO_THE_DATABASE.keys()].sort());
  });
});
