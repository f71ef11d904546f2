import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/repositories/index.js';
import type { DB } from '../../db/schema.js';
import { clockDigits, isSignedBy, linkStateOf, type AnswerLinkClaims, newAnswerLinkSecret, readAnswerLink, signAnswerLink } from '../access/answer-links.js';
import { ownsAssignment } from '../access/staffing.policies.js';
import type { ChurchTime } from '../church-time.js';
import { conflict, forbidden, gone } from '../errors.js';
import { isOver } from '../occurrences/timing.js';
import type { MemberService } from './member.service.js';
import { DatabaseService } from '../database-service.js';

const PURPOSE = 'answer_links';

/** The answer recorded through the link, null while it has none; 409 when the assignment changed since the mail left. */
function answeredThrough(claims: AnswerLinkClaims, assignment: { status: string; assigned_at: string }, since: Parameters<typeof linkStateOf>[2]) {
  const state = linkStateOf(claims, { status: assignment.status, assignedAt: clockDigits(assignment.assigned_at) }, since);
  if (state.kind === 'changed') throw conflict(ANSWER_LINK_REFUSALS.changed);
  return state.kind === 'answered' ? state.answer : null;
}

/** The refusals of an answer link, in the words the page shows. */
export const ANSWER_LINK_REFUSALS = {
  invalid: 'This link is not valid: it is incomplete or was altered. Open it again from the e-mail, or answer on your volunteer schedule.',
  withdrawn: 'This link was withdrawn: the church replaced its answer links. Answer on your volunteer schedule or from a newer e-mail.',
  removed: 'This link no longer works: the assignment was removed.',
  someoneElse: 'This link was not sent to the person serving this assignment, so it cannot answer it.',
  expired: 'This link has expired: the shift is over.',
  changed: 'This link no longer works: the assignment changed after the e-mail was sent. See your volunteer schedule for where it stands.',
} as const;

/** The refusal of a link whose answer is recorded, naming it (a link answers once). */
export const alreadyAnswered = (answer: 'accepted' | 'declined') =>
  `This link was already used: you ${answer} this shift. To change your answer, sign in and open My schedule.`;

/** What an assignment mail knows of its assignment when it leaves: enough to sign its answer links. */
export interface AnswerLinkSubject {
  assignmentId: number;
  personId: number;
  lastResponseId: number;
  status: string;
  assignedAt: string;
  shiftEnd: string;
}

/**
 * Answering an assignment request from the e-mail (issue 17): the mail's Accept and Decline links carry a token
 * signed with the install's secret; opening one shows the assignment, confirming records the answer exactly as
 * E13 does, with the channel `email`. No API key is made or shown: the token answers one assignment, nothing else.
 */
export class AnswerLinksService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly member: MemberService) {
    super(db);
  }

  /** A signer with the current secret (made on first use), for the mails of one outbox drain. */
  async signer(): Promise<(subject: AnswerLinkSubject) => string> {
    const key = await this.repos.installSecrets.currentOrCreate(PURPOSE, newAnswerLinkSecret(), await this.time.now());
    return (subject) => signAnswerLink({
      keyId: key.id, assignmentId: subject.assignmentId, personId: subject.personId, lastResponseId: subject.lastResponseId,
      status: subject.status, assignedAt: clockDigits(subject.assignedAt), expiresAt: clockDigits(subject.shiftEnd),
    }, key.secret);
  }

  /**
   * The assignment a link names, if the link still speaks for it, and the responses appended since the mail left:
   * 403 when altered or for someone else, 410 when withdrawn, expired or the assignment is gone.
   */
  private async check(token: string) {
    const repos = this.repos;
    const read = readAnswerLink(token);
    if (!read) throw forbidden(ANSWER_LINK_REFUSALS.invalid);
    const { claims } = read;
    const key = await repos.installSecrets.findById(PURPOSE, claims.keyId);
    if (!key || !isSignedBy(read, key.secret)) throw forbidden(ANSWER_LINK_REFUSALS.invalid);
    if (key.retired_at !== null) throw gone(ANSWER_LINK_REFUSALS.withdrawn);
    const [row, person, since] = await Promise.all([
      repos.memberView.assignment(claims.assignmentId),
      repos.persons.findById(claims.personId),
      repos.assignments.responsesAfter(claims.assignmentId, claims.lastResponseId),
    ]);
    if (!row) throw gone(ANSWER_LINK_REFUSALS.removed);
    if (!ownsAssignment(claims.personId, row) || !person) throw forbidden(ANSWER_LINK_REFUSALS.someoneElse);
    const now = await this.time.now();
    if (clockDigits(now) > claims.expiresAt || isOver(row.end_at, now)) throw gone(ANSWER_LINK_REFUSALS.expired);
    return { row, firstName: person.first_name, since, claims };
  }

  /**
   * What the link's page shows: the assignment's facts, the first name of the person asked, and the answer recorded
   * through the link (null while it has none), after which the page points to the app instead. 409 when the
   * assignment changed since the mail left.
   */
  async show(token: string) {
    const { row, firstName, since, claims } = await this.check(token);
    return { assignment: row, firstName, answered: answeredThrough(claims, row, since) };
  }

  /**
   * Records the answer as E13 does (alerts, gap, outbox), channel `email`. The answer already standing is a no-op
   * that says so (`changed: false`); `told` names who hears of a decline. Once an answer is recorded through the link, another is refused with 409
   * naming it (a forwarded mail must not undo it); it is changed in the app. The link's state is decided again with
   * the assignment locked, so of two different answers sent at once one is recorded and the other refused naming it.
   */
  async answer(token: string, response: 'accepted' | 'declined', comment: string | null) {
    const { row, firstName, claims } = await this.check(token);
    const recorded = await this.member.recordAnswer(row, response, comment, 'email', async (repos, current) => {
      if (!current) throw gone(ANSWER_LINK_REFUSALS.removed);
      const answered = answeredThrough(claims, current, await repos.assignments.responsesAfter(claims.assignmentId, claims.lastResponseId));
      if (answered && answered !== response) throw conflict(alreadyAnswered(answered), { answered });
    });
    return { assignment: { ...row, status: recorded.assignment.row.status }, firstName, changed: recorded.changed,
      told: recorded.changed && response === 'declined' ? await this.member.whoIsTold(row.ministry_id) : null };
  }

  /** A new secret: every link signed before stops working (answered as withdrawn). */
  async rotate() {
    const now = await this.time.now();
    await withTransaction(this.db, (repos) => repos.installSecrets.rotate(PURPOSE, newAnswerLinkSecret(), now));
    return { rotatedDate: now };
  }
}
