import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { as, expectError, setUp, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const manager = useUser(server, ['manageMinistries']);

/** A real SMTP peer: it takes any message, but refuses recipients at refused.example.org as a mail server would. */
const received: Array<{ to: string[]; text: string }> = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith('@refused.example.org')) return callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
      callback();
    });
  },
});
let sinkPort = 0;
setUp(() => new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => {
  sinkPort = (sink.server.address() as AddressInfo).port;
  resolve();
})));
after(() => new Promise<void>((resolve) => sink.close(() => resolve())));

/** A real TCP service that is no mail server: it greets as an SSH server does, then waits. */
const SSH_BANNER = 'SSH-2.0-OpenSSH_9.6';
const sshSockets = new Set<net.Socket>();
const ssh = net.createServer((socket) => {
  sshSockets.add(socket);
  socket.on('close', () => sshSockets.delete(socket));
  socket.on('error', () => undefined);
  socket.write(`${SSH_BANNER}\r\n`);
});
let sshPort = 0;
setUp(() => new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', () => {
  sshPort = (ssh.address() as AddressInfo).port;
  resolve();
})));
after(() => new Promise<void>((resolve) => {
  ssh.close(() => resolve());
  for (const socket of sshSockets) socket.destroy();
}));

/** A port on this machine where nothing listens: one the system just handed out and took back. */
function closedPort(): Promise<number> {
  const probe = net.createServer();
  return new Promise((resolve) => probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  }));
}

async function setMail(settings: Record<string, string>) {
  for (const [name, value] of Object.entries(settings)) {
    const answer = await server.post(`/admin/api/system/config/${name}`, { value }, as(admin));
    assert.equal(answer.status, 200, answer.text);
  }
}

const TEST = '/admin/api/system/mail/test';

describe('POST /admin/api/system/mail/test', () => {
  it('refuses with 409 while mail is off', async () => {
    await setMail({ bEnabledEmail: '0', sSMTPHost: `localhost:${sinkPort}` });
    expectError(await server.post(TEST, { to: 'ann@example.org' }, as(admin)), 409, 'Mail is off: turn on "Send e-mail" first.');
    await setMail({ bEnabledEmail: '1', sSMTPHost: '' });
    expectError(await server.post(TEST, { to: 'ann@example.org' }, as(admin)), 409, 'Mail is off: turn on "Send e-mail" first.');
  });

  it('sends one message and answers the mail server\'s reply', async () => {
    await setMail({ bEnabledEmail: '1', sSMTPHost: `localhost:${sinkPort}`, sChurchEmail: 'office@example.org', sChurchName: 'Grace Church' });
    const answer = await server.post(TEST, { to: 'ann@example.org' }, as(admin));
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.accepted, true);
    assert.match(answer.body.response, /^250 /);
    assert.equal(received.length, 1);
    assert.deepEqual(received[0].to, ['ann@example.org']);
    assert.match(received[0].text, /^Subject: \[Grace Church\] Test message$/m);
    assert.match(received[0].text, /^From: Grace Church <office@example\.org>$/m);
  });

  it('answers 502 with the refusal when the mail server refuses the recipient', async () => {
    await setMail({ bEnabledEmail: '1', sSMTPHost: `localhost:${sinkPort}` });
    expectError(await server.post(TEST, { to: 'nobody@refused.example.org' }, as(admin)), 502, 'The mail server refused: 550 5.1.1 No such mailbox here', {
      mailServer: `localhost:${sinkPort}`, failure: 'smtp_refused', reply: '550 5.1.1 No such mailbox here',
    });
  });

  it('never relays what a service that is no mail server sent: a fixed sentence says so', async () => {
    await setMail({ bEnabledEmail: '1', sSMTPHost: `localhost:${sshPort}` });
    const answer = await server.post(TEST, { to: 'ann@example.org' }, as(admin));
    expectError(answer, 502, `Could not reach the mail server at localhost:${sshPort}: what answers on that port is not a mail server (SMTP)`, {
      mailServer: `localhost:${sshPort}`, failure: 'not_smtp',
    });
    assert.doesNotMatch(answer.text, /SSH|OpenSSH/);
  });

  it('gives the page the address and the reason when the message names an IP address and is replaced (contract §1.3)', async () => {
    await setMail({ bEnabledEmail: '1', sSMTPHost: `127.0.0.1:${sshPort}` });
    const answer = await server.post(TEST, { to: 'ann@example.org' }, as(admin));
    expectError(answer, 502, 'An error occurred. Please contact your system administrator.', { mailServer: `127.0.0.1:${sshPort}`, failure: 'not_smtp' });
    assert.doesNotMatch(answer.text, /SSH|OpenSSH/);
  });

  it('answers 502 naming the address and the reason when the mail server cannot be reached', async () => {
    const port = await closedPort();
    await setMail({ bEnabledEmail: '1', sSMTPHost: `localhost:${port}` });
    expectError(
      await server.post(TEST, { to: 'ann@example.org' }, as(admin)),
      502,
      `Could not reach the mail server at localhost:${port}: nothing answers on that port (connection refused)`,
      { mailServer: `localhost:${port}`, failure: 'refused' },
    );
  });

  it('refuses a bad address with 400', async () => {
    expectError(await server.post(TEST, { to: 'not an address' }, as(admin)), 400, 'to must be an e-mail address');
  });

  it('is for administrators only', async () => {
    expectError(await server.post(TEST, { to: 'ann@example.org' }, as(manager)), 403, 'User must be an Admin');
  });
});
