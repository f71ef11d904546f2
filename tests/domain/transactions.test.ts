import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { withTransaction } from '../../src/db/repositories/index.js';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase } from '../helpers/database.js';

let database: Database;
before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

const person = (name: string) => ({ first_name: name, last_name: 'Tx', date_entered: '2026-01-01 00:00:00' });
const namesInDatabase = async () =>
  (await database.db.selectFrom('persons').select('first_name').where('last_name', '=', 'Tx').execute()).map((r) => r.first_name).sort();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withTransaction', () => {
  it('writes nothing when the work throws', async () => {
    await assert.rejects(
      withTransaction(database.db, async (repos) => {
        await repos.persons.insert(person('Rolled'));
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.deepEqual(await namesInDatabase(), []);
  });

  it('keeps concurrent work apart: a rollback takes only its own writes, and nobody sees uncommitted rows', async () => {
    let seenDuringFirst: string[] = [];
    const first = withTransaction(database.db, async (repos) => {
      await repos.persons.insert(person('Doomed'));
      await pause(50);
      throw new Error('first refused');
    });
    const second = withTransaction(database.db, async (repos) => {
      await repos.persons.insert(person('Kept'));
    });
    const reader = (async () => {
      await pause(10);
      seenDuringFirst = await namesInDatabase();
    })();
    await assert.rejects(first, /first refused/);
    await second;
    await reader;
    assert.ok(!seenDuringFirst.includes('Doomed'), 'the uncommitted row was never visible outside its transaction');
    assert.deepEqual(await namesInDatabase(), ['Kept']);
  });
});
