import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createChurch, openChurch } from '../../src/church-operations.js';
import { systemClock } from '../../src/domain/clock.js';
import { buildServices } from '../../src/domain/services.js';
import { openChurchRegistry, type ChurchRegistry } from '../../src/db/church-registry.js';
import type { Database } from '../../src/db/database.js';
import { OUTBOX_CHANNEL } from '../../src/jobs/outbox-delivery.js';
import { SETTINGS_CHANNEL } from '../../src/domain/settings/settings.service.js';
import { adminQuery, serverUrl } from '../helpers/service-process.js';
import { withDatabase } from '../helpers/template.js';

/**
 * A NOTIFY reaches every listener of a database. With a church per schema (issue 40) the outbox's and the settings'
 * signals name the schema that sent them, and a church's listener hears its own church only: one church queuing
 * mail or changing a setting wakes no other church's workers and drops no other church's cache. And the answer
 * links its mails carry are signed with its own secret, so they open nothing at another church.
 */
const name = `vms_church_signals_${process.pid}`;

/** Counts a listener's signals and resolves when the count passes a number. */
function counter() {
  let count = 0;
  let wake = () => {};
  return {
    hear: () => {
      count++;
      wake();
    },
    get count() {
      return count;
    },
    passes: (seen: number) => new Promise<void>((resolve) => {
      wake = () => count > seen && resolve();
      wake();
    }),
  };
}

describe('signals of churches in one database (issue 40)', { skip: serverUrl ? false : 'churches are schemas of a PostgreSQL server: runs on the PostgreSQL pass' }, () => {
  let registry: ChurchRegistry;
  const churches: Database[] = [];

  before(async () => {
    await adminQuery(`create database ${name} template template0`);
    const url = withDatabase(serverUrl!, name);
    registry = openChurchRegistry(url);
    for (const host of ['grace.example.org', 'hope.example.org']) {
      const { church } = await createChurch(url, registry, { host, name: host });
      churches.push(openChurch(url, church));
    }
  });

  after(async () => {
    for (const database of churches) await database.close();
    await registry?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  for (const [channel, change] of [
    [OUTBOX_CHANNEL, `insert into notifications (type, person_id, scheduled_for, created_at, dedupe_key, context)
      values ('password_reset', 1, now(), now(), md5(random()::text), '{}')`],
    [SETTINGS_CHANNEL, `insert into settings (name, value) values ('sChurchName', md5(random()::text))
      on conflict (name) do update set value = excluded.value`],
  ] as const) {
    it(`wakes only the church whose change it was on ${channel}`, async () => {
      const [grace, hope] = churches;
      const heard = [counter(), counter()];
      const stops = await Promise.all([grace, hope].map((database, index) => database.listen(channel, heard[index].hear)));
      try {
        await sql.raw(change).execute(grace.db);
        await heard[0].passes(0);
        // The server signals every listener at the commit: by the time Grace's listener has heard it, and a round
        // trip later, Hope's would have too.
        await sql`select 1`.execute(hope.db);
        assert.equal(heard[1].count, 0, 'Hope did not hear Grace\'s change');
        await sql.raw(change).execute(hope.db);
        await heard[1].passes(0);
        await sql`select 1`.execute(grace.db);
        assert.deepEqual([heard[0].count, heard[1].count], [1, 1], 'each heard its own change only');
      } finally {
        for (const stop of stops) await stop();
      }
    });
  }

  it("refuses one church's answer link at another: each church signs its links with a secret of its own", async () => {
    const [grace, hope] = churches.map((database) => buildServices(database, systemClock));
    const subject = { assignmentId: 1, personId: 1, lastResponseId: 0, status: 'pending', assignedAt: '2026-11-01 09:00:00', shiftEnd: '2099-11-01 12:00:00' };
    // Both churches have a first secret, so Grace's link names a key that Hope has too.
    const [graceLink, hopeLink] = await Promise.all([grace, hope].map(async (services) => (await services.answerLinks.signer())(subject)));
    assert.notEqual(graceLink, hopeLink);
    // At Grace the signature holds and the link gets as far as the assignment, which this church has not made.
    await assert.rejects(grace.answerLinks.show(graceLink), { status: 410, message: 'This link no longer works: the assignment was removed.' });
    const invalid = { status: 403, message: 'This link is not valid: it is incomplete or was altered. Open it again from the e-mail, or answer on your volunteer schedule.' };
    await assert.rejects(hope.answerLinks.show(graceLink), invalid);
    await assert.rejects(hope.answerLinks.answer(graceLink, 'accepted', null), invalid);
  });
});

