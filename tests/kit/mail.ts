import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestUser } from '../helpers/factories.js';
import type { TestServer } from '../helpers/server.js';
import { as, setUp } from './http.js';

/** One message as the sink received it, for one recipient. */
export interface SunkMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Each attachment's name, type and content as text (the calendar invitation). */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/**
 * A real SMTP server on a free port of this host, keeping every message it receives in `inbox`, parsed. Started
 * with `{ hold: true }`, it holds a delivery open: its answer to each MAIL FROM waits until the test calls `release`.
 */
export interface MailSink {
  port: number;
  inbox: SunkMail[];
  /** Settles once `count` deliveries (1 unless said) have waited for the sink's answer to their MAIL FROM (`hold` only). */
  held(count?: number): Promise<void>;
  /** Answers the MAIL FROMs that wait, and takes the later ones at once; with `refusal`, refuses those that waited. */
  release(refusal?: string): void;
  close(): Promise<void>;
}

/** `refuses`: recipients the sink refuses for good at RCPT TO (550 mailbox unavailable), as a bounced address is. */
export interface MailSinkOptions {
  hold?: boolean;
  refuses?: (address: string) => boolean;
}

export async function startMailSink(inbox: SunkMail[] = [], options: MailSinkOptions = {}): Promise<MailSink> {
  let isHolding = options.hold ?? false;
  const waiting: Array<(error?: Error) => void> = [];
  let heldCount = 0;
  const watchers: Array<{ count: number; resolve: () => void }> = [];
  const onHeld = () => {
    heldCount++;
    for (const watcher of watchers.filter((w) => w.count <= heldCount)) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  };
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!isHolding) return callback();
      waiting.push(callback);
      onHeld();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuses?.(address.address)) return callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        const html = typeof mail.html === 'string' ? mail.html : '';
        const attachments = mail.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, content: file.content.toString('utf8') }));
        for (const recipient of session.envelope.rcptTo) inbox.push({ to: recipient.address, subject: mail.subject ?? '', text: mail.text ?? '', html, attachments });
        callback();
      }, callback);
    },
  });
  const port = await new Promise<number>((resolve) => sink.listen(0, '127.0.0.1', () => resolve((sink.server.address() as AddressInfo).port)));
  return {
    port,
    inbox,
    held: (count = 1) => new Promise<void>((resolve) => {
      if (heldCount >= count) resolve();
      else watchers.push({ count, resolve });
    }),
    release(refusal) {
      isHolding = false;
      const error = refusal === undefined ? undefined : Object.assign(new Error(refusal), { responseCode: 451 });
      for (const answer of waiting.splice(0)) answer(error);
    },
    close: () => new Promise<void>((resolve) => sink.close(() => resolve())),
  };
}

/** An inbox to give a sink, which tells when a message arrives instead of being polled. */
export interface WatchedInbox {
  inbox: SunkMail[];
  /** Resolves with the first message to `address` from `inbox[from]` on, as soon as it arrives. */
  arrival(address: string, from?: number): Promise<SunkMail>;
}

export function watchedInbox(): WatchedInbox {
  const inbox: SunkMail[] = [];
  const waiting = new Set<() => void>();
  inbox.push = (...mails: SunkMail[]) => {
    const length = Array.prototype.push.apply(inbox, mails);
    for (const check of [...waiting]) check();
    return length;
  };
  return {
    inbox,
    arrival: (address, from = 0) => new Promise((resolve) => {
      const check = () => {
        const mail = inbox.slice(from).find((sunk) => sunk.to === address);
        if (!mail) return;
        waiting.delete(check);
        resolve(mail);
      };
      waiting.add(check);
      check();
    }),
  };
}

/**
 * A real SMTP sink for the file: started in a `setUp` step (after `admin` exists), the service's mail settings
 * pointed at it with e-mail on, closed after the tests. Answers the inbox, filled as messages arrive (a drain of
 * the outbox has delivered them when it returns).
 */
export function useMailSink(server: TestServer, admin: TestUser, options: Pick<MailSinkOptions, 'refuses'> = {}): SunkMail[] {
  const inbox: SunkMail[] = [];
  let sink: MailSink | undefined;
  setUp(async () => {
    sink = await startMailSink(inbox, options);
    for (const [name, value] of [['sSMTPHost', `127.0.0.1:${sink.port}`], ['bEnabledEmail', '1']]) {
      const answer = await server.post(`/admin/api/system/config/${name}`, { value }, as(admin));
      assert.equal(answer.status, 200, answer.text);
    }
  });
  after(() => sink?.close());
  return inbox;
}
