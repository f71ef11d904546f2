import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrations } from '../../src/db/migrations/index.js';
import { scriptArguments } from '../../scripts/start-command.mjs';
import { adminQuery, serverUrl, spawnService, waitForReady, type Running } from '../helpers/service-process.js';
import { withDatabase } from '../helpers/template.js';

/**
 * Issue 40, first part: many churches on one PostgreSQL database, each a schema, chosen by host name. The operator
 * makes them with `npm run church`, two instances started as `npm start` starts them (MANY_CHURCHES=true) serve
 * both, and a key, an id or a host of one church reaches nothing of the other.
 */
const run = promisify(execFile);
const database = `vms_churches_${process.pid}`;
const single = `vms_churches_single_${process.pid}`;
const url = serverUrl ? withDatabase(serverUrl, database) : '';
let work = '';

interface Outcome {
  code: number;
  output: string;
}

async function church(args: string[], databaseUrl = url): Promise<Outcome> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: '', DATABASE_URL: databaseUrl };
  delete env.TEST_DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, [...scriptArguments('church'), ...args], { env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The name of this build's last migration: the one the late church lacks. */
const LAST_MIGRATION = Object.keys(migrations).at(-1)!;

async function queryIn(name: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl!, name) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The one-time password `create` prints on the line after it names the administrator. */
const passwordIn = (output: string) => /must choose their own at once:\n\s+(\S+)/.exec(output)?.[1];

interface Answer {
  status: number;
  body: any;
}

/** A request to an instance as a browser at `host` sends it (fetch will not set the Host header). */
function call(port: number, host: string, method: string, requestPath: string, options: { key?: string; body?: unknown } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request({
      port, host: '127.0.0.1', method, path: requestPath,
      headers: {
        host,
        ...(options.key && { 'x-api-key': options.key }),
        ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON (a page): kept as text.
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const signIn = async (port: number, host: string, password: string) =>
  (await call(port, host, 'POST', '/api/public/user/login', { body: { userName: 'admin', password } }));

/** Asks until `check` holds: a disabled church is refused once the instance's five-second look-up has ended. */
async function until(ask: () => Promise<Answer>, check: (answer: Answer) => boolean): Promise<Answer> {
  for (;;) {
    const answer = await ask();
    if (check(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('many churches on one PostgreSQL database (issue 40)', { skip: serverUrl ? false : 'churches are schemas of a PostgreSQL server: runs on the PostgreSQL pass' }, () => {
  const instances: Running[] = [];
  const passwords = { grace: '', hope: '', late: '' };

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-churches-'));
    await adminQuery(`create database ${database} template template0`);
    const grace = await church(['create', '--host', 'Grace.Example.org', '--name', 'Grace Church', '--admin-email', 'pastor@grace.example.org']);
    assert.equal(grace.code, 0, grace.output);
    const hope = await church(['create', '--host', 'hope.example.org']);
    assert.equal(hope.code, 0, hope.output);
    passwords.grace = passwordIn(grace.output)!;
    passwords.hope = passwordIn(hope.output)!;
    // A third church whose schema lacks this build's last migration, as after an upgrade before `church migrate`.
    const late = await church(['create', '--host', 'late.example.org']);
    assert.equal(late.code, 0, late.output);
    passwords.late = passwordIn(late.output)!;
    await queryIn(database, `delete from church_3.kysely_migration where name = '${LAST_MIGRATION}'`);
    for (let i = 0; i < 2; i++) {
      const instance = await spawnService({ DATABASE_URL: url, DATA_DIR: path.join(work, `unused-${i}`), MANY_CHURCHES: 'true' });
      instances.push(instance);
      await waitForReady(instance);
    }
  });

  after(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    for (const name of [database, single]) await adminQuery(`drop database if exists ${name} with (force)`);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('makes churches from the command line, each with its own administrator, and refuses a taken host or a bad name', async () => {
    assert.ok(passwords.grace && passwords.hope && passwords.grace !== passwords.hope);
    const list = await church(['list']);
    assert.equal(list.code, 0, list.output);
    assert.match(list.output, /grace\.example\.org\s+church_1\s+active\s+Grace Church/);
    assert.match(list.output, /hope\.example\.org\s+church_2\s+active\s+hope\.example\.org/);
    const taken = await church(['create', '--host', 'grace.example.org']);
    assert.deepEqual([taken.code, taken.output.trim()], [1, 'A church already answers at grace.example.org.']);
    const bad = await church(['create', '--host', 'grace church']);
    assert.deepEqual([bad.code, bad.output.trim()], [1, '"grace church" is not a host name (letters, digits, hyphens and dots, such as grace.example.org).']);
    assert.equal((await church(['list'])).output, list.output, 'a refused create leaves no church behind');
  });

  it('serves each church at its host name from both instances, and nothing of one church to another\'s key or host', async () => {
    const [one, two] = instances.map((instance) => instance.port);
    const grace = await signIn(one, 'grace.example.org', passwords.grace);
    assert.equal(grace.status, 200);
    const graceKey = grace.body.apiKey as string;
    // Grace's password is not Hope's, and Grace's key opens nothing at Hope.
    assert.deepEqual((await signIn(two, 'hope.example.org', passwords.grace)).status, 401);
    const hopeKey = (await signIn(two, 'hope.example.org:443', passwords.hope)).body.apiKey as string;
    assert.ok(hopeKey);

    const made = await call(two, 'grace.example.org', 'POST', '/api/persons', { key: graceKey, body: { firstName: 'Zebedee', lastName: 'Graceful', email: 'zebedee@grace.example.org' } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const zebedee = made.body.Id as number;
    const found = await call(one, 'grace.example.org', 'GET', '/api/persons/search/Zebedee', { key: graceKey });
    assert.deepEqual(found.body.map((hit: { objid: number }) => hit.objid), [zebedee], 'the other instance finds it');
    assert.deepEqual((await call(one, 'hope.example.org', 'GET', '/api/persons/search/Zebedee', { key: hopeKey })).body, []);
    assert.equal((await call(one, 'hope.example.org', 'GET', `/api/persons/${zebedee}`, { key: hopeKey })).status, 404);

    // Every private route of the API, asked at Hope with Grace's key and Grace's ids, is refused.
    const document = (await call(one, 'grace.example.org', 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const routes = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.entries(operations).filter(([, operation]) => operation.security).map(([method]) => [method.toUpperCase(), template.replace(/\{[^}]+\}/g, String(zebedee))]));
    assert.ok(routes.length > 100, `${routes.length} private routes`);
    for (const [method, concrete] of routes) {
      const answer = await call(two, 'hope.example.org', method, concrete, { key: graceKey, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      // /metrics has no key of a church: without METRICS_TOKEN it does not exist (404).
      assert.equal(answer.status, concrete === '/metrics' ? 404 : 401, `${method} ${concrete} at Hope with Grace's key`);
    }

    const nowhere = await call(one, 'nowhere.example.org', 'GET', '/api/persons', { key: graceKey });
    assert.deepEqual([nowhere.status, nowhere.body.message], [404, 'No church answers at this address.']);
    assert.equal((await call(two, 'grace.example.org', 'GET', '/readyz')).body.status, 'ready');
  });

  it('starts beside a church behind this build, which answers that it is being upgraded until `church migrate` has run', async () => {
    const [one, two] = instances.map((instance) => instance.port);
    const waiting = await signIn(one, 'late.example.org', passwords.late);
    assert.deepEqual([waiting.status, waiting.body.message], [503, 'This church is being upgraded; try again in a minute.']);
    const migrated = await church(['migrate']);
    assert.equal(migrated.code, 0, migrated.output);
    assert.match(migrated.output, new RegExp(`\\[1/3\\] grace\\.example\\.org: up to date\n\\[2/3\\] hope\\.example\\.org: up to date\n\\[3/3\\] late\\.example\\.org: ran ${LAST_MIGRATION}\n3 churches at this version's schema`));
    // The next request serves it: a church not served yet is tried again on each request.
    assert.equal((await signIn(two, 'late.example.org', passwords.late)).status, 200);
  });

  it('exports one church\'s own backup, without the other\'s people', async () => {
    const file = path.join(work, 'grace.vms.gz');
    const exported = await church(['export', '--host', 'grace.example.org', file]);
    assert.equal(exported.code, 0, exported.output);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    assert.match(text, /Zebedee/);
    assert.match(text, /pastor@grace\.example\.org/);
    assert.doesNotMatch(text, /hope\.example\.org/);
  });

  it('refuses a disabled church\'s requests and serves it again once enabled; deletes only with the host confirmed', async () => {
    const [one] = instances.map((instance) => instance.port);
    const disabled = await church(['disable', '--host', 'hope.example.org']);
    assert.equal(disabled.code, 0, disabled.output);
    const paused = await until(() => signIn(one, 'hope.example.org', passwords.hope), (answer) => answer.status === 503);
    assert.equal(paused.body.message, 'This church is paused by the people who run this service; try again later.');
    assert.equal((await signIn(one, 'grace.example.org', passwords.grace)).status, 200, 'the other church is served meanwhile');
    assert.equal((await church(['enable', '--host', 'hope.example.org'])).code, 0);
    await until(() => signIn(one, 'hope.example.org', passwords.hope), (answer) => answer.status === 200);

    const unconfirmed = await church(['delete', '--host', 'hope.example.org']);
    assert.deepEqual([unconfirmed.code, unconfirmed.output.trim()], [1, 'Deleting hope.example.org removes all its people, schedules and history for good. To go on, add --confirm hope.example.org.']);
    const deleted = await church(['delete', '--host', 'hope.example.org', '--confirm', 'hope.example.org']);
    assert.equal(deleted.code, 0, deleted.output);
    await until(() => signIn(one, 'hope.example.org', passwords.hope), (answer) => answer.status === 404);
    assert.doesNotMatch((await church(['list'])).output, /hope/);
  });

  it('makes a single church\'s database the first church of many by one command, with nothing lost', async () => {
    const singleUrl = withDatabase(serverUrl!, single);
    await adminQuery(`create database ${single} template template0`);
    const alone = await spawnService({ DATABASE_URL: singleUrl, DATA_DIR: path.join(work, 'unused-single'), ADMIN_PASSWORD: 'first-church-password' });
    try {
      await waitForReady(alone);
      const key = (await call(alone.port, 'localhost', 'POST', '/api/public/user/login', { body: { userName: 'admin', password: 'first-church-password' } })).body.apiKey;
      assert.equal((await call(alone.port, 'localhost', 'POST', '/api/persons', { key, body: { firstName: 'Old', lastName: 'Timer' } })).status, 201);
    } finally {
      alone.child.kill('SIGTERM');
      await alone.exited;
    }
    const adopted = await church(['adopt', '--host', 'first.example.org', '--name', 'First Church'], singleUrl);
    assert.equal(adopted.code, 0, adopted.output);
    const many = await spawnService({ DATABASE_URL: singleUrl, DATA_DIR: path.join(work, 'unused-many'), MANY_CHURCHES: 'true' });
    instances.push(many);
    await waitForReady(many);
    const key = (await signIn(many.port, 'first.example.org', 'first-church-password')).body.apiKey;
    assert.deepEqual((await call(many.port, 'first.example.org', 'GET', '/api/persons/search/Timer', { key })).body.map((hit: { text: string }) => hit.text), ['Old Timer']);
    const again = await church(['adopt', '--host', 'second.example.org'], singleUrl);
    assert.deepEqual([again.code, again.output.trim()], [1, 'The database holds no church in its public schema: there is nothing to adopt.']);
  });
});
