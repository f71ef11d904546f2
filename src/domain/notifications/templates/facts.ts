import type { Language, NotificationType } from '../../../db/schema.js';
import { INVITATION_PAGE } from '../../invitations/invitation-mail.js';

/** What one outbox message is about (contract §13.5): the facts the contract fixes, and what the mail adds. */
export interface MailFacts {
  type: NotificationType;
  /** The recipient's own language, else the church's default (issue 33 #4). */
  language: Language;
  churchName: string;
  /** The web app's address (setting `sServiceURL`), without a trailing slash; '' when not set. */
  serviceUrl: string;
  /** The church's zone (`sTimeZone`): the calendar invitation's times are in it. */
  timeZone: string;
  recipientFirstName: string;
  volunteerName: string | null;
  volunteerEmail: string | null;
  positionName: string | null;
  ministryName: string | null;
  teamName: string | null;
  eventTitle: string | null;
  /** The shift's start and end, on the church's wall clock. */
  start: string | null;
  end: string | null;
  assignmentId: number | null;
  /** The page of the web app that answers this assignment from the mail (issue 17), without `?response=`. */
  answerLink?: string;
  context: Record<string, unknown>;
}

/** What a language says for one message: the subject, the paragraphs before the facts and after the buttons. */
export interface Words {
  subject: string;
  lead: string[];
  after?: string[];
  /** A big button of the mail's own (the invitation's "Create my login"), after any Accept / Decline. */
  buttons?: Array<{ label: string; url: string; tone: 'action' }>;
}

/** One language's wording of every mail. */
export interface Wording {
  hello(firstName: string): string;
  labels: { what: string; when: string; where: string; team: string; accept: string; decline: string };
  words(facts: MailFacts): Words;
  /** Why the recipient got the mail: they serve, they are told of replies, or it is about their account. */
  why: {
    volunteer(facts: MailFacts): string; coordinator(facts: MailFacts): string; account(facts: MailFacts): string;
    /** A message from the workspace: who wrote it, to whom (issue 34 #1). */
    message(facts: MailFacts): string;
  };
  preferences(url: string): string;
  /** The calendar invitation's title and note. */
  calendar: { summary(facts: MailFacts): string; description(facts: MailFacts): string };
}

/** The invitation's one-time page (issue 33 #1); '' without the web app's address. */
export const invitationLink = (facts: MailFacts) =>
  (facts.serviceUrl ? `${facts.serviceUrl}${INVITATION_PAGE}?token=${encodeURIComponent(String(facts.context.invitationToken ?? ''))}` : '');

/** An assignment request with its shift's hours carries a calendar invitation (issue 34 #4). */
export const hasInvitation = (facts: MailFacts) => facts.type === 'assignment' && facts.assignmentId !== null && facts.start !== null && facts.end !== null;

/** Who a workspace message was written to, as its outbox row's context names it (issue 34 #1). */
export interface AudienceWords {
  kind: 'team' | 'pool' | 'serving' | 'pending';
  teamName?: string;
  /** The day (`YYYY-MM-DD`) of the occurrence or date chosen. */
  date?: string;
  eventTitle?: string;
  positionName?: string;
}

/** A text field of the row's context, '' when absent. */
const textIn = (context: MailFacts['context'], key: string): string => {
  const value = context[key];
  return typeof value === 'string' ? value : '';
};

/** A workspace message's own words and the facts its frame names, read from its outbox row's context. */
export function messageOf(facts: MailFacts) {
  const { context } = facts;
  const audience = (context.audience && typeof context.audience === 'object' ? context.audience : { kind: 'pool' }) as AudienceWords;
  return {
    subject: textIn(context, 'subject'),
    /** Paragraphs as written: blank lines part them, a single line break stays one. */
    paragraphs: textIn(context, 'body').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean),
    senderName: textIn(context, 'senderName'),
    ministryName: facts.ministryName ?? textIn(context, 'ministryName'),
    audience,
  };
}

/** A failed mail's notice (issue 34 #3): whose mail failed, what it was, and the mail server's reason. */
export function failureOf(facts: MailFacts) {
  const { context } = facts;
  return {
    recipientName: textIn(context, 'recipientName'),
    failedType: textIn(context, 'failedType'),
    subject: textIn(context, 'subject'),
    reason: textIn(context, 'reason'),
  };
}
