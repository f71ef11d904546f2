import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createChurch } from '../../src/church-operations.js';
import { ChurchConnections } from '../../src/db/church-connections.js';
import { openChurchRegistry, type Church, type ChurchRegistry } from '../../src/db/church-registry.js';
import type { Database } from '../../src/db/database.js';
import { adminQuery, serverUrl } from '../helpers/service-process.js';
import { withDatabase } from '../helpers/template.js';

/**
 * An instance of many churches (issue 40) shares its connections among them, so that 200 churches need no more of
 * the server's connections than one. A statement still reaches its own church's tables and no other's, whichever
 * church the connection served before; a busy church borrows idle connections of the others; timer-job locks do not
 * take the connections their work needs; and a connection that has served many churches is replaced, so that the server does not keep every church's catalogue on it for good.
 */
const name = `vms_church_connections_${process.pid}`;

/** A promise the test resolves when it chooses. */
function latch() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve: () => resolve() };
}

/** The church's name as its own settings say, through a prepared statement (it has a parameter), and who answered. */
async function nameAndBackend(database: Database): Promise<{ churchName: string; backend: number }> {
  const { rows } = await sql<{ churchName: string; backend: number }>`
    select value as "churchName", pg_backend_pid() as backend from settings where name = ${'sChurchName'}`.execute(database.db);
  return rows[0];
}

describe('connections shared by the churches of an instance (issue 40)', { skip: serverUrl ? false : 'churches are schemas of a PostgreSQL server: runs on the PostgreSQL pass' }, () => {
  let url: string;
  let registry: ChurchRegistry;
  const churches: Church[] = [];

  before(async () => {
    await adminQuery(`create database ${name} template template0`);
    url = withDatabase(serverUrl!, name);
    registry = openChurchRegistry(url);
    for (const host of ['grace.example.org', 'hope.example.org']) churches.push((await createChurch(url, registry, { host, name: host })).church);
  });

  after(async () => {
    await registry?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  /** Opens the two churches on `connections`, runs `work`, and closes all of it. */
  async function withChurches(connections: ChurchConnections, work: (grace: Database, hope: Database) => Promise<void>) {
    const [grace, hope] = churches.map((church) => connections.open(church.schema));
    try {
      await work(grace, hope);
    } finally {
      await grace.close();
      await hope.close();
      await connections.close();
    }
  }

  it('answers each church from its own tables on one connection, its prepared statements included', async () => {
    await withChurches(new ChurchConnections({ connectionString: url, connections: 1 }), async (grace, hope) => {
      const answers = [];
      for (const database of [grace, hope, grace, hope]) answers.push(await nameAndBackend(database));
      assert.deepEqual(answers.map((answer) => answer.churchName), ['grace.example.org', 'hope.example.org', 'grace.example.org', 'hope.example.org']);
      assert.equal(new Set(answers.map((answer) => answer.backend)).size, 1, 'one connection served both churches');
    });
  });

  it('keeps to its connections however many statements of however many churches arrive at once', async () => {
    const connections = new ChurchConnections({ connectionString: url, connections: 4 });
    await withChurches(connections, async (grace, hope) => {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => nameAndBackend(index % 2 === 0 ? grace : hope)));
      assert.deepEqual(answers.filter((answer, index) => answer.churchName !== (index % 2 === 0 ? 'grace.example.org' : 'hope.example.org')), []);
      assert.ok(new Set(answers.map((answer) => answer.backend)).size <= 4, 'no more than the instance\'s 4 connections answered');
      assert.ok(connections.stats().total <= 4, `the instance opened ${connections.stats().total} connections`);
    });
  });

  // Without lending, Grace's third statement would wait for good: the timeout ends it, not a measure of speed.
  it('lends a busy church the connections of another slot that stand idle', { timeout: 60_000 }, async () => {
    // Two slots of two: Grace (church_1) and Hope (church_2) each have a home slot of their own.
    await withChurches(new ChurchConnections({ connectionString: url, connections: 4 }), async (grace, hope) => {
      await nameAndBackend(hope);
      const held = latch();
      const entered = [latch(), latch()];
      // Grace's two home connections are held by transactions that wait for the test.
      const holding = entered.map((inside) => grace.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        inside.resolve();
        await held.promise;
      }));
      await Promise.all(entered.map((inside) => inside.promise));
      assert.equal((await nameAndBackend(grace)).churchName, 'grace.example.org');
      held.resolve();
      await Promise.all(holding);
    });
  });

  // With the locks on the slot's two connections, both churches' work would wait for good: the timeout ends it.
  it('runs the timer jobs of churches at once though their locks and their work outnumber the connections', { timeout: 60_000 }, async () => {
    await withChurches(new ChurchConnections({ connectionString: url, connections: 2 }), async (grace, hope) => {
      const inside = [latch(), latch()];
      const runs = [grace, hope].map((database, index) => database.whileHolding('timer-jobs', async () => {
        inside[index].resolve();
        // Both hold their lock before either works.
        await Promise.all(inside.map((one) => one.promise));
        return Promise.all([nameAndBackend(database), nameAndBackend(database)]);
      }));
      const answers = await Promise.all(runs);
      assert.deepEqual(answers.map((run) => run.held && run.value.map((answer) => answer.churchName)), [
        ['grace.example.org', 'grace.example.org'],
        ['hope.example.org', 'hope.example.org'],
      ]);
    });
  });

  it('replaces a connection once it has served its number of churches', async () => {
    await withChurches(new ChurchConnections({ connectionString: url, connections: 1, churchesAConnection: 2 }), async (grace, hope) => {
      const first = await nameAndBackend(grace);
      const second = await nameAndBackend(hope);
      assert.equal(second.backend, first.backend, 'the connection served its second church');
      const third = await nameAndBackend(grace);
      assert.notEqual(third.backend, first.backend, 'then a new connection took its place');
      assert.equal(third.churchName, 'grace.example.org');
    });
  });
});
