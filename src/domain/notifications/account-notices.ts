import type { Repositories } from '../../db/repositories/index.js';
import type { NotificationType } from '../../db/schema.js';

export interface AccountNotice {
  type: NotificationType;
  personId: number;
  now: string;
  /** What makes the notice unique; by default the person and the moment, so a repeated request mails once. */
  keyParts?: ReadonlyArray<string | number>;
  /** What the mail needs to say (a token, a temporary password, the old address). */
  context?: object;
}

/** Queues a mail about a person's own account (locked, unlocked, a new password, a changed address), due at once. */
export function enqueueAccountNotice(repos: Repositories, { type, personId, now, keyParts = [personId, now], context }: AccountNotice) {
  return repos.notifications.enqueue({
    type, personId, keyParts, scheduledFor: now, createdAt: now, context: context === undefined ? undefined : JSON.stringify(context),
  });
}
