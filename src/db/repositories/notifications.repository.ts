import { sql, type RawBuilder, type UpdateObject } from 'kysely';
import { anyId, unnestRows } from '../bulk.js';
import type { Executor } from '../database.js';
import { LIVE_STATUSES, type DB, type NotificationType } from '../schema.js';
import { assignmentShifts } from '../joins.js';
import { shiftStart, shiftEnd } from '../shift-times.js';

/**
 * The context of these types is a secret (a reset token, a temporary password, an invitation's token): it leaves
 * the row as soon as the row's status is final (sent, skipped or failed), whatever the outcome.
 */
const SECRET_TYPES: readonly NotificationType[] = ['password_reset', 'invitation'];
const withoutSecret = (isFinal: RawBuilder<unknown>) =>
  sql<string | null>`case when ${isFinal} and type in (${sql.join(SECRET_TYPES)}) then null else context end`;

/** What names one message: its type and the parts that make it unique among the messages of that type. */
export interface OutboxKey {
  type: NotificationType;
  keyParts: ReadonlyArray<string | number>;
}

export interface OutboxEntry extends OutboxKey {
  personId: number;
  scheduledFor: string;
  createdAt: string;
  context?: string | null;
  assignmentId?: number | null;
  occurrenceId?: number | null;
}

/**
 * The stored dedupe key, `type:part:part…`. Rows already in databases carry keys of this form, and failed help
 * offers are scoped by the ministry id in their second field, so the form must not change.
 */
export const dedupeKeyOf = ({ type, keyParts }: OutboxKey): string => [type, ...keyParts].join(':');

export function notificationsRepository(db: Executor) {
  /** Records the outcome of a delivery attempt on a claimed row, and ends the claim. */
  const settle = (id: number, outcome: UpdateObject<DB, 'notifications'>) =>
    db.updateTable('notifications').set({ ...outcome, claimed_until: null }).where('id', '=', id).execute();

  return {
    /** Queues a message once per dedupe key; answers the new row's id, or undefined when the key already existed. */
    async enqueue(entry: OutboxEntry): Promise<number | undefined> {
      const row = await db
        .insertInto('notifications')
        .values({
          type: entry.type,
          person_id: entry.personId,
          dedupe_key: dedupeKeyOf(entry),
          scheduled_for: entry.scheduledFor,
          created_at: entry.createdAt,
          context: entry.context ?? null,
          assignment_id: entry.assignmentId ?? null,
          occurrence_id: entry.occurrenceId ?? null,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Queues many messages in one statement; rows whose dedupe key exists are skipped. Answers the rows queued, each
     * with its person, for a caller that records them beside its own rows (a workspace message's recipients).
     */
    async enqueueMany(entries: readonly OutboxEntry[]): Promise<Array<{ id: number; personId: number }>> {
      if (entries.length === 0) return [];
      return db
        .insertInto('notifications')
        .columns(['type', 'person_id', 'dedupe_key', 'scheduled_for', 'created_at', 'context', 'assignment_id', 'occurrence_id'])
        .expression(unnestRows(entries, [
          ['text', (e) => e.type], ['int4', (e) => e.personId], ['text', (e) => dedupeKeyOf(e)], ['timestamp', (e) => e.scheduledFor],
          ['timestamp', (e) => e.createdAt], ['text', (e) => e.context ?? null], ['int4', (e) => e.assignmentId ?? null], ['int4', (e) => e.occurrenceId ?? null],
        ]))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', 'person_id as personId'])
        .execute();
    },

    /**
     * The latest request to serve (an assignment mail or a reminder, sent or still due) each person got or is due to get
     * between `from` and `until`; people with none are left out.
     */
    async requestsBetween(personIds: readonly number[], from: string, until: string) {
      if (personIds.length === 0) return [];
      const at = sql<string>`coalesce(sent_at, scheduled_for)`;
      return db.selectFrom('notifications')
        .select(['person_id', sql<string>`max(coalesce(sent_at, scheduled_for))`.as('at')])
        .where('person_id', '=', anyId(personIds))
        .where('type', 'in', ['assignment', 'reminder'])
        .where('status', 'in', ['pending', 'sent'])
        .where(at, '>', from)
        .where(at, '<', until)
        .groupBy('person_id')
        .execute();
    },

    async findByKey(key: OutboxKey) {
      return db.selectFrom('notifications').selectAll().where('dedupe_key', '=', dedupeKeyOf(key)).executeTakeFirst();
    },

    /** `notify?force`: the same row is due again from scratch. */
    async rearm(key: OutboxKey, at: string): Promise<void> {
      await db.updateTable('notifications')
        .set({ status: 'pending', attempts: 0, last_error: null, last_attempt_at: null, sent_at: null, scheduled_for: at, claimed_until: null })
        .where('dedupe_key', '=', dedupeKeyOf(key))
        .execute();
    },

    /**
     * Claims up to `limit` due pending rows for one delivery run: rows another worker is locking are skipped
     * (`FOR UPDATE SKIP LOCKED`), and a claim lasts `leaseSeconds`, so no other worker (on any connection or
     * instance) takes the row while it is being sent; a worker that dies lets the claim expire. Rows in
     * `excludeIds` (already tried by this run) are not claimed again.
     */
    async claimDue(now: string, limit: number, leaseSeconds: number, excludeIds: readonly number[] = []) {
      return db
        .updateTable('notifications')
        .set({ claimed_until: sql`${now}::timestamp + make_interval(secs => ${leaseSeconds})` })
        .where('id', 'in', (q) =>
          q.selectFrom('notifications')
            .select('id')
            .where('status', '=', 'pending')
            .where('scheduled_for', '<=', now)
            .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
            .$if(excludeIds.length > 0, (q) => q.where('id', 'not in', [...excludeIds]))
            .orderBy('scheduled_for')
            .orderBy('id')
            .limit(limit)
            .forUpdate()
            .skipLocked())
        .returningAll()
        .execute();
    },

    async markSent(id: number, at: string): Promise<void> {
      await settle(id, { status: 'sent', sent_at: at, last_attempt_at: at, last_error: null, context: withoutSecret(sql`true`) });
    },

    /** Skipped, unless a cancel reached the row while it was claimed: it stays cancelled. */
    async markSkipped(id: number, reason: string): Promise<void> {
      await settle(id, {
        status: sql`case when status = 'pending' then 'skipped' else status end`,
        last_error: sql`case when status = 'pending' then ${reason.slice(0, 255)} else last_error end`,
        context: withoutSecret(sql`true`),
      });
    },

    /**
     * A failed attempt: the row stays pending for the next drain, or becomes `failed` for good at `maxAttempts`. A row
     * a cancel reached during the attempt stays cancelled: pending again, the next drain would send it.
     */
    async markFailure(id: number, error: string, at: string, maxAttempts: number): Promise<{ failedForGood: boolean }> {
      // A claimed row is pending or cancelled, never failed already: `failed` after this attempt is this attempt's.
      const row = await db.updateTable('notifications').set({
        attempts: sql`attempts + 1`,
        last_error: error.slice(0, 255),
        last_attempt_at: at,
        status: sql`case when status <> 'pending' then status when attempts + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
        context: withoutSecret(sql`status = 'pending' and attempts + 1 >= ${maxAttempts}`),
        claimed_until: null,
      }).where('id', '=', id).returning('status').executeTakeFirst();
      return { failedForGood: row?.status === 'failed' };
    },

    /**
     * Renews a drain's claim on a row as its message is handed to the mail server, so that the lease covers the
     * send: only while the row is still pending and still holds that claim (`claimedUntil`, as the claim set it).
     * False when a cancel reached the row, it was deleted with its assignment, or its lease ran out while it waited
     * in the batch and another drain took it.
     */
    async renewClaim(id: number, claimedUntil: string, now: string, leaseSeconds: number): Promise<boolean> {
      const row = await db.updateTable('notifications')
        .set({ claimed_until: sql`${now}::timestamp + make_interval(secs => ${leaseSeconds})` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('claimed_until', '=', claimedUntil)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Ends a claim that was not renewed (`renewClaim` said false), if it is still this drain's: a cancelled row keeps no lease. */
    async releaseClaim(id: number, claimedUntil: string): Promise<void> {
      await db.updateTable('notifications').set({ claimed_until: null }).where('id', '=', id).where('claimed_until', '=', claimedUntil).execute();
    },

    /** What the mails need about their recipients and, for assignment mails, the shift. */
    async mailContext(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('notifications')
        .innerJoin('persons as recipient', 'recipient.id', 'notifications.person_id')
        .leftJoin('assignments', 'assignments.id', 'notifications.assignment_id')
        .leftJoin('persons as volunteer', 'volunteer.id', 'assignments.person_id')
        .leftJoin('positions', 'positions.id', 'assignments.position_id')
        .leftJoin('occurrences', (join) => join.on((eb) => eb('occurrences.id', '=', eb.fn.coalesce('notifications.occurrence_id', 'assignments.occurrence_id'))))
        .leftJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .leftJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .leftJoin('events', 'events.id', 'occurrences.event_id')
        .leftJoin('teams', 'teams.id', 'schedules.team_id')
        .select([
          'notifications.id',
          'recipient.first_name as recipient_first_name',
          'recipient.language as recipient_language',
          'recipient.last_name as recipient_last_name',
          'recipient.email as recipient_email',
          'recipient.do_not_email as recipient_do_not_email',
          'volunteer.first_name as volunteer_first_name',
          'volunteer.last_name as volunteer_last_name',
          'volunteer.email as volunteer_email',
          'assignments.id as assignment_id',
          'assignments.person_id as assignee_id',
          'assignments.status as assignment_status',
          'assignments.assigned_at',
          // The head of the response trail when the mail leaves: an answer link names it (issue 17).
          (eb) => eb.selectFrom('responses').select(sql<number>`coalesce(max(responses.id), 0)::int`.as('n')).whereRef('responses.assignment_id', '=', 'assignments.id').as('last_response_id'),
          'positions.name as position_name',
          'ministries.id as ministry_id',
          'ministries.name as ministry_name',
          'schedules.team_id',
          'teams.name as team_name',
          'events.title as event_title',
          'occurrences.status as occurrence_status',
          shiftStart.as('start_at'),
          shiftEnd.as('end_at'),
        ])
        .where('notifications.id', 'in', [...ids])
        .execute();
    },

    /** Reply-To of volunteer mail: the team's own leader when it has one, else a coordinator of the ministry. */
    async replyToFor(teamId: number | null, ministryId: number | null): Promise<string | null> {
      if (teamId === null || ministryId === null) return null;
      const row = await db
        .selectFrom('scopes')
        .innerJoin('persons', 'persons.id', 'scopes.person_id')
        .leftJoin('users', 'users.id', 'scopes.person_id')
        .select(['persons.email'])
        .where((eb) => eb.or([eb('scopes.team_id', '=', teamId), eb.and([eb('scopes.ministry_id', '=', ministryId), eb('users.manage_my_ministries', '=', true)])]))
        .where('persons.email', 'is not', null)
        .where('persons.email', '<>', '')
        .orderBy(sql`case when scopes.team_id is not null then 0 else 1 end`)
        .orderBy('scopes.id')
        .limit(1)
        .executeTakeFirst();
      return row?.email ?? null;
    },

    /** Live assignments whose shift starts within [now, until]: what reminders are due for. */
    async reminderCandidates(now: string, until: string) {
      return assignmentShifts(db)
        .select([
          'assignments.id',
          'assignments.person_id',
          'assignments.occurrence_id',
          shiftStart.as('start_at'),
        ])
        .where('assignments.status', 'in', LIVE_STATUSES)
        .where('occurrences.status', '=', 'scheduled')
        .where(shiftStart, '>=', sql<string>`${now}::timestamp`)
        .where(shiftStart, '<=', sql<string>`${until}::timestamp`)
        .execute();
    },

    /**
     * Per status: how many messages, and how many failed send attempts they hold (each failure adds one to
     * `attempts`; a sent row keeps the failures before its success). One grouped scan of the table.
     */
    async statusCounts(): Promise<Array<{ status: string; messages: number; failed_attempts: number }>> {
      return db
        .selectFrom('notifications')
        .select(['status', sql<number>`count(*)::int`.as('messages'), sql<number>`coalesce(sum(attempts), 0)::int`.as('failed_attempts')])
        .groupBy('status')
        .execute();
    },

    async listForPerson(personId: number) {
      return db.selectFrom('notifications').selectAll().where('person_id', '=', personId).orderBy('id', 'desc').execute();
    },
  };
}
