import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildApp, type App } from '../../src/app.js';
import { startDelivery } from '../../src/jobs/outbox-delivery.js';
import { storedRows, newUser, startMailSink, TEST_PASSWORD_COST, type MailSink, type TestUser, setUp, useServer, useUser } from '../kit/index.js';

// No poll may help: a worker that waited for its timer would take an hour.
const AN_HOUR = 3_600_000;

const server = useServer();
const admin = useUser(server, ['admin']);
let sink: MailSink;
const stops: Array<() => Promise<void>> = [];

setUp(async () => {
  sink = await startMailSink();
  for (const [name, value] of [['sSMTPHost', `127.0.0.1:${sink.port}`], ['sChurchEmail', 'office@church.example'], ['bEnabledEmail', '1'], ['iLoginRateLimitPerMinute', '0'], ['iPublicFormRateLimitPerMinute', '0']]) {
    assert.equal((await server.post(`/admin/api/system/config/${name}`, { value }, { key: admin.apiKey })).status, 200);
  }
});
after(async () => {
  for (const stop of stops) await stop();
  await sink.close();
  await server.close();
});

/**
 * How long after the answer (sent once the transaction committed) the mail reached the sink; 0 when it was there
 * first. The request itself may take long (hashing a password); only what follows the commit counts.
 */
async function msAfterAnswer(address: string, request: () => Promise<{ status: number }>): Promise<number> {
  const before = sink.inbox.length;
  assert.equal((await request()).status, 200);
  const answeredAt = performance.now();
  for (;;) {
    const arrival = sink.inbox.slice(before).find((a) => a.to === address);
    if (arrival) return Math.max(0, arrival.at - answeredAt);
    if (performance.now() - answeredAt > 5_000) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const emailOf = async (user: TestUser) => (await storedRows(server, 'persons', { id: user.personId }))[0].email!;

describe('mail leaves within seconds of the commit', () => {
  it('delivers a password-reset mail and an administrator\'s reset within 2 s, with no timer job and no poll', async () => {
    stops.push(await startDelivery(server.app.services, server.database.listen, (error) => assert.fail(String(error)), AN_HOUR));
    const asker = await newUser(server);
    const reset = await newUser(server);
    const askerMs = await msAfterAnswer(await emailOf(asker), () => server.post('/api/public/user/password-reset', { userName: asker.userName }));
    const resetMs = await msAfterAnswer(await emailOf(reset), () => server.post(`/admin/api/user/${reset.userId}/password/reset`, {}, { key: admin.apiKey }));
    assert.ok(askerMs <= 2_000, `the reset link arrived ${askerMs} ms after the answer`);
    assert.ok(resetMs <= 2_000, `the new password arrived ${resetMs} ms after the answer`);
  });

  it('wakes the worker of another app on the same database, whose own requests queued nothing', async () => {
    for (const stop of stops.splice(0)) await stop();
    const other: App = await buildApp({ database: server.database, clock: server.clock, passwordCost: TEST_PASSWORD_COST, logger: false });
    stops.push(await startDelivery(other.services, server.database.listen, (error) => assert.fail(String(error)), AN_HOUR));
    const user = await newUser(server);
    const ms = await msAfterAnswer(await emailOf(user), () => server.post(`/admin/api/user/${user.userId}/password/reset`, {}, { key: admin.apiKey }));
    assert.ok(ms <= 2_000, `arrived ${ms} ms after the answer`);
  });
});
