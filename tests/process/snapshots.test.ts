import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { scriptArguments } from '../../scripts/start-command.mjs';
import { adminQuery, serverUrl, spawnService, waitForReady } from '../helpers/service-process.js';
import { withDatabase } from '../helpers/template.js';
import { mountTmpfs } from '../helpers/tmpfs.js';

/**
 * The commands that move a church's data (issue 19), run as a user runs them: the demo church on the embedded
 * database, then `npm run backup` / `npm run restore` on the pass's own kind of database and, on the PostgreSQL
 * pass, `npm run migrate-to` from the embedded database to the server. After each, the service started on the
 * copy answers a handful of reads exactly as it did on the original.
 */
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-snapshots-'));
const demoDir = path.join(work, 'demo');
const databases = serverUrl ? ['migrated', 'restored'].map((name) => `vms_snap_${name}_${process.pid}`) : [];
const DEMO_PASSWORD = 'volunteer-demo';

interface Outcome {
  code: number;
  output: string;
}

async function npmRun(script: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: '', DATABASE_URL: '', ...env };
  delete childEnv.TEST_DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, [...scriptArguments(script), ...args], { env: childEnv, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** What a volunteer and the administrator read, with the keys and clocks that differ between two starts left out. */
async function readsOf(env: Record<string, string>): Promise<unknown[]> {
  const service = await spawnService(env);
  try {
    await waitForReady(service);
    const base = `http://127.0.0.1:${service.port}`;
    const keyOf = async (userName: string, password: string) => {
      const login = await fetch(`${base}/api/public/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password }) });
      assert.equal(login.status, 200, `${userName} signs in`);
      return ((await login.json()) as { apiKey: string }).apiKey;
    };
    const grace = await keyOf('grace', DEMO_PASSWORD);
    const admin = await keyOf('admin', 'changeme');
    const read = async (url: string, key: string) => {
      const answer = await fetch(`${base}${url}`, { headers: { 'x-api-key': key } });
      assert.equal(answer.status, 200, url);
      return answer.json();
    };
    return [
      await read('/api/me/assignments', grace),
      await read('/api/ministries/ministries', admin),
      await read('/api/ministries/occurrences?from=2020-01-01&to=2030-12-31', admin),
      await read('/api/persons/search/Grace', admin),
      await read('/api/ministries/dashboard', admin),
    ];
  } finally {
    service.child.kill('SIGTERM');
    await service.exited;
  }
}

let original: unknown[];
let demoOutput: string;

/** Where the restores go: the pass's second server database, or a new embedded data directory. */
const restoreTarget = (): Record<string, string> =>
  serverUrl ? { DATABASE_URL: withDatabase(serverUrl, databases[1]), DATA_DIR: path.join(work, 'beside-the-server') } : { DATA_DIR: path.join(work, 'restored') };

/** A statement in one of the pass's server databases, as another program sharing it would run one. */
async function queryIn(database: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl!, database) });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const backupsIn = (dataDir: string) => (fs.existsSync(path.join(dataDir, 'backups')) ? fs.readdirSync(path.join(dataDir, 'backups')) : []);

before(async () => {
  for (const name of databases) await adminQuery(`create database ${name} template template0`);
  // Set as for a service served to a network, which a browser on this machine still opens on loopback.
  const demo = await npmRun('demo', [], { DATA_DIR: demoDir, HOST: '0.0.0.0', PORT: '8181' });
  assert.equal(demo.code, 0, demo.output);
  demoOutput = demo.output;
  original = await readsOf({ DATA_DIR: demoDir });
  assert.ok(JSON.stringify(original[0]).includes('"status"'), 'the demo volunteer has assignments to compare');
});
after(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
});

describe('npm run demo', () => {
  it('closes with the address the service will answer at: its PORT, on loopback when HOST is every interface', () => {
    assert.match(demoOutput, /Start the service \(npm start\) and open http:\/\/127\.0\.0\.1:8181\/ to sign in/);
  });
});

describe('npm run backup and npm run restore', () => {
  const backup = path.join(work, 'church.vms.gz');

  it('write a backup of the embedded database and refuse to overwrite a file', async () => {
    const first = await npmRun('backup', [backup], { DATA_DIR: demoDir });
    assert.equal(first.code, 0, first.output);
    assert.match(first.output, /assignments\s+32/);
    const again = await npmRun('backup', [backup], { DATA_DIR: demoDir });
    assert.equal(again.code, 1);
    assert.match(again.output, /exists already/);
  });

  it('restore it into an empty database, which then answers as the original did', async () => {
    const target = restoreTarget();
    const restored = await npmRun('restore', [backup], target);
    assert.equal(restored.code, 0, restored.output);
    assert.match(restored.output, /row count checked/);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), ...target }), original);
  });

  it('refuse to restore over a database that holds data unless --force is given', async () => {
    const target = restoreTarget();
    const refused = await npmRun('restore', [backup], target);
    assert.equal(refused.code, 1);
    assert.match(refused.output, /Nothing was changed\. To replace .* --force/);
    const forced = await npmRun('restore', [backup, '--force'], target);
    assert.equal(forced.code, 0, forced.output);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), ...target }), original);
  });

  it('replaces only the service\'s own tables on a server, after keeping them in a backup', { skip: serverUrl ? false : 'a server database shared with other programs: runs on the PostgreSQL pass' }, async () => {
    const target = restoreTarget();
    await queryIn(databases[1], 'create table parish_archive (id int primary key, note text); insert into parish_archive values (1, \'kept\')');
    const forced = await npmRun('restore', [backup, '--force'], target);
    assert.equal(forced.code, 0, forced.output);
    const kept = /The database it replaced is kept in (\S+before-restore-\S+\.vms\.gz);/.exec(forced.output)?.[1];
    assert.ok(kept && fs.existsSync(kept), forced.output);
    assert.deepEqual(await queryIn(databases[1], 'select id, note from parish_archive'), [{ id: 1, note: 'kept' }]);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), ...target }), original);

    const fromKept = await npmRun('restore', [kept!, '--force'], target);
    assert.equal(fromKept.code, 0, fromKept.output);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), ...target }), original, 'the kept backup restores too');
  });

  it('refuse a backup with a duplicated row in one line, and change nothing', async () => {
    const lines = zlib.gunzipSync(fs.readFileSync(backup)).toString('utf8').split('\n');
    const index = lines.findIndex((line) => line.startsWith('{"kind":"rows","table":"persons"'));
    const record = JSON.parse(lines[index]) as { rows: unknown[] };
    lines[index] = JSON.stringify({ ...record, rows: [...record.rows, record.rows[0]] });
    const duplicated = path.join(work, 'duplicated.vms.gz');
    fs.writeFileSync(duplicated, zlib.gzipSync(lines.join('\n')));
    const target = restoreTarget();
    const refused = await npmRun('restore', [duplicated, '--force'], target);
    assert.equal(refused.code, 1);
    assert.match(refused.output, /The rows of persons in the snapshot cannot be loaded \(.*\); nothing was changed/);
    assert.doesNotMatch(refused.output, /\n\s+at /);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), ...target }), original);
  });

  it('remove what a killed backup left behind on the next run', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    const leftover = path.join(work, `killed.vms.gz.partial-${gone.pid}`);
    fs.writeFileSync(leftover, 'half a backup');
    const next = await npmRun('backup', [path.join(work, 'next.vms.gz')], { DATA_DIR: demoDir });
    assert.equal(next.code, 0, next.output);
    assert.ok(!fs.existsSync(leftover));
  });

  it('refuse a cut-short backup and change nothing', async () => {
    const whole = zlib.gunzipSync(fs.readFileSync(backup)).toString('utf8').split('\n');
    const cut = path.join(work, 'cut.vms.gz');
    fs.writeFileSync(cut, zlib.gzipSync(whole.slice(0, whole.length - 3).join('\n')));
    const target = restoreTarget();
    const refused = await npmRun('restore', [cut, '--force'], target);
    assert.equal(refused.code, 1);
    assert.match(refused.output, /cut short.*nothing was changed/);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), ...target }), original);
  });
});

describe('npm run restore into a data directory that is a filesystem of its own', () => {
  const backup = path.join(work, 'church.vms.gz');
  const mounted = path.join(work, 'volume');
  // Room for three databases: the one in use, the one being built, and the replaced one kept after the swap.
  const volume = mountTmpfs(mounted, '256m');
  const skip = serverUrl ? 'restores into a data directory: runs on the embedded pass' : volume.skip;
  after(() => volume.unmount());

  it('restores into the empty mount, then replaces it with --force, keeping the old database on the mount', { skip }, async () => {
    if (!fs.existsSync(backup)) assert.equal((await npmRun('backup', [backup], { DATA_DIR: demoDir })).code, 0);
    const first = await npmRun('restore', [backup], { DATA_DIR: mounted });
    assert.equal(first.code, 0, first.output);
    const forced = await npmRun('restore', [backup, '--force'], { DATA_DIR: mounted });
    assert.equal(forced.code, 0, forced.output);
    assert.match(forced.output, /The database it replaced is kept in .*pgdata\.replaced-/);
    assert.deepEqual(fs.readdirSync(mounted).filter((entry) => !entry.startsWith('pgdata')), [], 'nothing of the restore is left over');
    assert.deepEqual(await readsOf({ DATA_DIR: mounted }), original);
  });

  it('keeps the database in use when the mount runs out of room during a restore', { skip }, async () => {
    volume.fill(4 * 1024 * 1024);
    try {
      const refused = await npmRun('restore', [backup, '--force'], { DATA_DIR: mounted });
      assert.equal(refused.code, 1);
      assert.match(refused.output, /^The disk is full: nothing was changed\./m);
      assert.deepEqual(fs.readdirSync(mounted).filter((entry) => entry.startsWith('restoring-')), []);
    } finally {
      volume.makeRoom();
    }
    assert.deepEqual(await readsOf({ DATA_DIR: mounted }), original);
  });
});

describe('npm run migrate-to', { skip: serverUrl ? false : 'copies to a PostgreSQL server: runs on the PostgreSQL pass (TEST_DATABASE_URL)' }, () => {
  it('copies the embedded church to an empty server database that then answers the same', async () => {
    const url = withDatabase(serverUrl!, databases[0]);
    const copied = await npmRun('migrate-to', [url], { DATA_DIR: demoDir });
    assert.equal(copied.code, 0, copied.output);
    assert.match(copied.output, /every table's row count matches/);
    assert.match(copied.output, /DATABASE_URL='postgres/);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), DATABASE_URL: url }), original);
  });

  it('says what to set next, with no password to replace when the address has none', async () => {
    const copied = await npmRun('migrate-to', [withDatabase(serverUrl!, databases[1]), '--force'], { DATA_DIR: demoDir });
    assert.equal(copied.code, 0, copied.output);
    assert.doesNotMatch(copied.output, /real password/);
    assert.match(copied.output, /Keep DATA_DIR out of use from now on\./);
  });

  it('refuses a server database that is not empty, without leaving another backup', async () => {
    const before = backupsIn(demoDir);
    const refused = await npmRun('migrate-to', [withDatabase(serverUrl!, databases[0])], { DATA_DIR: demoDir });
    assert.equal(refused.code, 1);
    assert.match(refused.output, /not empty\. Nothing was changed.*--force/);
    assert.deepEqual(backupsIn(demoDir), before);
  });

  it('replaces the service\'s data on the server with --force, keeping it in a backup first', async () => {
    const url = withDatabase(serverUrl!, databases[0]);
    const forced = await npmRun('migrate-to', [url, '--force'], { DATA_DIR: demoDir });
    assert.equal(forced.code, 0, forced.output);
    assert.match(forced.output, /What the service had in that database before is kept in \S+before-restore-/);
    assert.deepEqual(await readsOf({ DATA_DIR: path.join(work, 'unused'), DATABASE_URL: url }), original);
  });

  it('leaves the embedded copy usable, and a start on it says that it was copied to the server', async () => {
    const service = await spawnService({ DATA_DIR: demoDir, DATABASE_URL: '' });
    try {
      await waitForReady(service);
      assert.match(service.output(), /This embedded database was copied to postgres:\/\/\S+ by npm run migrate-to/);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });
});
