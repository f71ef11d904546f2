import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { currentHolder, isHolderRunning, lockDataDirectory } from '../../src/db/data-directory-lock.js';
import { serverUrl, spawnService, waitForReady, type Running } from '../helpers/service-process.js';

/**
 * Issue 41: a lock left by a service that died must not block the next start, even when its pid is alive again: a
 * container restarted after a kill -9 runs the service under the same pid, and after a power cut any process may
 * hold the recorded one. The embedded database only: a server has no data directory.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-lock-'));
const services: Running[] = [];
after(() => {
  // A test that failed half-way leaves its service running; killing unshare ends the one inside it too (--kill-child).
  for (const service of services) if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

async function started(env: Record<string, string>, prefix?: string[]): Promise<Running> {
  const service = await spawnService(env, prefix);
  services.push(service);
  return service;
}

const embeddedOnly = serverUrl ? 'the data directory lock guards only the embedded database: runs on the embedded pass' : false;
const lockOf = (dataDir: string) => path.join(dataDir, 'service.lock');
const recordedPid = (dataDir: string) => (JSON.parse(fs.readFileSync(lockOf(dataDir), 'utf8')) as { pid: number }).pid;

async function killHard(service: Running): Promise<void> {
  service.child.kill('SIGKILL');
  await service.exited;
}

async function stop(service: Running): Promise<void> {
  service.child.kill('SIGTERM');
  assert.equal(await service.exited, 0, service.output());
}

/** The service's own pid as this process sees it: the signals go to it, and unshare exits with it. */
const serviceIn = (wrapper: Running) => Number(fs.readFileSync(`/proc/${wrapper.child.pid}/task/${wrapper.child.pid}/children`, 'utf8').trim());

const unshareSkip = (() => {
  if (process.getuid?.() !== 0) return 'a pid namespace of its own needs root';
  try {
    execFileSync('unshare', ['--pid', '--fork', '--kill-child', 'true'], { stdio: 'pipe' });
    return false;
  } catch (error) {
    return `this machine makes no pid namespace: ${(error as Error).message.split('\n')[0]}`;
  }
})();

describe('the data directory lock of npm start', { skip: embeddedOnly }, () => {
  it('is taken over after a kill -9 when the recorded pid belongs to another live process', async () => {
    const dataDir = path.join(work, 'reused');
    const crashed = await started({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitForReady(crashed);
    await killHard(crashed);
    fs.writeFileSync(lockOf(dataDir), String(process.pid));

    const again = await started({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitForReady(again);
    assert.match(again.output(), /"dataDirectory":"opened"/);
    assert.equal(recordedPid(dataDir), again.child.pid);
    await stop(again);
  });

  it('is taken over by a service restarted under the same pid after a kill -9, as in a container', { skip: unshareSkip }, async () => {
    const dataDir = path.join(work, 'container');
    const inContainer = ['unshare', '--pid', '--fork', '--kill-child', '--'];
    const crashed = await started({ DATA_DIR: dataDir, DATABASE_URL: '' }, inContainer);
    await waitForReady(crashed);
    assert.equal(recordedPid(dataDir), 1, 'the first process of a pid namespace is pid 1');
    process.kill(serviceIn(crashed), 'SIGKILL');
    await crashed.exited;

    const again = await started({ DATA_DIR: dataDir, DATABASE_URL: '' }, inContainer);
    await waitForReady(again);
    assert.equal(recordedPid(dataDir), 1);
    process.kill(serviceIn(again), 'SIGTERM');
    assert.equal(await again.exited, 0, again.output());
  });

  it('still refuses a second process while the first runs', async () => {
    const dataDir = path.join(work, 'shared');
    const first = await started({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitForReady(first);
    const second = await started({ DATA_DIR: dataDir, DATABASE_URL: '' });
    assert.notEqual(await second.exited, 0);
    assert.match(second.output(), new RegExp(`is in use by another process \\(pid ${first.child.pid}\\)`));
    await stop(first);
    assert.ok(!fs.existsSync(lockOf(dataDir)), 'a clean stop removes the lock file');
  });
});

describe('the recorded holder, which decides where the system has no file locks', { skip: embeddedOnly || (fs.existsSync('/proc/self/stat') ? false : 'start times are read from /proc') }, () => {
  it('is running only while the recorded pid started at the recorded time in this boot', async () => {
    const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    await once(sleeper, 'spawn');
    try {
      const lockPath = lockOf(path.join(work, 'records'));
      const holder = { ...currentHolder(), pid: sleeper.pid! };
      holder.start = fs.readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
      assert.equal(isHolderRunning(holder, lockPath), true, 'the holder itself');
      assert.equal(isHolderRunning({ ...holder, start: `${Number(holder.start) - 1}` }, lockPath), false, 'its pid reused by a later process');
      assert.equal(isHolderRunning({ ...holder, boot: 'an earlier boot' }, lockPath), false, 'a holder from before a power cut');
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('is never this process unless it holds that lock now', () => {
    const dataDir = path.join(work, 'own');
    const lockPath = lockOf(dataDir);
    assert.equal(isHolderRunning(currentHolder(), lockPath), false, 'a leftover of an earlier process with this pid');
    const release = lockDataDirectory(dataDir);
    try {
      assert.equal(isHolderRunning(currentHolder(), lockPath), true);
      assert.throws(() => lockDataDirectory(dataDir), /is in use by another process/);
    } finally {
      release();
    }
  });
});
