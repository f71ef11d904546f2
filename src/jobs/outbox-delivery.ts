import net from 'node:net';
import { PassThrough } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message.js';
import type { Database } from '../db/database.js';
import { isAboutTheMessage } from '../domain/notifications/mail-server.js';
import { MessageWithdrawn, type OutgoingMail } from '../domain/notifications/outbox.service.js';
import type { Services } from '../domain/services.js';

const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * The mail settings of §17 as a nodemailer transport (`sSMTPHost` is `host` or `host:port`, default port 25).
 * One pooled connection carries a whole drain, and its socket sends at once (no Nagle): SMTP's
 * write-write-read exchanges otherwise wait for the peer's delayed acknowledgement, about 40 ms each,
 * which made a message cost ~150 ms against 6 ms now. The caller closes the transport.
 */
export async function transportFor(services: Services): Promise<Transporter> {
  const { settings } = services;
  const [hostSetting, portSetting] = (await settings.get('sSMTPHost')).split(':');
  const host = hostSetting || 'localhost';
  const port = portSetting ? Number(portSetting) : 25;
  const auth = (await settings.get('bSMTPAuth')) ? { user: await settings.get('sSMTPUser'), pass: await settings.get('sSMTPPass') } : undefined;
  return nodemailer.createTransport({
    host,
    port,
    secure: false,
    ignoreTLS: !auth,
    auth,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    pool: true,
    maxConnections: 1,
    getSocket: (_options, callback) => {
      let socket: net.Socket;
      try {
        socket = net.connect({ host, port, noDelay: true, timeout: CONNECTION_TIMEOUT_MS });
      } catch (error) {
        // A port that is no port (the setting is free text) throws here rather than emitting an error.
        callback(error as Error, undefined);
        return;
      }
      const refuse = (error: Error) => {
        socket.destroy();
        callback(error, undefined);
      };
      const onTimeout = () => refuse(Object.assign(new Error(`Connection to ${host}:${port} timed out`), { code: 'ETIMEDOUT' }));
      socket.once('error', refuse);
      socket.once('timeout', onTimeout);
      socket.once('connect', () => {
        socket.off('error', refuse);
        socket.off('timeout', onTimeout);
        socket.setTimeout(0);
        callback(null, { connection: socket });
      });
    },
  });
}

/** The longest one message may take to leave, connecting included, before the mail server counts as gone. */
const SEND_DEADLINE_MS = 60_000;

type DrainResult = Awaited<ReturnType<Services['outbox']['drain']>>;

/** One drain of the outbox through the mail server of the settings, whatever else is draining. */
export async function drainOutbox(services: Services, sendDeadlineMs = SEND_DEADLINE_MS): Promise<DrainResult> {
  const mailer = new DrainMailer(() => transportFor(services), sendDeadlineMs);
  try {
    return await services.outbox.drain(async () => mailer);
  } finally {
    mailer.close();
  }
}

const turnsOf = new WeakMap<Services, { running?: Promise<DrainResult>; next?: Promise<DrainResult> }>();
const ignore = () => undefined;

/**
 * The timer jobs' and the delivery worker's drain (contract §18 #36): one that tries every row due when it is asked
 * for. The drains of one instance run one at a time: a drain under way may have claimed such rows (a drain that
 * ran beside it would skip them as claimed, and answer before they were tried) or have begun before they were due,
 * so it is waited for and a new one runs after it. Callers that ask while one runs share that next one.
 */
export function drainInTurn(services: Services): Promise<DrainResult> {
  let turns = turnsOf.get(services);
  if (!turns) turnsOf.set(services, (turns = {}));
  const own = turns;
  const begin = () => {
    const run = drainOutbox(services);
    own.running = run;
    const end = () => {
      if (own.running === run) own.running = undefined;
    };
    run.then(end, end);
    return run;
  };
  if (!own.running) return begin();
  own.next ??= own.running.then(ignore, ignore).then(() => {
    own.next = undefined;
    return begin();
  });
  return own.next;
}

/**
 * A nodemailer stream step: the content of a message that has `isStillWanted` goes to the mail server only once
 * that answers true, asked when the server has taken the envelope and waits for the content (`pipe` is called then).
 * False fails the send with `MessageWithdrawn` before any content leaves; the connection then closes without the
 * content's end, so the server never has the message.
 */
function withdrawUnwanted(mail: MailMessage, done: (error?: Error | null) => void): void {
  const { isStillWanted } = mail.data as { isStillWanted?: OutgoingMail['isStillWanted'] };
  if (!isStillWanted) return done();
  const node = mail.message;
  const content = node.createReadStream.bind(node);
  node.createReadStream = (options) => {
    const gated = new PassThrough();
    const pipe = gated.pipe.bind(gated);
    gated.pipe = ((destination, pipeOptions) => {
      isStillWanted().then((isWanted) => {
        if (!isWanted) return gated.destroy(new MessageWithdrawn());
        const source = content(options);
        source.once('error', (error) => gated.destroy(error));
        source.pipe(gated);
      }, (error: Error) => gated.destroy(error));
      return pipe(destination, pipeOptions);
    }) as typeof gated.pipe;
    return gated;
  };
  done();
}

/**
 * The transport of one drain. A failure that is not about the message itself (the server cannot be reached, went
 * away, did not answer within the deadline, or refused the login) fails the drain's remaining messages at once
 * with the same error, each retried on the next drain, instead of each waiting for it again. That also keeps the
 * drain from waiting for ever: nodemailer's pool never frees the slot of a connection whose socket could not be
 * made, nor settles a send whose server closed before greeting.
 */
class DrainMailer {
  private transport: Transporter | undefined;
  private serverFailure: Error | undefined;

  constructor(private readonly open: () => Promise<Transporter>, private readonly deadlineMs: number) {}

  async sendMail(mail: OutgoingMail): Promise<unknown> {
    if (this.serverFailure) throw this.serverFailure;
    if (!this.transport) {
      this.transport = await this.open();
      this.transport.use('stream', withdrawUnwanted);
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`The mail server did not take the message within ${this.deadlineMs / 1000} s`), { code: 'ETIMEDOUT' })), this.deadlineMs);
    });
    try {
      return await Promise.race([this.transport.sendMail(mail), deadline]);
    } catch (error) {
      if (!(error instanceof MessageWithdrawn) && !isAboutTheMessage(error)) {
        this.serverFailure = error instanceof Error ? error : new Error(String(error));
        this.close();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }
}

/** Queues the reminders now due to be queued (§13.5). */
export function scheduleReminders(services: Services): Promise<number> {
  return services.outbox.queueReminders();
}

/** The channel on which a committed transaction that queued a message wakes the workers (migration 0008). */
export const OUTBOX_CHANNEL = 'outbox_due';

/**
 * The delivery worker of one service instance: drains the outbox as soon as any instance commits a queued
 * message (LISTEN on OUTBOX_CHANNEL), and after each drain again within `everyMs` or the claim lease
 * (`iOutboxClaimSeconds`), whichever is shorter, so that messages a dead instance had claimed leave soon after
 * their lease ends. One drain at a time, shared with the timer jobs (`drainInTurn`: a wake-up during a drain runs
 * one more). Answers a function that stops it once the drains it asked for have finished.
 */
export async function startDelivery(
  services: Services,
  listen: Database['listen'],
  onError: (error: unknown) => void,
  everyMs = 60_000,
): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  let awaited: Promise<unknown> | undefined;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pollAgain = async () => {
    const leaseMs = await services.settings.get('iOutboxClaimSeconds').then((seconds) => seconds * 1000, () => everyMs);
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(drain, Math.min(everyMs, leaseMs));
    timer.unref();
  };
  const drain = () => {
    if (isStopped) return;
    const turn = drainInTurn(services);
    // Wake-ups while a drain waits for its turn are covered by it.
    if (turn === awaited) return;
    awaited = turn;
    running = turn.then(() => undefined, onError).finally(() => {
      if (awaited !== turn) return;
      awaited = undefined;
      running = undefined;
      void pollAgain();
    });
  };
  let unlisten: () => Promise<void> = async () => undefined;
  try {
    unlisten = await listen(OUTBOX_CHANNEL, drain);
  } catch (error) {
    // Without the wake-up, mail still leaves on the poll.
    onError(error);
  }
  // Rows queued while no worker was listening (before this start) leave now, not at the next poll.
  drain();
  // Stopping waits for a drain under way, so that it neither meets a closed database nor leaves the messages it
  // claimed to wait out their lease.
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await unlisten();
    await running;
  };
}
