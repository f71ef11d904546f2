import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import type { NewPerson } from '../../src/db/schema.js';
import { drainOutbox, scheduleReminders, startDelivery } from '../../src/jobs/outbox-delivery.js';
import { onPostgres } from '../helpers/database.js';
import {
  as, countRows, newCoordinator, newMinistry, newPosition, newStaffedEvent, newTeamLeader, newUser, qualify,
  resetLogin, setUp, startMailSink, storeBlankEmail, storedRows, useServer, useUser, type MailSink, type TestUser, atTime, setSetting,
} from '../kit/index.js';

/** One message as the SMTP sink received it; headers and body decoded by hand (mailparser is not installed). */
interface Received {
  rcptTo: string[];
  from: string;
  subject: string;
  replyTo: string | undefined;
  text: string;
}

const server = useServer();
const admin = useUser(server, ['admin']);
let sink: SMTPServer;
let sinkPort: number;
let closedPort: number;
const inbox: Received[] = [];
const V = '/api/ministries';
const CHURCH = 'Grace Chapel';
const CHURCH_EMAIL = 'office@gracechapel.example';

function decodeWords(value: string): string {
  return value.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeBody(body: string, encoding = ''): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain part of a (possibly multipart, possibly nested: text and HTML beside an attachment) message. */
function plainText(headers: Map<string, string>, body: string): string {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return /text\/plain|^$/i.test(headers.get('content-type') ?? '') ? decodeBody(body, headers.get('content-transfer-encoding')) : '';
  for (const part of body.split(`--${boundary}`)) {
    const at = part.search(/\r?\n\r?\n/);
    if (at < 0) continue;
    const partHeaders = splitHeaders(part.slice(0, at).replace(/^\r?\n/, ''));
    const text = plainText(partHeaders, part.slice(at).replace(/^\r?\n\r?\n/, ''));
    if (text) return text;
  }
  return '';
}

const addressOf = (value: string | undefined) => (value === undefined ? undefined : (/<([^>]+)>/.exec(value)?.[1] ?? value).trim());

function parseMessage(raw: string, rcptTo: string[]): Received {
  const at = raw.search(/\r?\n\r?\n/);
  const headers = splitHeaders(raw.slice(0, at));
  return {
    rcptTo,
    from: addressOf(headers.get('from')) ?? '',
    subject: headers.get('subject') ?? '',
    replyTo: addressOf(headers.get('reply-to')),
    text: plainText(headers, raw.slice(at).replace(/^\r?\n\r?\n/, '')),
  };
}

function listen(smtp: SMTPServer): Promise<number> {
  return new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)));
}

function newSink(): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push(parseMessage(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
}

/** The timer jobs through HTTP, forced, as a staff login. */
async function runTimerJobs() {
  const answer = await server.post('/api/background/timerjobs', { force: true }, as(admin));
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.body.ran, true);
}

const mailTo = (address: string) => inbox.filter((m) => m.rcptTo.includes(address));
const emailOf = async (personId: number) => (await storedRows(server, 'persons', { id: personId }))[0].email!;
async function rowByKey(dedupeKey: string) {
  const [row] = await storedRows(server, 'notifications', { dedupe_key: dedupeKey });
  assert.ok(row, `a message ${dedupeKey}`);
  return row;
}

async function notificationsOf(assignmentId: number, type = 'assignment') {
  const answer = await server.get(`${V}/assignments/${assignmentId}/notifications`, as(admin));
  assert.equal(answer.status, 200, answer.text);
  return (answer.body.notifications as Array<Record<string, any>>).filter((n) => n.type === type);
}

async function onlyNotification(assignmentId: number, type = 'assignment') {
  const rows = await notificationsOf(assignmentId, type);
  assert.equal(rows.length, 1, `one ${type} row for assignment ${assignmentId}`);
  return rows[0];
}

let counter = 0;

interface Scenario {
  ministryId: number;
  ministryName: string;
  teamId: number;
  positionId: number;
  positionName: string;
  occurrenceId: number;
  coordinator: TestUser;
  leader?: TestUser;
  volunteer: TestUser;
  assignmentId: number;
}

/**
 * A ministry with a coordinator (and optionally a team leader), a position, a one-event occurrence and a pending
 * E14 assignment of a qualified volunteer; nothing is delivered yet.
 */
async function scenario(options: { date?: string; startTime?: string; endTime?: string; withLeader?: boolean; volunteer?: Partial<NewPerson> } = {}): Promise<Scenario> {
  const { date = '2026-03-10', startTime = '10:30', endTime = '11:30' } = options;
  const ministryName = `Hospitality ${++counter}`;
  const { id: ministryId, teamId } = await newMinistry(server, { name: ministryName });
  const coordinator = await newCoordinator(server, ministryId);
  const leader = options.withLeader ? await newTeamLeader(server, teamId, ['manageMyMinistries']) : undefined;
  const positionName = `Greeter ${counter}`;
  const positionId = (await newPosition(server, ministryId, teamId, { name: positionName })).id;
  const needs = [{ positionId, minCount: 2 }];
  const { occurrenceId } = await newStaffedEvent(server, { id: ministryId, teamId }, needs, { title: `Sunday service ${counter}`, date, startTime, endTime });
  const volunteer = await newUser(server, { person: options.volunteer });
  await qualify(server, positionId, volunteer.personId);
  const assigned = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId, personId: volunteer.personId }, as(admin));
  assert.equal(assigned.status, 201, assigned.text);
  return { ministryId, ministryName, teamId, positionId, positionName, occurrenceId, coordinator, leader, volunteer, assignmentId: assigned.body.assignment.id };
}

setUp(async () => {
  sink = newSink();
  sinkPort = await listen(sink);
  const closed = newSink();
  closedPort = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
  await setSetting(server, admin, 'bEnabledEmail', '1');
  await setSetting(server, admin, 'sChurchEmail', CHURCH_EMAIL);
  await setSetting(server, admin, 'sChurchName', CHURCH);
  await setSetting(server, admin, 'iVolunteerReminderLeadHours', 48);
});

after(async () => {
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  await server.close();
});

describe('outbox drain (timer jobs) over a real SMTP server', () => {
  it('sends a due assignment message once to the volunteer and marks it sent with sentDate and no lastError', async () => {
    const { volunteer, assignmentId } = await scenario();
    const address = await emailOf(volunteer.personId);
    assert.equal((await onlyNotification(assignmentId)).status, 'pending');
    await runTimerJobs();
    assert.equal(mailTo(address).length, 1);
    const row = await onlyNotification(assignmentId);
    assert.equal(row.status, 'sent');
    assert.equal(row.sentDate, '2026-03-04 10:00:00');
    assert.equal(row.lastError, null);
    assert.equal(row.dedupeKey, `assignment:${assignmentId}:${volunteer.personId}`);
  });

  it('never sends a sent row again: a second drain delivers nothing new', async () => {
    const { volunteer, assignmentId } = await scenario();
    const address = await emailOf(volunteer.personId);
    await runTimerJobs();
    await runTimerJobs();
    await drainOutbox(server.app.services);
    assert.equal(mailTo(address).length, 1);
    assert.equal((await onlyNotification(assignmentId)).status, 'sent');
  });

  it('writes the assignment mail: church-name subject with serve and the position; body names position, ministry, wall-clock time and the schedule link; From is the church', async () => {
    const { volunteer, positionName, ministryName } = await scenario({ startTime: '10:30' });
    await runTimerJobs();
    const [mail] = mailTo(await emailOf(volunteer.personId));
    assert.ok(mail.subject.startsWith(`[${CHURCH}] `), mail.subject);
    assert.match(mail.subject, /serve/);
    assert.ok(mail.subject.includes(positionName), mail.subject);
    for (const fact of [positionName, ministryName, '10:30 AM', '/portal/volunteer/schedule']) assert.ok(mail.text.includes(fact), `${fact} in ${mail.text}`);
    assert.equal(mail.from, CHURCH_EMAIL);
  });

  it('gives volunteer mail the team leader as Reply-To when the team has one', async () => {
    const { volunteer, leader } = await scenario({ withLeader: true });
    await runTimerJobs();
    const [mail] = mailTo(await emailOf(volunteer.personId));
    assert.equal(mail.replyTo, await emailOf(leader!.personId));
  });

  it('gives volunteer mail a coordinator of the ministry as Reply-To when the team has no leader', async () => {
    const { volunteer, coordinator } = await scenario();
    await runTimerJobs();
    const [mail] = mailTo(await emailOf(volunteer.personId));
    assert.equal(mail.replyTo, await emailOf(coordinator.personId));
  });

  it('sends a volunteer decline to each coordinator as a decline alert (Reply-To the volunteer) and a gap alert (no Reply-To)', async () => {
    const { volunteer, coordinator, assignmentId, occurrenceId, positionName } = await scenario();
    await runTimerJobs();
    const declined = await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'declined' }, as(volunteer));
    assert.equal(declined.status, 200, declined.text);
    await runTimerJobs();
    const mails = mailTo(await emailOf(coordinator.personId));
    assert.equal(mails.length, 2);
    const decline = mails.find((m) => m.subject.includes('declined'));
    const gap = mails.find((m) => m.subject.includes('still need to be filled'));
    assert.ok(decline && gap, mails.map((m) => m.subject).join(' | '));
    assert.ok(decline.subject.includes(positionName));
    assert.equal(decline.replyTo, await emailOf(volunteer.personId));
    assert.equal(gap.replyTo, undefined);
    for (const mail of mails) assert.equal(mail.from, CHURCH_EMAIL);
    assert.equal((await rowByKey(`decline_alert:${assignmentId}:${coordinator.personId}`)).status, 'sent');
    assert.equal((await rowByKey(`gap_alert:${occurrenceId}:${coordinator.personId}:2026-03-04`)).status, 'sent');
  });
});

describe('outbox skip rules', () => {
  async function assertSkipped(assignmentId: number) {
    const row = await onlyNotification(assignmentId);
    assert.equal(row.status, 'skipped');
    assert.equal(row.attempts, 0);
    assert.equal(row.lastAttemptDate, null);
    assert.equal(row.sentDate, null);
  }

  it('skips every due row without an attempt while e-mail is switched off (bEnabledEmail 0)', async () => {
    const { volunteer, assignmentId } = await scenario();
    await setSetting(server, admin, 'bEnabledEmail', '0');
    try {
      await runTimerJobs();
    } finally {
      await setSetting(server, admin, 'bEnabledEmail', '1');
    }
    await assertSkipped(assignmentId);
    await runTimerJobs();
    await assertSkipped(assignmentId);
    assert.equal(mailTo(await emailOf(volunteer.personId)).length, 0);
  });

  it('skips a message to a recipient without an e-mail address', async () => {
    const before = inbox.length;
    const { assignmentId } = await scenario({ volunteer: { email: null } });
    await runTimerJobs();
    await assertSkipped(assignmentId);
    assert.equal(inbox.length - before, 0);
  });

  it('skips a message to a recipient whose stored address is only blanks, as the invitation and message previews count it', async () => {
    const before = inbox.length;
    const { volunteer, assignmentId, positionName } = await scenario();
    await storeBlankEmail(server, volunteer.personId);
    await runTimerJobs();
    await assertSkipped(assignmentId);
    assert.equal((await onlyNotification(assignmentId)).lastError, 'The recipient has no e-mail address');
    assert.deepEqual(inbox.slice(before).filter((m) => m.subject.includes(positionName)), []);
  });

  it('skips a message to a recipient marked do-not-email (POST /api/person/{id} doNotEmail)', async () => {
    const { volunteer, assignmentId } = await scenario();
    const marked = await server.post(`/api/person/${volunteer.personId}`, { doNotEmail: true }, as(admin));
    assert.equal(marked.status, 200, marked.text);
    await runTimerJobs();
    await assertSkipped(assignmentId);
    assert.equal(mailTo(await emailOf(volunteer.personId)).length, 0);
  });

  it('skips a reminder whose occurrence is already over when the drain reaches it', async () => {
    const { volunteer, assignmentId } = await scenario({ date: '2026-03-04', startTime: '11:00', endTime: '12:00' });
    await scheduleReminders(server.app.services);
    assert.equal((await onlyNotification(assignmentId, 'reminder')).status, 'pending');
    await atTime(server, '2026-03-04T17:30:00Z', runTimerJobs);
    const reminder = await onlyNotification(assignmentId, 'reminder');
    assert.equal(reminder.status, 'skipped');
    assert.equal(reminder.attempts, 0);
    assert.equal(mailTo(await emailOf(volunteer.personId)).filter((m) => /reminder/i.test(m.subject)).length, 0);
  });
});

describe('secrets in the outbox', () => {
  const resetRows = async (personId: number) =>
    (await storedRows(server, 'notifications', { type: 'password_reset', person_id: personId })).map(({ status, context }) => ({ status, context }));

  it('clears a temporary password from a row skipped because e-mail is switched off', async () => {
    const user = await newUser(server);
    assert.equal((await server.post(`/admin/api/user/${user.userId}/password/reset`, {}, as(admin))).status, 200);
    await setSetting(server, admin, 'bEnabledEmail', '0');
    try {
      await runTimerJobs();
    } finally {
      await setSetting(server, admin, 'bEnabledEmail', '1');
    }
    assert.deepEqual(await resetRows(user.personId), [{ status: 'skipped', context: null }]);
  });

  it('clears a reset token from a row that failed for good', async () => {
    const user = await newUser(server);
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${closedPort}`);
    try {
      for (let attempt = 1; attempt <= 4; attempt++) {
        await runTimerJobs();
        assert.notEqual((await resetRows(user.personId))[0].context, null, 'kept while it may still be sent');
      }
      await runTimerJobs();
    } finally {
      await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
    }
    assert.deepEqual(await resetRows(user.personId), [{ status: 'failed', context: null }]);
  });

  it('queues no account mail for a user without an address, and refuses (409) to mail them a new password', async () => {
    const user = await newUser(server, { person: { email: null } });
    const refused = await server.post(`/admin/api/user/${user.userId}/password/reset`, {}, as(admin));
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'This user has no e-mail address to send a new password to: set a password for them instead');
    assert.equal((await server.post(`/admin/api/user/${user.userId}/login/reset`, {}, as(admin))).status, 200);
    assert.equal(await countRows(server, 'notifications', { person_id: user.personId }), 0);
  });
});

describe('outbox send failures', () => {
  it('keeps a failed send pending with attempts, lastError and lastAttemptDate, retries it on each drain, fails it for good at the 5th, and never changes the assignment', async () => {
    const { volunteer, coordinator, assignmentId } = await scenario();
    const address = await emailOf(volunteer.personId);
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${closedPort}`);
    try {
      for (let attempt = 1; attempt <= 4; attempt++) {
        await runTimerJobs();
        const row = await onlyNotification(assignmentId);
        assert.equal(row.status, 'pending', `after attempt ${attempt}`);
        assert.equal(row.attempts, attempt);
        assert.ok(row.lastError, 'lastError is set');
        assert.equal(row.lastAttemptDate, '2026-03-04 10:00:00');
        assert.equal(row.sentDate, null);
      }
      await runTimerJobs();
      const failed = await onlyNotification(assignmentId);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.attempts, 5);
    } finally {
      await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
    }
    await runTimerJobs();
    const still = await onlyNotification(assignmentId);
    assert.equal(still.status, 'failed');
    assert.equal(still.attempts, 5);
    assert.equal(mailTo(address).length, 0);
    const assignment = await server.get(`${V}/assignments/${assignmentId}`, as(admin));
    assert.equal(assignment.body.assignment.status, 'pending');
    const dashboard = await server.get(`${V}/dashboard`, as(coordinator));
    assert.equal(dashboard.status, 200, dashboard.text);
    assert.equal(dashboard.body.failedNotifications, 1);
  });

  // A drain that waited for the unreachable server for ever would hang: the test's own timeout is its failure bound.
  it('fails every due message of a drain at once while the mail server cannot be reached, and sends them all when it is back', { timeout: 60_000 }, async () => {
    const users = [await newUser(server), await newUser(server), await newUser(server)];
    for (const user of users) await resetLogin(server, user.userId);
    const rows = () => storedRows(server, 'notifications', { type: 'account_unlocked', person_id: users.map((user) => user.personId) });
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${closedPort}`);
    try {
      assert.deepEqual(await drainOutbox(server.app.services), { sent: 0, skipped: 0, failed: 3 });
      const refused = `Could not reach the mail server at 127.0.0.1:${closedPort}: nothing answers on that port (connection refused)`;
      assert.deepEqual((await rows()).map((row) => [row.status, row.attempts, row.last_error]), [
        ['pending', 1, refused], ['pending', 1, refused], ['pending', 1, refused],
      ]);
    } finally {
      await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
    }
    assert.deepEqual(await drainOutbox(server.app.services), { sent: 3, skipped: 0, failed: 0 });
    assert.deepEqual((await rows()).map((row) => row.status), ['sent', 'sent', 'sent']);
  });

  it('gives up on a mail server that closes a connection before greeting and never greets the next, within the deadline of one message, and does not try it again for the others', async () => {
    const users = [await newUser(server), await newUser(server), await newUser(server)];
    for (const user of users) await resetLogin(server, user.userId);
    // The first connection is closed before the greeting (nodemailer's pool then reconnects and never settles the
    // send); the reconnection waits for a greeting that never comes, so only the deadline ends the first message.
    const sockets: net.Socket[] = [];
    const rude = net.createServer((socket) => {
      sockets.push(socket);
      if (sockets.length === 1) socket.destroy();
    });
    const port = await new Promise<number>((resolve) => rude.listen(0, '127.0.0.1', () => resolve((rude.address() as AddressInfo).port)));
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${port}`);
    try {
      assert.deepEqual(await drainOutbox(server.app.services, 1_000), { sent: 0, skipped: 0, failed: 3 });
      // One message waits out the deadline (the closed connection and the pool's one reconnection); the other two
      // fail with it at once, without a connection of their own.
      assert.equal(sockets.length, 2, 'the mail server was tried for the first message only');
    } finally {
      await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => rude.close(() => resolve()));
    }
    const rows = await storedRows(server, 'notifications', { type: 'account_unlocked', person_id: users.map((user) => user.personId) });
    assert.deepEqual(rows.map((row) => [row.status, row.attempts]), [['pending', 1], ['pending', 1], ['pending', 1]]);
    assert.equal(new Set(rows.map((row) => row.last_error)).size, 1, 'the one failure of the server is recorded on each');
  });

  it('records only a plain sentence as lastError when what answers on the mail server port is no mail server, never what it sent (an SSH banner)', async () => {
    const { assignmentId } = await scenario();
    const sockets = new Set<net.Socket>();
    const ssh = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.write('SSH-2.0-OpenSSH_9.6\r\n');
    });
    const port = await new Promise<number>((resolve) => ssh.listen(0, '127.0.0.1', () => resolve((ssh.address() as AddressInfo).port)));
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${port}`);
    try {
      await drainOutbox(server.app.services);
    } finally {
      await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => ssh.close(() => resolve()));
    }
    const row = await onlyNotification(assignmentId);
    assert.equal(row.status, 'pending');
    assert.equal(row.lastError, `Could not reach the mail server at 127.0.0.1:${port}: what answers on that port is not a mail server (SMTP)`);
    assert.doesNotMatch(row.lastError, /SSH/);
  });

  it('notify?force=1 re-arms a failed row so the next drain sends it', async () => {
    const { volunteer, coordinator, assignmentId } = await scenario();
    const address = await emailOf(volunteer.personId);
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${closedPort}`);
    try {
      for (let attempt = 1; attempt <= 5; attempt++) await runTimerJobs();
    } finally {
      await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
    }
    assert.equal((await onlyNotification(assignmentId)).status, 'failed');
    await runTimerJobs();
    assert.equal(mailTo(address).length, 0);
    const forced = await server.post(`${V}/assignments/${assignmentId}/notify?force=1`, {}, as(admin));
    assert.equal(forced.status, 200, forced.text);
    assert.equal(forced.body.notification.status, 'pending');
    await runTimerJobs();
    assert.equal(mailTo(address).length, 1);
    const row = await onlyNotification(assignmentId);
    assert.equal(row.status, 'sent');
    assert.equal(row.attempts, 0);
    assert.equal(row.lastError, null);
    assert.equal((await server.get(`${V}/dashboard`, as(coordinator))).body.failedNotifications, 0);
  });
});

/** Runs `test` with the service's mail going to a sink that holds each delivery at MAIL FROM until released. */
async function withHeldSink(test: (held: MailSink) => Promise<void>): Promise<void> {
  const held = await startMailSink([], { hold: true });
  await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${held.port}`);
  try {
    await test(held);
  } finally {
    held.release();
    await setSetting(server, admin, 'sSMTPHost', `127.0.0.1:${sinkPort}`);
    await held.close();
  }
}

describe('a cancel during a delivery attempt', () => {
  it('withdraws the ask when the assignment is cancelled while the mail server holds the attempt: it stays cancelled and never arrives', async () => {
    const { volunteer, assignmentId } = await scenario();
    const address = await emailOf(volunteer.personId);
    await withHeldSink(async (held) => {
      const drained = drainOutbox(server.app.services);
      await held.held();
      const cancelled = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'cancelled' }, as(admin));
      assert.equal(cancelled.status, 200, cancelled.text);
      held.release();
      await drained;
      assert.deepEqual(held.inbox.filter((m) => m.to === address), []);
    });
    const row = await onlyNotification(assignmentId);
    assert.deepEqual([row.status, row.sentDate], ['cancelled', null]);
    await runTimerJobs();
    assert.equal((await onlyNotification(assignmentId)).status, 'cancelled');
    assert.equal(mailTo(address).length, 0);
  });

  it('keeps the ask cancelled when the attempt the cancel came during then fails, so no later drain sends it', async () => {
    const { volunteer, assignmentId } = await scenario();
    await withHeldSink(async (held) => {
      const drained = drainOutbox(server.app.services);
      await held.held();
      const cancelled = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'cancelled' }, as(admin));
      assert.equal(cancelled.status, 200, cancelled.text);
      held.release('451 Try again later');
      assert.deepEqual(await drained, { sent: 0, skipped: 0, failed: 1 });
    });
    assert.equal((await onlyNotification(assignmentId)).status, 'cancelled');
    await runTimerJobs();
    assert.equal((await onlyNotification(assignmentId)).status, 'cancelled');
    assert.equal(mailTo(await emailOf(volunteer.personId)).length, 0);
  });
});

describe('a lease that runs out while a drain holds the message', () => {
  it('never sends a message twice when another drain takes it once its lease ran out: the drain that held it withdraws it', async () => {
    const users = [await newUser(server), await newUser(server)];
    for (const user of users) await resetLogin(server, user.userId);
    const addresses = await Promise.all(users.map((user) => emailOf(user.personId)));
    const rows = () => storedRows(server, 'notifications', { type: 'account_unlocked', person_id: users.map((user) => user.personId) });
    const earlier = server.clock.now().toISOString();
    await withHeldSink(async (held) => {
      // The first drain claims both messages and waits for the mail server at the first.
      const first = drainOutbox(server.app.services);
      await held.held();
      try {
        server.clock.advance(301_000);
        // Past the lease (iOutboxClaimSeconds, 300), a second drain takes both and waits too.
        const second = drainOutbox(server.app.services);
        await held.held(2);
        held.release();
        const results = await Promise.all([first, second]);
        assert.equal(results[0].sent + results[1].sent, 2, JSON.stringify(results));
      } finally {
        server.clock.set(earlier);
      }
      assert.deepEqual(addresses.map((address) => held.inbox.filter((m) => m.to === address).length), [1, 1]);
    });
    assert.deepEqual((await rows()).map((row) => [row.status, row.claimed_until]), [['sent', null], ['sent', null]]);
  });
});

describe('POST /api/background/timerjobs beside the delivery worker', () => {
  it('answers only after the ask that a drain under way had claimed was tried (contract §18 #36)', { timeout: 60_000 }, async (t) => {
    await withHeldSink(async (held) => {
      // No poll may help: the worker drains when a commit wakes it.
      const stop = await startDelivery(server.app.services, server.database.listen, (error) => assert.fail(String(error)), 3_600_000);
      try {
        const { volunteer, assignmentId } = await scenario();
        const address = await emailOf(volunteer.personId);
        // The assignment's commit woke the worker, whose drain claimed the ask and waits for the mail server.
        await held.held();
        // The route's drain step follows its reminders step. A drain the route began at once would be under way by
        // the next turn of the event loop; one that waits for the worker's can only go on once the sink answers.
        const { outbox } = server.app.services;
        const drains = t.mock.method(outbox, 'drain');
        const queueReminders = outbox.queueReminders;
        t.mock.method(outbox, 'queueReminders', async function (this: typeof outbox) {
          const queued = await queueReminders.call(this);
          const begun = drains.mock.callCount();
          setImmediate(() => {
            if (drains.mock.callCount() === begun) held.release();
          });
          return queued;
        });
        const answer = await server.post('/api/background/timerjobs', { force: true }, as(admin));
        const row = await onlyNotification(assignmentId);
        held.release();
        assert.equal(answer.status, 200, answer.text);
        assert.deepEqual(answer.body, { ran: true });
        assert.deepEqual([row.status, row.attempts], ['sent', 0], 'the ask was tried before the answer');
        assert.equal(held.inbox.filter((m) => m.to === address).length, 1);
      } finally {
        held.release();
        await stop();
      }
    });
  });
});

describe('reminders (iVolunteerReminderLeadHours)', () => {
  it('queues one reminder for a live assignment starting within the lead, due at start − lead even when that is past, and sends it once', async () => {
    const { volunteer, assignmentId } = await scenario({ date: '2026-03-05', startTime: '09:00', endTime: '10:00' });
    const far = await scenario({ date: '2026-03-07', startTime: '09:00', endTime: '10:00' });
    await runTimerJobs();
    await runTimerJobs();
    const reminder = await onlyNotification(assignmentId, 'reminder');
    assert.equal(reminder.dedupeKey, `reminder:${assignmentId}:${volunteer.personId}`);
    // The shift starts 23 hours from now, inside the 48-hour lead: due 48 hours before it, a day ago.
    assert.equal(reminder.scheduledFor, '2026-03-03 09:00:00');
    assert.equal(reminder.status, 'sent');
    const reminders = mailTo(await emailOf(volunteer.personId)).filter((m) => /reminder/i.test(m.subject));
    assert.equal(reminders.length, 1);
    assert.ok(reminders[0].subject.includes('reminder'), reminders[0].subject);
    assert.ok(reminders[0].subject.includes(CHURCH));
    assert.equal((await notificationsOf(far.assignmentId, 'reminder')).length, 0, 'no reminder beyond the lead');
  });

  it('queues a reminder only once the shift start is within the lead', async () => {
    // The shift starts 2026-03-06 09:00: 49 h away at 08:00, 47 h away at 10:00.
    const { assignmentId } = await scenario({ date: '2026-03-06', startTime: '09:00', endTime: '10:00' });
    await atTime(server, '2026-03-04T13:00:00Z', () => scheduleReminders(server.app.services));
    assert.equal((await notificationsOf(assignmentId, 'reminder')).length, 0, 'not yet within 48 h at 08:00');
    await scheduleReminders(server.app.services);
    const reminder = await onlyNotification(assignmentId, 'reminder');
    assert.equal(reminder.scheduledFor, '2026-03-04 09:00:00', '48 hours before the start');
    await runTimerJobs();
  });

  it('measures the lead in real hours across the daylight-saving change', async () => {
    // Clocks go forward on 2026-03-08: from Saturday 10:00 EST to Monday 10:30 EDT is 47.5 real hours (48.5 on the wall clock).
    const { assignmentId } = await scenario({ date: '2026-03-09', startTime: '10:30', endTime: '11:30' });
    await atTime(server, '2026-03-07T15:00:00Z', () => scheduleReminders(server.app.services));
    const reminder = await onlyNotification(assignmentId, 'reminder');
    // 48 real hours before Monday 10:30 EDT is Saturday 09:30 EST.
    assert.equal(reminder.scheduledFor, '2026-03-07 09:30:00');
  });

  it('queues no reminder for a cancelled assignment', async () => {
    const { assignmentId } = await scenario({ date: '2026-03-05' });
    const cancelled = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'cancelled' }, as(admin));
    assert.equal(cancelled.status, 200, cancelled.text);
    await runTimerJobs();
    assert.equal((await notificationsOf(assignmentId, 'reminder')).length, 0);
  });

  it('queues no reminder while the lead is 0', async () => {
    const { assignmentId } = await scenario({ date: '2026-03-05' });
    await setSetting(server, admin, 'iVolunteerReminderLeadHours', 0);
    try {
      await runTimerJobs();
    } finally {
      await setSetting(server, admin, 'iVolunteerReminderLeadHours', 48);
    }
    assert.equal((await notificationsOf(assignmentId, 'reminder')).length, 0);
  });
});

describe('account mails through the outbox', () => {
  it('sends the password-reset mail with its token and clears the token from the row once sent', async () => {
    const user = await newUser(server);
    const address = await emailOf(user.personId);
    const asked = await server.post('/api/public/user/password-reset', { userName: user.userName });
    assert.equal(asked.status, 200, asked.text);
    const [queued] = await storedRows(server, 'notifications', { person_id: user.personId, type: 'password_reset' });
    const token = JSON.parse(queued.context!).resetToken as string;
    assert.ok(token);
    await runTimerJobs();
    const mails = mailTo(address);
    assert.equal(mails.length, 1);
    assert.ok(mails[0].subject.startsWith(`[${CHURCH}] `), mails[0].subject);
    assert.ok(mails[0].text.includes(token), 'the token is in the mail');
    const sent = await rowByKey(queued.dedupe_key);
    assert.equal(sent.status, 'sent');
    assert.equal(sent.context, null);
  });

  it('tells the old address, and only the old address, when an administrator changes an account holder\'s e-mail', async () => {
    const user = await newUser(server);
    const oldAddress = await emailOf(user.personId);
    const newAddress = `changed${user.personId}@example.org`;
    const changed = await server.post(`/api/person/${user.personId}`, { email: newAddress }, as(admin));
    assert.equal(changed.status, 200, changed.text);
    await runTimerJobs();
    const told = mailTo(oldAddress);
    assert.equal(told.length, 1);
    assert.match(told[0].subject, /e-mail address was changed/);
    assert.deepEqual(told[0].rcptTo, [oldAddress]);
    assert.equal(mailTo(newAddress).length, 0);
  });

  it('sends a mail to the one stored address, with the recipient as a single envelope address', async () => {
    const user = await newUser(server);
    await server.post('/api/public/user/password-reset', { userName: user.userName });
    await runTimerJobs();
    const mails = mailTo(await emailOf(user.personId));
    assert.equal(mails.length, 1);
    assert.equal(mails[0].rcptTo.length, 1);
  });
});

describe('drain capacity and concurrency', () => {
  /** An account mail (`account_unlocked`) queued for each of `count` fresh users; their addresses. */
  async function queueAccountMails(count: number): Promise<string[]> {
    const addresses: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await newUser(server);
      await resetLogin(server, user.userId);
      addresses.push(await emailOf(user.personId));
    }
    return addresses;
  }

  it('delivers every due row in one timer-job run, even more than one claim batch', async () => {
    const addresses = await queueAccountMails(120);
    await runTimerJobs();
    assert.deepEqual(addresses.filter((a) => mailTo(a).length !== 1), []);
  });

  it(`never sends a row twice when two drains run at once${onPostgres ? ' (PostgreSQL)' : ' (PGlite serialises them)'}`, async () => {
    const addresses = await queueAccountMails(80);
    const results = await Promise.all([drainOutbox(server.app.services), drainOutbox(server.app.services)]);
    assert.deepEqual(addresses.filter((a) => mailTo(a).length > 1), []);
    assert.equal(results[0].sent + results[1].sent, 80);
    assert.equal(results[0].failed + results[1].failed, 0);
    await runTimerJobs();
    assert.deepEqual(addresses.filter((a) => mailTo(a).length !== 1), []);
  });

  it('never sends a row twice when two forced timer-job requests run at once', async () => {
    const addresses = await queueAccountMails(40);
    const answers = await Promise.all([1, 2].map(() => server.post('/api/background/timerjobs', { force: true }, as(admin))));
    for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    await runTimerJobs();
    assert.deepEqual(addresses.filter((a) => mailTo(a).length !== 1), []);
  });
});

