import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import { isLive, type DB, type Language, type NotificationType } from '../../db/schema.js';
import type { AnswerLinksService, AnswerLinkSubject } from '../assignments/answer-links.service.js';
import type { ChurchTime } from '../church-time.js';
import { instantOf, wallClock } from '../clock.js';
import type { SettingsService } from '../settings/settings.service.js';
import { conflict } from '../errors.js';
import { mailServerAddress, mailServerFailure } from './mail-server.js';
import { composeMail, type MailAttachment } from './mails.js';
import { languageOf } from '../people/language.js';
import { unreachableReason } from '../people/mail-reach.js';
import { DatabaseService } from '../database-service.js';
import { repliesReach } from '../assignments/recipients.js';

/** At the 5th failed attempt a message is `failed` for good (contract §13.1). */
export const MAX_ATTEMPTS = 5;
const BATCH = 50;
// A bound on one drain (BATCH × MAX_ROUNDS rows); the next drain takes the rest.
const MAX_ROUNDS = 40;
// These ask the volunteer to serve, so they carry the Accept and Decline links (issue 17).
const ANSWERABLE = new Set<NotificationType>(['assignment', 'reminder']);
// Volunteer mail goes to the volunteer; these go to coordinators or managers about someone else.
const ABOUT_A_VOLUNTEER = new Set<NotificationType>(['decline_alert', 'gap_alert', 'swap_proposed', 'help_offer', 'delivery_failed']);

type MailContext = Awaited<ReturnType<Repositories['notifications']['mailContext']>>[number];
type NotificationsRow = Awaited<ReturnType<Repositories['notifications']['claimDue']>>[number];
// A volunteer's mails whose terminal failure a person is told of (issue 34 #3); never `delivery_failed` itself.
const TELLS_OF_FAILURE = new Set<NotificationType>(['assignment', 'reminder', 'assignment_withdrawn', 'signup_confirm', 'swap_resolved', 'message']);

interface Address {
  name: string;
  address: string;
}

/** One message as it leaves for the mail server. */
export interface OutgoingMail {
  from?: Address;
  to: Address;
  replyTo?: Address;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The assignment request's calendar invitation (issue 34 #4). */
  attachments?: MailAttachment[];
  /**
   * Asked once the mail server has taken the envelope and waits for the content; false withdraws the message
   * (the mailer then throws `MessageWithdrawn` and the server never has it). Absent: the message is always wanted.
   */
  isStillWanted?: () => Promise<boolean>;
}

/** A message given up before the mail server had it, because it was no longer wanted (`OutgoingMail.isStillWanted`). */
export class MessageWithdrawn extends Error {
  constructor() {
    super('The message was withdrawn before the mail server took it');
  }
}

/** What sends mail: the jobs give a mail-server connection, tests may give a real one of their own. */
export interface Mailer {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

/** A connection to the mail server that reports the server's reply line; closed after use. */
export interface MailServerConnection {
  sendMail(mail: { from?: Address; to: Address; subject: string; text: string }): Promise<{ response: string }>;
  close(): void;
}

export const MAIL_OFF_MESSAGE = 'Mail is off: turn on "Send e-mail" first.';

function parseContext(text: string | null): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** What an answer link may name: the live assignment of a mail that asks its own volunteer to serve. */
function answerLinkSubject(row: { type: NotificationType; person_id: number }, facts: MailContext): AnswerLinkSubject | undefined {
  const { assignment_id: assignmentId, assignee_id: assigneeId, assignment_status: status, assigned_at: assignedAt, end_at: shiftEnd } = facts;
  if (!ANSWERABLE.has(row.type) || assignmentId === null || assigneeId !== row.person_id) return undefined;
  if (status === null || !isLive(status) || assignedAt === null || shiftEnd === null) return undefined;
  return { assignmentId, personId: row.person_id, lastResponseId: facts.last_response_id ?? 0, status, assignedAt, shiftEnd };
}

/**
 * The same Message-ID every time a row is sent: a send repeated after a crash between the mail server's answer and
 * `markSent` (at-least-once delivery) is then one message to mail servers and clients that drop duplicates.
 */
function messageIdOf(row: { id: number; created_at: string }, serviceUrl: string): string {
  let host = 'volunteer-ministry-service.invalid';
  try {
    if (serviceUrl) host = new URL(serviceUrl).hostname;
  } catch {
    // A malformed service URL keeps the placeholder host.
  }
  return `<outbox.${row.id}.${row.created_at.replace(/\D/g, '')}@${host}>`;
}

/** The outbox (contract §13): what leaves, when, to whom, and what is skipped. Sending itself is the mailer's. */
export class OutboxService extends DatabaseService {
  constructor(
    db: Kysely<DB>,
    private readonly time: ChurchTime,
    private readonly settings: SettingsService,
    private readonly answerLinks: AnswerLinksService,
  ) {
    super(db);
  }

  /**
   * Sends one plain message to `to` at once, past the outbox, and answers the mail server's reply line, so that
   * an administrator setting mail up sees what the server said. 409 while mail is off or has no server; 502 when
   * the server refuses (with its reply) or cannot be reached (with the reason).
   */
  async sendTestMessage(to: string, connect: () => Promise<MailServerConnection>): Promise<{ accepted: true; response: string }> {
    const { settings } = this;
    const server = (await settings.get('sSMTPHost')).trim();
    if (!(await settings.get('bEnabledEmail')) || server === '') throw conflict(MAIL_OFF_MESSAGE);
    const churchName = await settings.get('sChurchName');
    const from = await settings.get('sChurchEmail');
    const connection = await connect();
    try {
      const { response } = await connection.sendMail({
        from: from ? { name: churchName, address: from } : undefined,
        to: { name: '', address: to },
        subject: `[${churchName}] Test message`,
        text: `This is a test message from ${churchName}'s volunteer schedule. It reached you, so its e-mail works.`,
      });
      return { accepted: true, response };
    } catch (error) {
      throw mailServerFailure(error, mailServerAddress(server));
    } finally {
      connection.close();
    }
  }

  /**
   * One drain of the outbox (contract §13.5): claim due rows (safe with several workers), skip what must not be
   * sent, send the rest; a failure keeps the row pending with its attempt counted, the 5th makes it `failed`.
   * A delivery failure never changes an assignment. The mailer is opened only when a row is to be sent. Once the
   * mail server waits for a message's content, the row's claim is renewed for the send; a row that a cancel reached
   * meanwhile (it stays cancelled), or that another drain took once its lease ran out while it waited in this
   * drain's batch, is withdrawn instead: never sent after a cancel, nor by two drains. Answers how many rows were
   * sent, skipped and failed.
   */
  async drain(openMailer: () => Promise<Mailer>): Promise<{ sent: number; skipped: number; failed: number }> {
    const { settings, time } = this;
    const repos = this.repos;
    const result = { sent: 0, skipped: 0, failed: 0 };
    const now = await time.now();
    let mailSettings: {
      isEmailOn: boolean; churchName: string; serviceUrl: string; from: string; mailServer: string; mailer: Mailer; language: Language; timeZone: string;
    } | undefined;
    // Every due row is handled in one drain, batch after batch; a row already tried in this drain is not claimed
    // again, so a failed send is retried on the next drain only.
    const handled: number[] = [];
    let sign: ((subject: AnswerLinkSubject) => string) | undefined;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const leaseSeconds = await settings.get('iOutboxClaimSeconds');
      const claimed = await repos.notifications.claimDue(now, BATCH, leaseSeconds, handled);
      if (claimed.length === 0) break;
      handled.push(...claimed.map((row) => row.id));
      mailSettings ??= {
        isEmailOn: await settings.get('bEnabledEmail'),
        churchName: await settings.get('sChurchName'),
        serviceUrl: (await settings.get('sServiceURL')).trim().replace(/\/+$/, ''),
        from: await settings.get('sChurchEmail'),
        mailServer: mailServerAddress((await settings.get('sSMTPHost')).trim()),
        mailer: await openMailer(),
        language: await settings.get('sDefaultLanguage'),
        timeZone: await settings.get('sTimeZone'),
      };
      const { isEmailOn, churchName, serviceUrl, from, mailServer, mailer, language, timeZone } = mailSettings;
      const contexts = new Map((await repos.notifications.mailContext(claimed.map((row) => row.id))).map((c) => [c.id, c]));
      for (const row of claimed) {
        const facts = contexts.get(row.id);
        const context = parseContext(row.context);
        // A changed address is reported to the address it replaced: its owner is the one who must learn of it.
        const address = (row.type === 'email_changed' ? (typeof context.previousEmail === 'string' ? context.previousEmail : null) : facts?.recipient_email)?.trim() ?? null;
        const unreachable = facts && unreachableReason({ email: address, do_not_email: facts.recipient_do_not_email });
        const skipReason = !isEmailOn ? 'E-mail is switched off'
          : !facts || unreachable === 'no_address' ? 'The recipient has no e-mail address'
          : unreachable === 'do_not_email' ? 'The recipient does not want e-mail'
          : row.type === 'reminder' && facts.end_at !== null && facts.end_at < now ? 'The occurrence is already over'
          : undefined;
        if (skipReason) {
          await repos.notifications.markSkipped(row.id, skipReason);
          result.skipped++;
          continue;
        }
        try {
          // Signed as the mail leaves, so the link names the assignment as it then stands; a link needs the web app's address.
          const subject = serviceUrl ? answerLinkSubject(row, facts!) : undefined;
          if (subject) sign ??= await this.answerLinks.signer();
          const mail = await composeMail({
            type: row.type,
            language: languageOf(facts!.recipient_language, language),
            churchName,
            serviceUrl,
            timeZone,
            recipientFirstName: facts!.recipient_first_name,
            volunteerName: facts!.volunteer_first_name ? `${facts!.volunteer_first_name} ${facts!.volunteer_last_name}` : null,
            volunteerEmail: facts!.volunteer_email,
            positionName: facts!.position_name,
            ministryName: facts!.ministry_name,
            teamName: facts!.team_name,
            eventTitle: facts!.event_title,
            start: facts!.start_at,
            end: facts!.end_at,
            assignmentId: facts!.assignment_id,
            answerLink: subject && `${serviceUrl}/answer/${sign!(subject)}`,
            context,
          }, time.clock.now());
          // A workspace message is answered to whoever wrote it (issue 34 #1).
          const replyTo = row.type === 'message' ? (typeof context.senderEmail === 'string' ? context.senderEmail : null)
            : row.type === 'decline_alert' ? facts!.volunteer_email
            : row.type === 'gap_alert' || ABOUT_A_VOLUNTEER.has(row.type) ? null
            : await repos.notifications.replyToFor(facts!.team_id, facts!.ministry_id);
          const to = { name: `${facts!.recipient_first_name} ${facts!.recipient_last_name}`, address: address! };
          await mailer.sendMail({
            from: from ? { name: churchName, address: from } : undefined, to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments,
            messageId: messageIdOf(row, serviceUrl),
            ...(replyTo ? { replyTo: { name: '', address: replyTo } } : {}),
            isStillWanted: async () => repos.notifications.renewClaim(row.id, row.claimed_until!, await time.now(), leaseSeconds),
          });
          // Recorded as sent even when a cancel came after the server took the content: it was.
          await repos.notifications.markSent(row.id, await time.now());
          result.sent++;
        } catch (error) {
          if (error instanceof MessageWithdrawn) {
            await repos.notifications.releaseClaim(row.id, row.claimed_until!);
            continue;
          }
          // Coordinators read it: only what a real SMTP conversation answered, never what another service sent.
          const reason = mailServerFailure(error, mailServer).message;
          const { failedForGood } = await repos.notifications.markFailure(row.id, reason, await time.now(), MAX_ATTEMPTS);
          if (failedForGood) await this.tellOfFailure(row, facts!, context, reason, await time.now());
          result.failed++;
        }
      }
      if (claimed.length < BATCH) break;
    }
    return result;
  }

  /**
   * A volunteer's mail failed for good (issue 34 #3): whoever `repliesReach` names for its ministry (its coordinators,
   * else the managers, else the administrators with an address) gets a notice through the outbox, once per failed
   * row and person. A notice is never about a notice, and a mail without a ministry (an account's) tells nobody.
   */
  private async tellOfFailure(row: NotificationsRow, facts: MailContext, context: Record<string, unknown>, reason: string, now: string): Promise<void> {
    if (!TELLS_OF_FAILURE.has(row.type)) return;
    const ministryId = facts.ministry_id ?? (typeof context.ministryId === 'number' ? context.ministryId : null);
    if (ministryId === null) return;
    const told = await repliesReach(this.repos, ministryId);
    const notice = JSON.stringify({
      failedType: row.type,
      recipientName: `${facts.recipient_first_name} ${facts.recipient_last_name}`.trim(),
      reason,
      ...(row.type === 'message' ? { subject: context.subject, ministryName: context.ministryName, ministryId } : {}),
    });
    await this.repos.notifications.enqueueMany(told.people.filter((person) => person.id !== row.person_id).map((person) => ({
      type: 'delivery_failed' as const, personId: person.id, keyParts: [row.id, person.id], scheduledFor: now, createdAt: now,
      context: notice, assignmentId: row.assignment_id, occurrenceId: row.occurrence_id,
    })));
  }

  /**
   * Queues a reminder for each live assignment whose shift starts within the lead (`iVolunteerReminderLeadHours`;
   * 0 = off), due at the shift start minus the lead (§13.5) — a moment already past makes it simply due now.
   */
  async queueReminders(): Promise<number> {
    const { settings, time } = this;
    const leadHours = await settings.get('iVolunteerReminderLeadHours');
    if (leadHours <= 0) return 0;
    // The lead is measured in real hours: across a daylight-saving change the wall clock moves by 23 or 25.
    const timeZone = await settings.get('sTimeZone');
    const leadMs = leadHours * 3_600_000;
    const now = wallClock(time.clock.now(), timeZone);
    const until = wallClock(new Date(time.clock.now().getTime() + leadMs), timeZone);
    const repos = this.repos;
    const due = await repos.notifications.reminderCandidates(now, until);
    const scheduledFor = (start: string) => wallClock(new Date(instantOf(start, timeZone).getTime() - leadMs), timeZone);
    await repos.notifications.enqueueMany(due.map((a) => ({
      type: 'reminder', personId: a.person_id, keyParts: [a.id, a.person_id],
      scheduledFor: scheduledFor(a.start_at), createdAt: now, assignmentId: a.id, occurrenceId: a.occurrence_id,
    })));
    return due.length;
  }
}
