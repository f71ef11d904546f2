import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forgetLatestMigration, useServer } from '../kit/index.js';

const server = useServer();

describe('GET /readyz (ours)', () => {
  it('answers ready without a key while the database answers and has every migration', async () => {
    const answer = await server.get('/readyz');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { status: 'ready' });
  });

  it('answers 503 naming the migrations a database lacks, as for an instance of a newer build', async () => {
    const latest = await forgetLatestMigration(server);
    try {
      const answer = await server.get('/readyz');
      assert.equal(answer.status, 503);
      assert.deepEqual(answer.body, { status: 'unavailable', reason: `Migrations not run yet: ${latest.name}` });
      assert.equal((await server.get('/healthz')).status, 200, 'alive all the same');
    } finally {
      await latest.restore();
    }
  });
});
