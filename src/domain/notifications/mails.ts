/**
 * Each outbox message as it leaves (contract §13.5; issue 34 #4): the facts fixed by the contract, worded in the
 * recipient's language (templates/en.ts, es.ts), laid out by the MJML frame (templates/layout.ts) as HTML with a
 * plain-text alternative, and an assignment request's calendar invitation (templates/calendar.ts).
 */

import type { Language, NotificationType } from '../../db/schema.js';
import { shiftInvitation } from './templates/calendar.js';
import { hoursOf } from './templates/dates.js';
import { en } from './templates/en.js';
import { es } from './templates/es.js';
import { hasInvitation, type MailFacts, type Wording } from './templates/facts.js';
import { fullSubject, renderHtml, renderText, type MailContent } from './templates/layout.js';

export type { MailFacts } from './templates/facts.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

const WORDING: Record<Language, Wording> = { en, es };

// Mails to the person who serves; those about someone else's answer go to whoever is told of replies.
const TO_A_VOLUNTEER = new Set<NotificationType>(['assignment', 'reminder', 'assignment_withdrawn', 'signup_confirm', 'swap_resolved']);
const ABOUT_REPLIES = new Set<NotificationType>(['decline_alert', 'gap_alert', 'swap_proposed', 'help_offer', 'delivery_failed']);

/** What, when, where and which team, for a mail about a shift. */
function shiftFacts(facts: MailFacts, wording: Wording): MailContent['facts'] {
  if (!facts.start || !(TO_A_VOLUNTEER.has(facts.type) || ABOUT_REPLIES.has(facts.type))) return [];
  const { labels } = wording;
  const what = [facts.positionName, facts.eventTitle].filter(Boolean).join(' – ');
  const team = [facts.ministryName, facts.teamName].filter(Boolean).join(' · ');
  return [
    ...(what ? [{ label: labels.what, value: what }] : []),
    { label: labels.when, value: hoursOf(facts.start, facts.end, facts.language) },
    { label: labels.where, value: facts.churchName },
    ...(team ? [{ label: labels.team, value: team }] : []),
  ];
}

/** Accept and Decline, each opening the answer page with its answer chosen; none without a link. */
function answerButtons(facts: MailFacts, wording: Wording): MailContent['buttons'] {
  if (!facts.answerLink) return [];
  return [
    { label: wording.labels.accept, url: `${facts.answerLink}?response=accepted`, tone: 'accept' },
    { label: wording.labels.decline, url: `${facts.answerLink}?response=declined`, tone: 'decline' },
  ];
}

function footer(facts: MailFacts, wording: Wording): string[] {
  const why = facts.type === 'message' ? wording.why.message(facts)
    : TO_A_VOLUNTEER.has(facts.type) ? wording.why.volunteer(facts)
    : ABOUT_REPLIES.has(facts.type) ? wording.why.coordinator(facts)
    : wording.why.account(facts);
  return [why, ...(facts.serviceUrl ? [wording.preferences(`${facts.serviceUrl}/me`)] : [])];
}

/** The mail for one outbox row, in `facts.language`; `now` stamps the calendar invitation. */
export async function composeMail(facts: MailFacts, now: Date): Promise<Mail> {
  const wording = WORDING[facts.language];
  const words = wording.words(facts);
  const content: MailContent = {
    language: facts.language,
    churchName: facts.churchName,
    subject: words.subject,
    greeting: wording.hello(facts.recipientFirstName),
    lead: words.lead,
    facts: shiftFacts(facts, wording),
    buttons: [...answerButtons(facts, wording), ...(words.buttons ?? [])],
    after: words.after ?? [],
    footer: footer(facts, wording),
  };
  const attachments = hasInvitation(facts)
    ? [{ filename: 'invitation.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: shiftInvitation(facts, wording, now) }]
    : [];
  return { subject: fullSubject(content), text: renderText(content), html: await renderHtml(content), attachments };
}
