import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { useServer } from '../kit/index.js';

const server = useServer();

describe('GET /readyz (ours)', () => {
  it('answers ready without a key while the database answers and has every migration', async () => {
    const answer = await server.get('/readyz');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { status: 'ready' });
  });

  it('answers 503 naming the migrations a database lacks, as for an instance of a newer build', async () => {
    const db = server.database.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const [latest] = rows;
    await sql`delete from kysely_migration where name = ${latest.name}`.execute(db);
    try {
      const answer = await server.get('/readyz');
      assert.equal(answer.status, 503);
      assert.deepEqual(answer.body, { status: 'unavailable', reason: `Migrations not run yet: ${latest.name}` });
      assert.equal((await server.get('/healthz')).status, 200, 'alive all the same');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(db);
    }
  });
});
