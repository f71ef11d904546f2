/** The words of each outbox message (contract §13.5): facts fixed by the contract, wording ours. */

import type { NotificationType } from '../../db/schema.js';
import { invitationMail } from '../invitations/invitation-mail.js';

export interface MailFacts {
  type: NotificationType;
  churchName: string;
  /** The web app's address (setting `sServiceURL`), without a trailing slash; '' when not set. */
  serviceUrl: string;
  recipientFirstName: string;
  volunteerName: string | null;
  volunteerEmail: string | null;
  positionName: string | null;
  ministryName: string | null;
  eventTitle: string | null;
  start: string | null;
  /** The page of the web app that answers this assignment from the mail (issue 17), without `?response=`. */
  answerLink?: string;
  context: Record<string, unknown>;
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** `2026-03-08 10:30:00` → `Sunday, March 8, 2026 at 10:30 AM` (the church's wall clock, no zone conversion). */
export function describeWallClock(wall: string): string {
  const [date, time] = wall.split(' ');
  const day = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const [hours, minutes] = time.split(':').map(Number);
  const clock = `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${day} at ${clock}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SCHEDULE_PATH = '/portal/volunteer/schedule';
const scheduleLink = (facts: MailFacts) => `${facts.serviceUrl}${SCHEDULE_PATH}`;

function shift(facts: MailFacts): string {
  const when = facts.start ? describeWallClock(facts.start) : 'the scheduled time';
  return `${facts.positionName ?? 'your position'} for ${facts.ministryName ?? 'the ministry'} (${facts.eventTitle ?? 'the event'}) on ${when}`;
}

interface MailLink {
  label: string;
  url: string;
}

/** Accept and Decline, each opening the answer page with its answer chosen; none without a link. */
function answerLinks(facts: MailFacts): MailLink[] {
  if (!facts.answerLink) return [];
  return [{ label: 'Accept', url: `${facts.answerLink}?response=accepted` }, { label: 'Decline', url: `${facts.answerLink}?response=declined` }];
}

function body(facts: MailFacts, subject: string, lines: string[], links: MailLink[] = []): Mail {
  const text = [`Hello ${facts.recipientFirstName},`, '', ...lines, ...links.map((link) => `${link.label}: ${link.url}`), '', `— ${facts.churchName}`].join('\n');
  const linkHtml = links.length === 0 ? '' : `<p>${links.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`).join(' · ')}</p>`;
  const html = `<p>Hello ${escapeHtml(facts.recipientFirstName)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${linkHtml}<p>— ${escapeHtml(facts.churchName)}</p>`;
  return { subject: `[${facts.churchName}] ${subject}`, text, html };
}

export function composeMail(facts: MailFacts): Mail {
  switch (facts.type) {
    case 'assignment':
      return body(facts, `Please serve as ${facts.positionName ?? 'a volunteer'}`, [
        `You have been asked to serve as ${shift(facts)}.`,
        `Please accept or decline on your volunteer schedule: ${scheduleLink(facts)}`,
        ...(facts.answerLink ? ['Or answer straight from this e-mail, without signing in:'] : []),
      ], answerLinks(facts));
    case 'reminder':
      return body(facts, `Volunteer reminder: ${facts.positionName ?? 'your shift'}`, [
        `A reminder that you serve as ${shift(facts)}.`,
        `Your schedule: ${scheduleLink(facts)}`,
        ...(facts.answerLink ? ['Can you still serve? Answer from this e-mail, without signing in:'] : []),
      ], answerLinks(facts));
    case 'assignment_withdrawn':
      return body(facts, `No longer needed: ${facts.positionName ?? 'your shift'}`, [
        `The request to serve as ${shift(facts)} has been withdrawn: you are not needed then after all. Nothing to do.`,
        `Your schedule: ${scheduleLink(facts)}`,
      ]);
    case 'signup_confirm':
      return body(facts, `You signed up to serve as ${facts.positionName ?? 'a volunteer'}`, [`Thank you for signing up to serve as ${shift(facts)}.`, `Your schedule: ${scheduleLink(facts)}`]);
    case 'decline_alert':
      return body(facts, `${facts.volunteerName ?? 'A volunteer'} declined ${facts.positionName ?? 'a position'}`, [`${facts.volunteerName ?? 'A volunteer'} declined to serve as ${shift(facts)}.`]);
    case 'gap_alert':
      return body(facts, `Positions still need to be filled for ${facts.eventTitle ?? 'an event'}`, [`Some positions still need to be filled for ${facts.eventTitle ?? 'an event'} of ${facts.ministryName ?? 'your ministry'}${facts.start ? ` on ${describeWallClock(facts.start)}` : ''}.`]);
    case 'swap_proposed':
      return body(facts, `A substitute is proposed for ${facts.positionName ?? 'a position'}`, [`A substitute was proposed for ${shift(facts)}. Please approve or reject it.`]);
    case 'swap_resolved':
      return body(facts, `Substitution decided for ${facts.positionName ?? 'a position'}`, [`The substitution for ${shift(facts)} has been decided. See your schedule: ${scheduleLink(facts)}`]);
    case 'help_offer':
      return body(facts, 'Someone would like to help', [`${String(facts.context.offeredByName ?? 'A member')} would like to help ${facts.ministryName ?? String(facts.context.ministryName ?? 'your ministry')}.`]);
    case 'password_reset':
      return facts.context.temporaryPassword
        ? body(facts, 'Your password was reset', [`An administrator reset your password. Your temporary password is: ${String(facts.context.temporaryPassword)}`, 'Please change it after you sign in.'])
        : body(facts, 'Reset your password', [
          // An address shared by a family gets one mail per account: each says whose it is.
          ...(facts.context.userName ? [`This is for the account with the user name ${String(facts.context.userName)}.`] : []),
          ...(facts.serviceUrl ? [`Choose a new password within a day: ${facts.serviceUrl}/reset-password?token=${encodeURIComponent(String(facts.context.resetToken ?? ''))}`] : []),
          `Or enter this code on the password page within a day: ${String(facts.context.resetToken ?? '')}`,
          'If you did not ask for this, ignore this message.',
        ]);
    case 'account_locked':
      return body(facts, 'Your account is locked', ['Too many wrong passwords were entered for your account, so it is locked. Ask an administrator to unlock it.']);
    case 'email_changed':
      return body(facts, 'Your e-mail address was changed', [
        'The e-mail address of your account was changed, so messages from now on go to the new address and this one no longer receives them.',
        'If you did not ask for this, tell an administrator at once.',
      ]);
    case 'two_factor_enabled':
      return body(facts, 'Two-factor sign-in is on', [
        'Two-factor sign-in was turned on for your account: signing in now also asks for a code from an authenticator app.',
        'If you did not do this, someone else may be using your account: tell an administrator at once, who can turn it off for you.',
      ]);
    case 'two_factor_disabled':
      return body(facts, 'Two-factor sign-in is off', [
        facts.context.by === 'administrator'
          ? 'An administrator turned off two-factor sign-in for your account: your password alone signs you in now.'
          : 'Two-factor sign-in was turned off for your account: your password alone signs you in now.',
        'If you did not ask for this, change your password and tell an administrator at once.',
      ]);
    case 'invitation':
      return invitationMail({
        churchName: facts.churchName, serviceUrl: facts.serviceUrl, firstName: facts.recipientFirstName,
        token: String(facts.context.invitationToken ?? ''), inviterName: typeof facts.context.inviterName === 'string' ? facts.context.inviterName : null,
      });
    case 'account_unlocked':
      return body(facts, 'Your account is unlocked', ['An administrator unlocked your account. You can sign in again.']);
    default:
      return body(facts, 'A message from your church', []);
  }
}
