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
import { startMailSink, watchedInbox, type MailSink } from '../kit/mail.js';

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

/** `npm run SCRIPT -- ARGS` with `env` over this process's environment, less the test's and the mail's variables. */
async function npmRun(script: string, args: string[], more: Record<string, string>): Promise<Outcome> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  for (const name of ['TEST_DATABASE_URL', 'CHURCH_SMTP_HOST', 'CHURCH_SMTP_USER', 'CHURCH_SMTP_PASSWORD', 'CHURCH_MAIL_FROM']) delete env[name];
  Object.assign(env, more);
  try {
    const { stdout, stderr } = await run(process.execPath, [...scriptArguments(script), ...args], { env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const church = (args: string[], databaseUrl = url, mail: Record<string, string> = {}) =>
  npmRun('church', args, { DATA_DIR: '', DATABASE_URL: databaseUrl, ...mail });

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
  headers: http.IncomingHttpHeaders;
}

/**
 * A request to an instance as a browser at `host` sends it (fetch will not set the Host header). With `bodyLater`
 * the body is sent only when the service has taken the request and asked for it (`Expect: 100-continue`), so that it
 * is read apart from the request's routing, as a slow client's body is.
 */
function call(
  port: number, host: string, method: string, requestPath: string,
  options: { key?: string; body?: unknown; bodyLater?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request({
      port, host: '127.0.0.1', method, path: requestPath,
      headers: {
        host,
        ...(options.key && { 'x-api-key': options.key }),
        ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        ...(options.bodyLater && { expect: '100-continue' }),
        ...options.headers,
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
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
      });
    });
    request.on('error', reject);
    if (options.bodyLater) request.on('continue', () => request.end(payload));
    else request.end(payload);
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
  const mail = watchedInbox();
  let sink: MailSink;
  let graceMade = '';
  let zebedeeId = 0;
  /** The deployment's mail server for new churches: Grace is made with it, the others without. */
  let churchMail: Record<string, string> = {};

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-churches-'));
    sink = await startMailSink(mail.inbox);
    churchMail = { CHURCH_SMTP_HOST: `127.0.0.1:${sink.port}`, CHURCH_MAIL_FROM: 'office@grace.example.org' };
    await adminQuery(`create database ${database} template template0`);
    const grace = await church(['create', '--host', 'Grace.Example.org', '--name', 'Grace Church', '--admin-email', 'pastor@grace.example.org'], url, churchMail);
    assert.equal(grace.code, 0, grace.output);
    graceMade = grace.output;
    const hope = await church(['create', '--host', 'hope.example.org']);
    assert.equal(hope.code, 0, hope.output);
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
    await sink?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('welcomes a new church\'s administrator by mail with a link to choose a password, when the deployment has a mail server', async () => {
    assert.match(graceMade, /Its administrator \("admin"\) is mailed at pastor@grace\.example\.org a link to choose a password, valid for 7 days/);
    assert.doesNotMatch(graceMade, /one-time password/, 'no password of theirs is shown to the operator');
    const [one] = instances.map((instance) => instance.port);
    // The instances serve Grace from their start, so its mail leaves without a request.
    const welcome = await mail.arrival('pastor@grace.example.org');
    assert.equal(welcome.subject, '[Grace Church] Your volunteer schedule is ready: choose your password');
    assert.match(welcome.text, /You are the administrator of Grace Church's volunteer schedule\. Your user name is admin\./);
    const token = /https:\/\/grace\.example\.org\/reset-password\?token=([\w-]+)/.exec(welcome.text)?.[1];
    assert.ok(token, welcome.text);
    const chosen = 'graces-own-password';
    const set = await call(one, 'grace.example.org', 'POST', '/api/public/user/password-reset/confirm', { body: { token, password: chosen } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal((await signIn(one, 'grace.example.org', chosen)).status, 200);
    passwords.grace = chosen;
    const again = await call(one, 'grace.example.org', 'POST', '/api/public/user/password-reset/confirm', { body: { token, password: 'someone-elses-password' } });
    assert.deepEqual([again.status, again.body.message], [400, 'This reset link is invalid or has expired']);

    const halfGiven = await church(['create', '--host', 'half.example.org', '--admin-email', 'pastor@half.example.org'], url, { CHURCH_SMTP_HOST: churchMail.CHURCH_SMTP_HOST });
    assert.deepEqual([halfGiven.code, halfGiven.output.trim()], [1, "CHURCH_SMTP_HOST needs CHURCH_MAIL_FROM, the address new churches' mail comes from."]);
    assert.doesNotMatch((await church(['list'])).output, /half\.example\.org/);
  });

  it('makes churches from the command line, each with its own administrator, and refuses a taken host or a bad name', async () => {
    assert.ok(passwords.hope && passwords.late && passwords.hope !== passwords.late);
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
    zebedeeId = zebedee;
    const found = await call(one, 'grace.example.org', 'GET', '/api/persons/search/Zebedee', { key: graceKey });
    assert.deepEqual(found.body.map((hit: { objid: number }) => hit.objid), [zebedee], 'the other instance finds it');
    assert.deepEqual((await call(one, 'hope.example.org', 'GET', '/api/persons/search/Zebedee', { key: hopeKey })).body, []);
    assert.equal((await call(one, 'hope.example.org', 'GET', `/api/persons/${zebedee}`, { key: hopeKey })).status, 404);

    // Zebedee signs in at Grace as a volunteer: the walk below goes as each of Grace's personas.
    const user = await call(one, 'grace.example.org', 'POST', '/admin/api/users', { key: graceKey, body: { personId: zebedee, userName: 'zebedee', password: 'zebedees-password' } });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    const zebedeeKey = (await call(one, 'grace.example.org', 'POST', '/api/public/user/login', { body: { userName: 'zebedee', password: 'zebedees-password' } })).body.apiKey as string;
    assert.ok(zebedeeKey);

    // Every private route of the API, asked at Hope with the key of each of Grace's personas and Grace's ids, is refused.
    const document = (await call(one, 'grace.example.org', 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const routes = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.entries(operations).filter(([, operation]) => operation.security).map(([method]) => [method.toUpperCase(), template.replace(/\{[^}]+\}/g, String(zebedee))]));
    assert.ok(routes.length > 100, `${routes.length} private routes`);
    for (const [persona, key] of [['administrator', graceKey], ['volunteer', zebedeeKey]]) {
      for (const [method, concrete] of routes) {
        const answer = await call(two, 'hope.example.org', method, concrete, { key, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
        // /metrics has no key of a church: without METRICS_TOKEN it does not exist (404).
        assert.equal(answer.status, concrete === '/metrics' ? 404 : 401, `${method} ${concrete} at Hope with the key of Grace's ${persona}`);
      }
    }

    // A feed's secret address opens its own church's feed only: at Hope it names nobody.
    const feed = await call(one, 'grace.example.org', 'GET', '/api/users/current/schedule-feed', { key: graceKey });
    const feedPath = new URL(feed.body.url).pathname;
    assert.match((await call(two, 'grace.example.org', 'GET', feedPath)).body, /^BEGIN:VCALENDAR/);
    assert.equal((await call(two, 'hope.example.org', 'GET', feedPath)).status, 404);

    const nowhere = await call(one, 'nowhere.example.org', 'GET', '/api/persons', { key: graceKey });
    assert.deepEqual([nowhere.status, nowhere.body.message], [404, 'No church answers at this address.']);
    assert.equal((await call(two, 'grace.example.org', 'GET', '/readyz')).body.status, 'ready');
  });

  it('keeps each of many requests at once in its own church, bodies and all, on one application an instance', async () => {
    const ports = instances.map((instance) => instance.port);
    const keys = {
      grace: (await signIn(ports[0], 'grace.example.org', passwords.grace)).body.apiKey as string,
      hope: (await signIn(ports[1], 'hope.example.org', passwords.hope)).body.apiKey as string,
    };
    // 24 people made at once, the churches and instances interleaved, each body sent after its request is routed:
    // a request that lost its church while its body was read would answer 500 or land in the other church.
    const made = await Promise.all(Array.from({ length: 24 }, (_, i) => {
      const name = i % 2 === 0 ? 'grace' : 'hope';
      return call(ports[i % 3 === 0 ? 0 : 1], `${name}.example.org`, 'POST', '/api/persons', {
        key: keys[name], body: { firstName: `Crowd${name}`, lastName: `Number${i}` }, bodyLater: true,
      });
    }));
    assert.deepEqual(made.map((answer) => answer.status), made.map(() => 201), JSON.stringify(made.find((answer) => answer.status !== 201)?.body));
    for (const name of ['grace', 'hope'] as const) {
      const found = await call(ports[0], `${name}.example.org`, 'GET', '/api/persons/search/Crowd', { key: keys[name] });
      const numbers = (found.body as { text: string }[]).map((hit) => hit.text).sort();
      const expected = Array.from({ length: 24 }, (_, i) => i).filter((i) => (i % 2 === 0) === (name === 'grace')).map((i) => `Crowd${name} Number${i}`).sort();
      assert.deepEqual(numbers, expected, `${name} holds its own 12 people and none of the other church's`);
    }
  });

  it('opens a church\'s answer links and web pages at its own host only', async () => {
    const [one, two] = instances.map((instance) => instance.port);
    const graceKey = (await signIn(one, 'grace.example.org', passwords.grace)).body.apiKey as string;
    const ok = async (method: string, requestPath: string, body?: unknown) => {
      const answer = await call(one, 'grace.example.org', method, requestPath, { key: graceKey, body });
      assert.ok(answer.status >= 200 && answer.status < 300, `${method} ${requestPath}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    // Zebedee is asked to serve at Grace, by a mail with answer links.
    const V = '/api/ministries';
    const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id as number;
    const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id as number;
    const usher = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id as number;
    const eventTypeId = (await ok('GET', '/api/events/types') as Array<{ Id: number; Name: string }>).find((type) => type.Name === 'Other')!.Id;
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await ok('POST', `${V}/ministries/${ministryId}/events`, { title: 'Sunday service', eventTypeId, date, startTime: '10:00', endTime: '11:30' });
    await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
      name: 'Sunday service', linkMode: 'ministry', titleFilter: 'Sunday service', teamId, windowStart: new Date().toISOString().slice(0, 10),
      requirements: [{ positionId: usher, minCount: 1 }],
    });
    const occurrenceId = ((await ok('GET', `${V}/dashboard`)).gaps as Array<{ occurrenceId: number }>)[0].occurrenceId;
    await ok('POST', `${V}/positions/${usher}/qualifications`, { personId: zebedeeId });
    const sent = mail.inbox.length;
    await ok('POST', `${V}/occurrences/${occurrenceId}/assignments`, { positionId: usher, personId: zebedeeId });
    await ok('POST', '/api/background/timerjobs', { force: true });
    const request = await mail.arrival('zebedee@grace.example.org', sent);
    const link = /https:\/\/grace\.example\.org(\/answer\/[^?\s]+)/.exec(request.text)?.[1];
    assert.ok(link, request.text);
    const token = link.slice('/answer/'.length);

    const atGrace = await call(two, 'grace.example.org', 'GET', `/api/public/answer/${token}`);
    assert.equal(atGrace.status, 200, JSON.stringify(atGrace.body));
    // Hope answers Grace's link as a link it never made: one signed with another church's secret.
    const neverMade = await call(two, 'hope.example.org', 'GET', `/api/public/answer/${'x'.repeat(token.length)}`);
    assert.deepEqual([neverMade.status, neverMade.body.message], [403, 'This link is not valid: it is incomplete or was altered. Open it again from the e-mail, or answer on your volunteer schedule.']);
    const atHope = await call(two, 'hope.example.org', 'GET', `/api/public/answer/${token}`);
    assert.deepEqual([atHope.status, atHope.body], [403, neverMade.body]);
    const answeredAtHope = await call(two, 'hope.example.org', 'POST', `/api/public/answer/${token}`, { body: { response: 'accepted' } });
    assert.deepEqual([answeredAtHope.status, answeredAtHope.body], [403, neverMade.body]);
    assert.equal((await call(one, 'grace.example.org', 'GET', `/api/public/answer/${token}`)).body.answered, null, 'the answer tried at Hope left Grace\'s request open');

    // The web app's sign-in cookie of Grace's administrator opens Grace's coordinator pages, and at Hope only the sign-in.
    const session = await call(one, 'grace.example.org', 'POST', '/api/public/user/session', {
      body: { userName: 'admin', password: passwords.grace }, headers: { 'x-vms-csrf': '1' },
    });
    assert.equal(session.status, 200, JSON.stringify(session.body));
    const cookie = [session.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ');
    const page = (port: number, host: string) => call(port, host, 'GET', '/ministries/dashboard', { headers: { cookie } });
    const gracePage = await page(two, 'grace.example.org');
    assert.equal(gracePage.status, 200);
    assert.match(gracePage.body, /Ministry Dashboard/);
    const hopePage = await page(two, 'hope.example.org');
    assert.deepEqual([hopePage.status, hopePage.headers.location], [302, '/sign-in?next=%2Fministries%2Fdashboard']);
  });

  it('starts beside a church behind this build, which answers that it is being upgraded until `church migrate` has run', async () => {
    const [one, two] = instances.map((instance) => instance.port);
    const waiting = await signIn(one, 'late.example.org', passwords.late);
    assert.deepEqual([waiting.status, waiting.body.message], [503, 'This church is being upgraded; try again in a minute.']);
    const readiness = await call(two, 'late.example.org', 'GET', '/readyz');
    assert.deepEqual([readiness.status, readiness.body], [503, { status: 'unavailable', reason: `Migrations not run yet: ${LAST_MIGRATION}` }]);
    const migrated = await church(['migrate']);
    assert.equal(migrated.code, 0, migrated.output);
    assert.match(migrated.output, new RegExp(`\\[1/3\\] grace\\.example\\.org: up to date\n\\[2/3\\] hope\\.example\\.org: up to date\n\\[3/3\\] late\\.example\\.org: ran ${LAST_MIGRATION}\n3 churches at this version's schema`));
    // The next request serves it: a church not served yet is tried again on each request.
    assert.equal((await signIn(two, 'late.example.org', passwords.late)).status, 200);
  });

  it('exports one church\'s own backup, without the other\'s people, which restores into an embedded database', async () => {
    const file = path.join(work, 'grace.vms.gz');
    const exported = await church(['export', '--host', 'grace.example.org', file]);
    assert.equal(exported.code, 0, exported.output);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    assert.match(text, /Zebedee/);
    assert.match(text, /pastor@grace\.example\.org/);
    assert.doesNotMatch(text, /hope\.example\.org/);

    // Restored into an embedded database, it is Grace's church on its own: its administrator, its people.
    const embedded = { DATA_DIR: path.join(work, 'grace-embedded'), DATABASE_URL: '' };
    const restored = await npmRun('restore', [file], embedded);
    assert.equal(restored.code, 0, restored.output);
    const alone = await spawnService(embedded);
    try {
      await waitForReady(alone);
      const key = (await signIn(alone.port, 'localhost', passwords.grace)).body.apiKey as string;
      assert.ok(key, 'Grace\'s administrator signs in with the password chosen from the welcome');
      assert.deepEqual((await call(alone.port, 'localhost', 'GET', '/api/persons/search/Zebedee', { key })).body.map((hit: { text: string }) => hit.text), ['Zebedee Graceful']);
    } finally {
      alone.child.kill('SIGTERM');
      await alone.exited;
    }
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
