import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openPglite, openPostgres } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { adminQuery, serverUrl, spawnService, waitForReady, type Running } from '../helpers/service-process.js';
import { withDatabase } from '../helpers/template.js';

/**
 * Starts the real service the way `npm start` does and talks to it over TCP. On the PostgreSQL pass it
 * runs against a fresh database on that server; otherwise on the embedded database in a temporary DATA_DIR.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-startup-'));
const databaseName = `vms_startup_${process.pid}`;
const ADMIN_PASSWORD = 'first-admin-password';
const HINT = 'Created the first administrator';

async function startService(extraEnv: Record<string, string> = {}): Promise<Running> {
  return spawnService({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    ...(serverUrl && { DATABASE_URL: withDatabase(serverUrl, databaseName) }),
    ...extraEnv,
  });
}

before(async () => {
  if (serverUrl) await adminQuery(`create database ${databaseName} template template0`);
});
after(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

describe('npm start', () => {
  let first: Running;
  let base: string;

  before(async () => {
    first = await startService();
    const readyMs = await waitForReady(first);
    base = `http://127.0.0.1:${first.port}`;
    console.log(`cold start on an empty ${serverUrl ? 'PostgreSQL database' : 'data directory'}: ${readyMs} ms`);
  });
  after(() => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
  });

  it('migrates, serves /healthz and prints the first-administrator hint once', async () => {
    const health = await fetch(`${base}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    assert.equal(first.output().split(HINT).length - 1, 1);
    assert.ok(!first.output().includes(ADMIN_PASSWORD), 'the password is never logged');
    // The embedded database starts from the shipped template, migrated already.
    if (serverUrl) assert.match(first.output(), new RegExp(`"migrations":\\["0001_create_foundation".*Ran ${Object.keys(migrations).length} migrations`));
  });

  it('creates the embedded database from the shipped template instead of running initdb', { skip: serverUrl ? 'only the embedded database has a data directory' : false }, () => {
    assert.match(first.output(), /"dataDirectory":"created from the shipped template"/);
    assert.ok(!first.output().includes('could not be used'), 'no fallback to initdb');
  });

  it('signs the first administrator in as person 1 with every role', async () => {
    const login = await fetch(`${base}/api/public/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
    });
    assert.equal(login.status, 200);
    const { apiKey } = (await login.json()) as { apiKey: string };
    const current = await fetch(`${base}/api/users/current`, { headers: { 'x-api-key': apiKey } });
    const { user } = (await current.json()) as { user: { id: number; userName: string; roles: Record<string, boolean> } };
    assert.equal(user.id, 1);
    assert.equal(user.userName, 'admin');
    assert.ok(Object.values(user.roles).every(Boolean));
    assert.ok(!first.output().includes(apiKey), 'the key is never logged');
  });

  it('refuses a second process on the same data directory with a clear message', { skip: serverUrl ? 'the data-directory lock guards only the embedded database' : false }, async () => {
    const second = await startService();
    const code = await second.exited;
    assert.notEqual(code, 0);
    assert.match(second.output(), /is in use by another process \(pid \d+\)/);
    assert.equal((await fetch(`${base}/healthz`)).status, 200, 'the first process is unharmed');
  });

  it('shuts down cleanly on SIGTERM, and a restart does not seed again', async () => {
    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    if (!serverUrl) assert.ok(!fs.existsSync(path.join(dataDir, 'service.lock')), 'the lock is released');

    const again = await startService();
    try {
      await waitForReady(again);
      assert.ok(!again.output().includes(HINT));
      if (!serverUrl) assert.match(again.output(), /"dataDirectory":"opened"/);
      const login = await fetch(`http://127.0.0.1:${again.port}/api/public/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
      });
      assert.equal(login.status, 200, 'the administrator written after the first start is still there');
    } finally {
      again.child.kill('SIGINT');
      assert.equal(await again.exited, 0);
    }
  });

  it("stores the administrator's password only as a scrypt hash at OWASP's cost (N = 2^17, r = 8)", async () => {
    const database = serverUrl ? openPostgres(withDatabase(serverUrl, databaseName)) : await openPglite(dataDir);
    try {
      const admin = await database.db.selectFrom('users').select('password_hash').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
      assert.match(admin.password_hash, /^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    } finally {
      await database.close();
    }
  });
});

describe('npm start on data a newer version migrated', () => {
  it('stops with one sentence that says what to do', async () => {
    const database = serverUrl ? openPostgres(withDatabase(serverUrl, databaseName)) : await openPglite(dataDir);
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_version', ${new Date().toISOString()})`.execute(database.db);
    } finally {
      await database.close();
    }
    const older = await startService();
    assert.equal(await older.exited, 1);
    assert.match(older.output(), /The database was last used by a newer version of the service \(it has migration 9999_from_a_newer_version\).*start the newer version again/);
    assert.doesNotMatch(older.output(), /\n\s+at /);
  });
});

describe('the shipped PGlite template (src/db/pglite-template.tar.br)', () => {
  it('creates a database that holds exactly the migrations of src/db/migrations', async () => {
    const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-template-'));
    const database = await openPglite(templateDir);
    try {
      assert.equal(database.start, 'created from the shipped template', database.templateProblem);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      assert.deepEqual(
        rows.map((row) => row.name),
        Object.keys(migrations).sort(),
        'the template is stale: rebuild it with "npm run build:pglite-template" (scripts/build-pglite-template.ts) and commit it',
      );
    } finally {
      await database.close();
      fs.rmSync(templateDir, { recursive: true, force: true });
    }
  });
});
