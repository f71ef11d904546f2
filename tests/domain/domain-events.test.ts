import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../../src/db/database.js';
import { DomainEventPublisher, inTransaction, type DomainEvent } from '../../src/domain/domain-events.js';
import { openTestDatabase } from '../helpers/database.js';
import { newUser, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Collects what a publisher delivers until `stop()`; the events are read from `events`. */
function listen(publisher: DomainEventPublisher) {
  const events: DomainEvent[] = [];
  const stop = publisher.subscribe((event) => {
    events.push(event);
  });
  return { events, stop };
}

describe('inTransaction and the domain-event publisher', () => {
  let database: Database;
  before(async () => {
    database = await openTestDatabase();
  });
  after(() => database.close());

  const person = (name: string) => ({ first_name: name, last_name: 'Events', date_entered: '2026-01-01 00:00:00' });
  const namesInDatabase = async () =>
    (await database.db.selectFrom('persons').select('first_name').where('last_name', '=', 'Events').execute()).map((r) => r.first_name).sort();

  it('publishes events emitted inside the transaction only after it has committed', { timeout: 10_000 }, async () => {
    const publisher = new DomainEventPublisher();
    const delivered: Array<{ event: DomainEvent; namesSeen: string[] }> = [];
    publisher.subscribe(async (event) => {
      // On the root handle: the committed row is visible to it only once the transaction is over.
      delivered.push({ event, namesSeen: await namesInDatabase() });
    });
    let deliveredDuringWork = -1;
    const result = await inTransaction(database.db, publisher, async ({ repos, emit }) => {
      const row = await repos.persons.insert(person('Committed'));
      emit({ type: 'group-member-added', groupId: 7, personId: row.id });
      emit({ type: 'group-member-removed', groupId: 7, personId: row.id });
      deliveredDuringWork = delivered.length;
      return row.id;
    });
    assert.equal(deliveredDuringWork, 0, 'nothing is published while the transaction is open');
    assert.deepEqual(delivered.map((d) => d.event), [
      { type: 'group-member-added', groupId: 7, personId: result },
      { type: 'group-member-removed', groupId: 7, personId: result },
    ], 'published in the order emitted');
    for (const { namesSeen } of delivered) assert.ok(namesSeen.includes('Committed'), 'the subscriber sees the committed write');
  });

  it('publishes nothing and writes nothing when the work throws', async () => {
    const publisher = new DomainEventPublisher();
    const { events } = listen(publisher);
    await assert.rejects(
      inTransaction(database.db, publisher, async ({ repos, emit }) => {
        const row = await repos.persons.insert(person('RolledBack'));
        emit({ type: 'group-member-added', groupId: 8, personId: row.id });
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.deepEqual(events, []);
    assert.ok(!(await namesInDatabase()).includes('RolledBack'), 'the write was rolled back');
  });

  it('does not fail the caller when a subscriber throws, reports it, and still delivers to the others', async () => {
    const reported: Array<{ error: unknown; event: DomainEvent }> = [];
    const publisher = new DomainEventPublisher((error, event) => reported.push({ error, event }));
    publisher.subscribe(() => {
      throw new Error('subscriber broke');
    });
    publisher.subscribe(async () => {
      throw new Error('async subscriber broke');
    });
    const { events } = listen(publisher);
    const result = await inTransaction(database.db, publisher, async ({ repos, emit }) => {
      await repos.persons.insert(person('Survivor'));
      emit({ type: 'event.created', eventId: 42 });
      return 'done';
    });
    assert.equal(result, 'done');
    assert.deepEqual(events, [{ type: 'event.created', eventId: 42 }]);
    assert.deepEqual(reported.map((r) => (r.error as Error).message), ['subscriber broke', 'async subscriber broke']);
    assert.ok(reported.every((r) => r.event.type === 'event.created'));
    assert.ok((await namesInDatabase()).includes('Survivor'));
  });

  it('stops delivering to an unsubscribed function, and a second unsubscribe removes nobody else', async () => {
    const publisher = new DomainEventPublisher();
    const first = listen(publisher);
    const second = listen(publisher);
    first.stop();
    first.stop();
    await publisher.publish([{ type: 'event.created', eventId: 1 }]);
    assert.deepEqual(first.events, []);
    assert.deepEqual(second.events, [{ type: 'event.created', eventId: 1 }]);
  });

  it('delivers to every subscriber even when one unsubscribes itself while being called', async () => {
    const publisher = new DomainEventPublisher();
    const once: DomainEvent[] = [];
    const stopOnce = publisher.subscribe((event) => {
      once.push(event);
      stopOnce();
    });
    const other = listen(publisher);
    await publisher.publish([{ type: 'event.created', eventId: 1 }, { type: 'event.created', eventId: 2 }]);
    assert.deepEqual(once, [{ type: 'event.created', eventId: 1 }]);
    assert.deepEqual(other.events, [{ type: 'event.created', eventId: 1 }, { type: 'event.created', eventId: 2 }]);
  });
});

describe('event.created over HTTP', () => {
  let server: TestServer;
  let planner: TestUser;
  let otherTypeId: number;
  before(async () => {
    server = await startTestServer();
    planner = await newUser(server, { roles: ['addEvents'] });
    const types = await server.get('/api/events/types', { key: planner.apiKey });
    otherTypeId = types.body.find((type: { Name: string }) => type.Name === 'Other').Id;
  });
  after(() => server.close());

  it('POST /api/events emits event.created once, for the event it created', async () => {
    const { events, stop } = listen(server.app.services.publisher);
    try {
      const answer = await server.post('/api/events', {
        Title: 'Choir practice', Type: otherTypeId, Start: '2026-05-03 10:00:00', End: '2026-05-03 11:00:00', PinnedCalendars: [],
      }, { key: planner.apiKey });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.success, true);
      assert.deepEqual(events, [{ type: 'event.created', eventId: answer.body.eventId }]);
    } finally {
      stop();
    }
  });

  it('POST /api/events emits nothing when it refuses the event', async () => {
    const { events, stop } = listen(server.app.services.publisher);
    try {
      const answer = await server.post('/api/events', {
        Title: 'Nowhere', Type: otherTypeId, Start: '2026-05-03 10:00:00', End: '2026-05-03 11:00:00', PinnedCalendars: [987654],
      }, { key: planner.apiKey });
      assert.equal(answer.status, 400);
      assert.deepEqual(events, []);
    } finally {
      stop();
    }
  });

  it('POST /api/events/repeat emits event.created once per event of the series', async () => {
    const { events, stop } = listen(server.app.services.publisher);
    try {
      const answer = await server.post('/api/events/repeat', {
        Title: 'Sunday service', Type: otherTypeId, StartTime: '10:00', EndTime: '11:00',
        RecurType: 'weekly', RecurDOW: 'Sunday', RangeStart: '2026-05-01', RangeEnd: '2026-05-31',
      }, { key: planner.apiKey });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.count, 5, 'five Sundays in May 2026');
      assert.equal(answer.body.eventIds.length, 5);
      assert.deepEqual(
        events.map((event) => (event.type === 'event.created' ? event.eventId : `unexpected ${event.type}`)).sort((a, b) => Number(a) - Number(b)),
        [...answer.body.eventIds].sort((a: number, b: number) => a - b),
      );
    } finally {
      stop();
    }
  });
});
