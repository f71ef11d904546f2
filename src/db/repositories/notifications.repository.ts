import type { Executor } from '../database.js';

export interface OutboxEntry {
  type: string;
  personId: number;
  dedupeKey: string;
  scheduledFor: string;
  createdAt: string;
  context?: string | null;
  assignmentId?: number | null;
  occurrenceId?: number | null;
}

export function notificationsRepository(db: Executor) {
  return {
    /** Queues a message once per dedupe key; answers the new row's id, or undefined when the key already existed. */
    async enqueue(entry: OutboxEntry): Promise<number | undefined> {
      const row = await db
        .insertInto('notifications')
        .values({
          type: entry.type,
          person_id: entry.personId,
          dedupe_key: entry.dedupeKey,
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

    /** Queues many messages tied to assignments or occurrences; rows whose dedupe key exists are skipped. */
    async enqueueMany(entries: readonly OutboxEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('notifications')
        .values(entries.map((entry) => ({
          type: entry.type,
          person_id: entry.personId,
          dedupe_key: entry.dedupeKey,
          scheduled_for: entry.scheduledFor,
          created_at: entry.createdAt,
          context: entry.context ?? null,
          assignment_id: entry.assignmentId ?? null,
          occurrence_id: entry.occurrenceId ?? null,
        })))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },

    async findByDedupeKey(dedupeKey: string) {
      return db.selectFrom('notifications').selectAll().where('dedupe_key', '=', dedupeKey).executeTakeFirst();
    },

    /** `notify?force`: the same row is due again from scratch. */
    async rearm(dedupeKey: string, at: string): Promise<void> {
      await db.updateTable('notifications')
        .set({ status: 'pending', attempts: 0, last_error: null, last_attempt_at: null, sent_at: null, scheduled_for: at })
        .where('dedupe_key', '=', dedupeKey)
        .execute();
    },

    async listForPerson(personId: number) {
      return db.selectFrom('notifications').selectAll().where('person_id', '=', personId).orderBy('id', 'desc').execute();
    },
  };
}
