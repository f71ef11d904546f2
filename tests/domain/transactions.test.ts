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
/** A gate the test opens: `wait` resolves once `open()` was called. */
function latch() {
  let open = () => {};
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

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

  it('keeps concurrent work apart: a rollback takes only its own writes, and nobody sees uncommitted rows (on PGlite\'s one session the others wait)', async () => {
    const inserted = latch();
    const release = latch();
    let isReleased = false;
    const first = withTransaction(database.db, async (repos) => {
      await repos.persons.insert(person('Doomed'));
      inserted.open();
      await release.wait;
      throw new Error('first refused');
    });
    // Everything below starts while the first transaction holds its uncommitted row.
    await inserted.wait;
    let secondBeganReleased: boolean | undefined;
    const second = withTransaction(database.db, async (repos) => {
      secondBeganReleased = isReleased;
      await repos.persons.insert(person('Kept'));
    });
    let seenDuringFirst: Promise<string[]>;
    if (database.kind === 'postgres') {
      // Pooled sessions: the second commits, and a reader reads, before the first ends.
      await second;
      seenDuringFirst = namesInDatabase();
      assert.deepEqual(await seenDuringFirst, ['Kept'], 'the committed row is visible and the uncommitted one is not');
    } else {
      // One session: the read, asked for now, is answered once the first transaction has ended.
      seenDuringFirst = namesInDatabase();
    }
    isReleased = true;
    release.open();
    await assert.rejects(first, /first refused/);
    await second;
    assert.equal(secondBeganReleased, database.kind === 'pglite', database.kind === 'pglite'
      ? 'on the one session the second transaction waited for the first'
      : 'on PostgreSQL the second transaction ran beside the first');
    assert.ok(!(await seenDuringFirst).includes('Doomed'), 'the uncommitted row was never visible outside its transaction');
    assert.deepEqual(await namesInDatabase(), ['Kept']);
  });
});
