import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { serverUrl, spawnService, waitForReady } from '../helpers/service-process.js';
import { mountTmpfs } from '../helpers/tmpfs.js';

/**
 * Issue 41: the embedded database on a disk that fills up. A first start says the disk is full; a running service
 * answers a change it cannot save with 503 and a plain reason, and /readyz says it is not ready until there is
 * room again. The disk is a small tmpfs, filled to its last block.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-full-disk-'));
const disk = path.join(work, 'disk');
const volume = mountTmpfs(disk, '128m');
const skip = serverUrl ? "the embedded database's own disk: runs on the embedded pass" : volume.skip;
after(() => {
  volume.unmount();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the embedded database on a full disk', () => {
  for (const [room, leaveBytes] of [['no room at all', 0], ['room for the lock file only', 256 * 1024]] as const) {
    it(`a first start with ${room} says the disk is full, in one line`, { skip }, async () => {
      volume.fill(leaveBytes);
      try {
        const service = await spawnService({ DATA_DIR: path.join(disk, 'first'), DATABASE_URL: '' });
        assert.equal(await service.exited, 1);
        assert.match(service.output(), /The disk holding the database is full, so the service could not start/);
        assert.doesNotMatch(service.output(), /ErrnoError|\n\s+at /);
      } finally {
        volume.makeRoom();
        fs.rmSync(path.join(disk, 'first'), { recursive: true, force: true });
      }
    });
  }

  it('a change answers 503 "the disk is full" and /readyz is not ready, until there is room again', { skip }, async () => {
    const service = await spawnService({ DATA_DIR: path.join(disk, 'church'), DATABASE_URL: '', ADMIN_PASSWORD: 'full-disk-admin' });
    try {
      await waitForReady(service);
      const base = `http://127.0.0.1:${service.port}`;
      const login = await fetch(`${base}/api/public/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: 'full-disk-admin' }),
      });
      const { apiKey } = (await login.json()) as { apiKey: string };
      const createMinistry = (name: string) =>
        fetch(`${base}/api/ministries/ministries`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ name }) });

      volume.fill();
      const refused = await createMinistry('Welcome');
      assert.equal(refused.status, 503);
      assert.match(((await refused.json()) as { message: string }).message, /^The disk is full/);
      const notReady = await fetch(`${base}/readyz`);
      assert.equal(notReady.status, 503);
      assert.deepEqual(await notReady.json(), { status: 'unavailable', reason: 'The disk is full' });

      volume.makeRoom();
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
      assert.equal((await createMinistry('Welcome')).status, 201);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });
});
