import type { Kysely } from 'kysely';
import type { Authorized } from '../access/authorized.js';
import { assertAsksAgain } from '../access/staffing.policies.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { addMinutes } from '../dates.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, tooManyRequests } from '../errors.js';
import { isOver } from '../occurrences/timing.js';
import { displayName } from '../people/display-name.js';
import type { DB } from '../../db/schema.js';
import { DatabaseService } from '../database-service.js';

/** Nobody gets two requests to serve within this many minutes, however many times a coordinator asks (issue 34 #2). */
export const ASK_AGAIN_COOLDOWN_MINUTES = 60;

/** What asking again did for one pending assignment: queued now, or held back until `askAgainAfter`. */
export interface AskedAgain {
  assignmentId: number;
  personId: number;
  name: string;
  queued: boolean;
  /** Set when held back: the request that went (or is due) within the hour, and when asking again is allowed. */
  lastRequestAt: string | null;
  askAgainAfter: string | null;
}

interface PendingRow {
  id: number;
  person_id: number;
  occurrence_id: number;
  first_name: string;
  last_name: string;
}

const clockTime = (at: string) => at.slice(11, 16);

/**
 * "Send the request again" (issue 34 #2): a pending assignment's request mail goes to its volunteer once more, through
 * the outbox with its Accept and Decline links. A request sent, or still due, within the hour on either side of now
 * (an assignment mail or a scheduled reminder) holds the new one back, so nobody gets two in an hour and a reminder
 * about to leave is not doubled.
 */
export class AskAgainService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  /** One pending assignment. 409 when it is answered or its occurrence is over; 429 saying when, within the hour. */
  async one(actor: VolunteerActor, assignment: Authorized<'assignment'>): Promise<AskedAgain> {
    assertAsksAgain(actor, assignment);
    const now = await this.time.now();
    if (isOver(assignment.end_at, now)) throw conflict('This occurrence has already happened; nobody is asked again');
    if (assignment.status !== 'pending') throw conflict(`Only a request still waiting for an answer is sent again; this one is ${assignment.status}`);
    const row = (await this.repos.assignments.listForOccurrence(assignment.occurrence_id)).find((a) => a.id === assignment.id)!;
    const [outcome] = await this.ask(assignment.occurrence_id, [row], now);
    if (!outcome.queued) {
      throw tooManyRequests(`${outcome.name} was asked at ${clockTime(outcome.lastRequestAt!)}; nobody gets two requests in an hour, so ask again after ${clockTime(outcome.askAgainAfter!)}`);
    }
    return outcome;
  }

  /** Every pending assignment of the occurrence. 409 when none waits or it is over; 429 when everyone was asked within the hour. */
  async allPending(actor: VolunteerActor, occurrence: Authorized<'occurrence'>): Promise<AskedAgain[]> {
    const now = await this.time.now();
    if (isOver(occurrence.end_at, now)) throw conflict('This occurrence has already happened; nobody is asked again');
    const pending = (await this.repos.assignments.listForOccurrence(occurrence.id)).filter((a) => a.status === 'pending');
    if (pending.length === 0) throw conflict('Nobody on this occurrence is waiting to answer');
    assertAsksAgain(actor, { team_id: occurrence.team_id, ministry_id: occurrence.ministry_id });
    const outcomes = await this.ask(occurrence.id, pending, now);
    if (outcomes.every((o) => !o.queued)) {
      const soonest = outcomes.map((o) => o.askAgainAfter!).sort()[0];
      throw tooManyRequests(`Everyone waiting to answer was asked within the hour; nobody gets two requests in an hour, so ask again after ${clockTime(soonest)}`);
    }
    return outcomes;
  }

  /** Queues the requests not held back, under the occurrence's lock so two clicks together ask once. */
  private async ask(occurrenceId: number, rows: PendingRow[], now: string): Promise<AskedAgain[]> {
    return inTransaction(this.db, this.publisher, async ({ repos }) => {
      await repos.assignments.lockOccurrence(occurrenceId);
      const near = await repos.notifications.requestsBetween(
        rows.map((r) => r.person_id), addMinutes(now, -ASK_AGAIN_COOLDOWN_MINUTES), addMinutes(now, ASK_AGAIN_COOLDOWN_MINUTES));
      const lastAt = new Map(near.map((n) => [n.person_id, n.at]));
      const outcomes: AskedAgain[] = [];
      for (const row of rows) {
        const name = displayName(row);
        const last = lastAt.get(row.person_id);
        if (last !== undefined) {
          outcomes.push({ assignmentId: row.id, personId: row.person_id, name, queued: false, lastRequestAt: last, askAgainAfter: addMinutes(last, ASK_AGAIN_COOLDOWN_MINUTES) });
          continue;
        }
        await repos.notifications.enqueue({
          type: 'assignment', personId: row.person_id, keyParts: [row.id, row.person_id, 'again', now],
          scheduledFor: now, createdAt: now, assignmentId: row.id, occurrenceId,
        });
        // One person holding two positions here gets one request now; the other waits its hour.
        lastAt.set(row.person_id, now);
        outcomes.push({ assignmentId: row.id, personId: row.person_id, name, queued: true, lastRequestAt: null, askAgainAfter: null });
      }
      return outcomes;
    });
  }
}
