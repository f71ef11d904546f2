import nodemailer, { type Transporter } from 'nodemailer';
import { createRepositories } from '../db/repositories/index.js';
import { instantOf, wallClock } from '../domain/clock.js';
import { composeMail } from '../domain/notifications/mails.js';
import type { Services } from '../domain/services.js';

/** At the 5th failed attempt a message is `failed` for good (contract §13.1). */
export const MAX_ATTEMPTS = 5;
const BATCH = 50;
const CLAIM_SECONDS = 300;
// A bound on one drain (BATCH × MAX_ROUNDS rows); the next drain takes the rest.
const MAX_ROUNDS = 40;
// Volunteer mail goes to the volunteer; these go to coordinators or managers about someone else.
const ABOUT_A_VOLUNTEER = new Set(['decline_alert', 'gap_alert', 'swap_proposed', 'help_offer']);

function parseContext(text: string | null): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** The mail settings of §17 as a nodemailer transport (`sSMTPHost` is `host` or `host:port`, default port 25). */
export async function transportFor(services: Services): Promise<Transporter> {
  const { settings } = services;
  const [host, port] = (await settings.get('sSMTPHost')).split(':');
  const auth = (await settings.get('bSMTPAuth')) ? { user: await settings.get('sSMTPUser'), pass: await settings.get('sSMTPPass') } : undefined;
  return nodemailer.createTransport({
    host: host || 'localhost',
    port: port ? Number(port) : 25,
    secure: false,
    ignoreTLS: !auth,
    auth,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * One drain of the outbox (contract §13.5): claim due rows (safe with several workers), skip what must not be
 * sent, send the rest; a failure keeps the row pending with its attempt counted, the 5th makes it `failed`.
 * A delivery failure never changes an assignment. Answers how many rows were sent, skipped and failed.
 */
export async function drainOutbox(services: Services, transport?: Transporter): Promise<{ sent: number; skipped: number; failed: number }> {
  const { settings, time, database } = services;
  const repos = createRepositories(database.db);
  const result = { sent: 0, skipped: 0, failed: 0 };
  const now = await time.now();
  let mailSettings: { isEmailOn: boolean; churchName: string; serviceUrl: string; from: string; mailer: Transporter } | undefined;
  // Every due row is handled in one drain, batch after batch; a row already tried in this drain is not claimed
  // again, so a failed send is retried on the next drain only.
  const handled: number[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = await repos.notifications.claimDue(now, BATCH, CLAIM_SECONDS, handled);
    if (claimed.length === 0) break;
    handled.push(...claimed.map((row) => row.id));
    mailSettings ??= {
      isEmailOn: await settings.get('bEnabledEmail'),
      churchName: await settings.get('sChurchName'),
      serviceUrl: (await settings.get('sServiceURL')).trim().replace(/\/+$/, ''),
      from: await settings.get('sChurchEmail'),
      mailer: transport ?? (await transportFor(services)),
    };
    const { isEmailOn, churchName, serviceUrl, from, mailer } = mailSettings;
    const contexts = new Map((await repos.notifications.mailContext(claimed.map((row) => row.id))).map((c) => [c.id, c]));
    for (const row of claimed) {
      const facts = contexts.get(row.id);
      const context = parseContext(row.context);
      // A changed address is reported to the address it replaced: its owner is the one who must learn of it.
      const address = row.type === 'email_changed' ? (typeof context.previousEmail === 'string' ? context.previousEmail : null) : facts?.recipient_email;
      const skipReason = !isEmailOn ? 'E-mail is switched off'
        : !facts || !address ? 'The recipient has no e-mail address'
        : facts.recipient_do_not_email ? 'The recipient does not want e-mail'
        : row.type === 'reminder' && facts.end_at !== null && facts.end_at < now ? 'The occurrence is already over'
        : undefined;
      if (skipReason) {
        await repos.notifications.markSkipped(row.id, skipReason);
        result.skipped++;
        continue;
      }
      try {
        const mail = composeMail({
          type: row.type,
          churchName,
          serviceUrl,
          recipientFirstName: facts!.recipient_first_name,
          volunteerName: facts!.volunteer_first_name ? `${facts!.volunteer_first_name} ${facts!.volunteer_last_name}` : null,
          volunteerEmail: facts!.volunteer_email,
          positionName: facts!.position_name,
          ministryName: facts!.ministry_name,
          eventTitle: facts!.event_title,
          start: facts!.start_at,
          context,
        });
        const replyTo = row.type === 'decline_alert' ? facts!.volunteer_email
          : row.type === 'gap_alert' || ABOUT_A_VOLUNTEER.has(row.type) ? null
          : await repos.notifications.replyToFor(facts!.team_id, facts!.ministry_id);
        const to = { name: `${facts!.recipient_first_name} ${facts!.recipient_last_name}`, address: address! };
        await mailer.sendMail({ from: from ? { name: churchName, address: from } : undefined, to, subject: mail.subject, text: mail.text, html: mail.html, ...(replyTo ? { replyTo: { name: '', address: replyTo } } : {}) });
        await repos.notifications.markSent(row.id, await time.now());
        result.sent++;
      } catch (error) {
        await repos.notifications.markFailure(row.id, error instanceof Error ? error.message : String(error), await time.now(), MAX_ATTEMPTS);
        result.failed++;
      }
    }
    if (claimed.length < BATCH) break;
  }
  return result;
}

/**
 * Queues a reminder for each live assignment whose shift starts within the lead (`iVolunteerReminderLeadHours`;
 * 0 = off), due at the shift start minus the lead (§13.5) — a moment already past makes it simply due now.
 */
export async function scheduleReminders(services: Services): Promise<number> {
  const { settings, time, database } = services;
  const leadHours = await settings.get('iVolunteerReminderLeadHours');
  if (leadHours <= 0) return 0;
  // The lead is measured in real hours: across a daylight-saving change the wall clock moves by 23 or 25.
  const timeZone = await settings.get('sTimeZone');
  const leadMs = leadHours * 3_600_000;
  const now = wallClock(time.clock.now(), timeZone);
  const until = wallClock(new Date(time.clock.now().getTime() + leadMs), timeZone);
  const repos = createRepositories(database.db);
  const due = await repos.notifications.reminderCandidates(now, until);
  const scheduledFor = (start: string) => wallClock(new Date(instantOf(start, timeZone).getTime() - leadMs), timeZone);
  await repos.notifications.enqueueMany(due.map((a) => ({
    type: 'reminder', personId: a.person_id, dedupeKey: `reminder:${a.id}:${a.person_id}`,
    scheduledFor: scheduledFor(a.start_at), createdAt: now, assignmentId: a.id, occurrenceId: a.occurrence_id,
  })));
  return due.length;
}

/** The channel on which a committed transaction that queued a message wakes the workers (migration 0008). */
export const OUTBOX_CHANNEL = 'outbox_due';

/**
 * The delivery worker of one service instance: drains the outbox as soon as any instance commits a queued
 * message (LISTEN on OUTBOX_CHANNEL), and every `everyMs` as the fallback, one drain at a time (a wake-up during
 * a drain runs one more). Answers a function that stops it.
 */
export async function startDelivery(services: Services, onError: (error: unknown) => void, everyMs = 60_000): Promise<() => Promise<void>> {
  let running = false;
  let isWanted = false;
  const drain = () => {
    if (running) {
      isWanted = true;
      return;
    }
    running = true;
    drainOutbox(services).catch(onError).finally(() => {
      running = false;
      if (isWanted) {
        isWanted = false;
        drain();
      }
    });
  };
  const timer = setInterval(drain, everyMs);
  timer.unref();
  let unlisten: () => Promise<void> = async () => undefined;
  try {
    unlisten = await services.database.listen(OUTBOX_CHANNEL, drain);
  } catch (error) {
    // Without the wake-up, mail still leaves on the minute poll.
    onError(error);
  }
  // Rows queued while no worker was listening (before this start) leave now, not in a minute.
  drain();
  return async () => {
    clearInterval(timer);
    await unlisten();
  };
}
