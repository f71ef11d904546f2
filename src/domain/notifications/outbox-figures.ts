import type { Executor } from '../../db/database.js';
import { notificationsRepository } from '../../db/repositories/notifications.repository.js';

/** Every status an outbox row can have (the table's check constraint). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped', 'cancelled'] as const;

export interface OutboxFigures {
  /** Messages per status; a status no row has counts 0. */
  readonly messages: Record<string, number>;
  /** Failed send attempts over every message (a row counts each failure, whatever became of it). */
  readonly failedSends: number;
}

/**
 * The outbox in figures, for monitoring. The outbox is shared by every instance on the database, so these are
 * database-wide: every instance reports the same.
 */
export async function readOutboxFigures(db: Executor): Promise<OutboxFigures> {
  const messages: Record<string, number> = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0]));
  let failedSends = 0;
  for (const row of await notificationsRepository(db).statusCounts()) {
    messages[row.status] = row.messages;
    failedSends += row.failed_attempts;
  }
  return { messages, failedSends };
}
