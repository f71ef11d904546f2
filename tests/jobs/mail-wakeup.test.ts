import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildApp, type App } from '../../src/app.js';
import { startDelivery } from '../../src/jobs/outbox-delivery.js';
import { storedRows, newUser, startMailSink, TEST_PASSWORD_COST, type MailSink, type SunkMail, type TestUser, setUp, useServer, useUser, watchedInbox } from '../kit/index.js';

// No poll may help: asked for one an hour away, a worker polls when its claims' lease (300 s by default) would end,
// far beyond each test's timeout.
const AN_HOUR = 3_600_000;
const BEFORE_ANY_POLL = { timeout: 60_000 };

const server = useServer();
const admin = useUser(server, ['admin']);
let sink: MailSink;
const { inbox, arrival } = watchedInbox();

setUp(async () => {
  sink = await startMailSink(inbox);
  for (const [name, value] of [['sSMTPHost', `127.0.0.1:${sink.port}`], ['sChurchEmail', 'office@church.example'], ['bEnabledEmail', '1'], ['iLoginRateLimitPerMinute', '0'], ['iPublicFormRateLimitPerMinute', '0']]) {
    assert.equal((await server.post(`/admin/api/system/config/${name}`, { value }, { key: admin.apiKey })).status, 200);
  }
});
after(async () => {
  await sink.close();
  await server.close();
});

/** Answers the mail `request` sends to `address`; the request must answer 200. */
async function mailOf(address: string, request: () => Promise<{ status: number; text: string }>): Promise<SunkMail> {
  const from = inbox.length;
  const answer = await request();
  assert.equal(answer.status, 200, answer.text);
  return arrival(address, from);
}

const emailOf = async (user: TestUser) => (await storedRows(server, 'persons', { id: user.personId }))[0].email!;

/** Runs `test` with a delivery worker of `app` started, and stops it (after its drain) before the test ends. */
async function withDelivery(app: App, test: () => Promise<void>): Promise<void> {
  const stop = await startDelivery(app.services, server.database.listen, (error) => assert.fail(String(error)), AN_HOUR);
  try {
    await test();
  } finally {
    await stop();
  }
}

describe('mail leaves when its commit signals the worker, not on a timer', () => {
  it('delivers a password-reset mail and an administrator\'s reset, with no timer job and no poll', BEFORE_ANY_POLL, async () => {
    const asker = await newUser(server);
    const reset = await newUser(server);
    await withDelivery(server.app, async () => {
      const link = await mailOf(await emailOf(asker), () => server.post('/api/public/user/password-reset', { userName: asker.userName }));
      assert.match(link.subject, /\] Reset your password$/);
      const password = await mailOf(await emailOf(reset), () => server.post(`/admin/api/user/${reset.userId}/password/reset`, {}, { key: admin.apiKey }));
      assert.match(password.subject, /\] Your password was reset$/);
    });
  });

  it('wakes the worker of another app on the same database, whose own requests queued nothing', BEFORE_ANY_POLL, async () => {
    const other: App = await buildApp({ database: server.database, clock: server.clock, passwordCost: TEST_PASSWORD_COST, logger: false });
    const user = await newUser(server);
    try {
      await withDelivery(other, async () => {
        const mail = await mailOf(await emailOf(user), () => server.post(`/admin/api/user/${user.userId}/password/reset`, {}, { key: admin.apiKey }));
        assert.match(mail.subject, /\] Your password was reset$/);
      });
    } finally {
      await other.http.close();
    }
  });
});
