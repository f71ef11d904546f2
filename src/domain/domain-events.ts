import type { Kysely } from 'kysely';
import { withTransaction, type Repositories } from '../db/repositories/index.js';
import type { DB } from '../db/schema.js';

/** Domain events of contract §1.11. Payload and delivery are internal; nothing on the wire depends on them. */
export type DomainEvent =
  | { type: 'event.created'; eventId: number }
  | { type: 'group-member-added'; groupId: number; personId: number }
  | { type: 'group-member-removed'; groupId: number; personId: number }
  | { type: 'assignment-declined'; assignmentId: number; occurrenceId: number; positionId: number; personId: number };

type Subscriber = (event: DomainEvent) => void | Promise<void>;

/** In-process publisher. A failing subscriber is reported, never passed back to the request that caused the event. */
export class DomainEventPublisher {
  private readonly subscribers: Subscriber[] = [];

  constructor(private readonly onSubscriberError: (error: unknown, event: DomainEvent) => void = () => undefined) {}

  subscribe(subscriber: Subscriber): () => void {
    // A wrapper of its own, so a second call or the same function subscribed twice removes only this subscription.
    const entry: Subscriber = (event) => subscriber(event);
    this.subscribers.push(entry);
    return () => {
      const index = this.subscribers.indexOf(entry);
      if (index >= 0) this.subscribers.splice(index, 1);
    };
  }

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      // A copy: a subscriber that unsubscribes while being called must not make the next one miss the event.
      for (const subscriber of [...this.subscribers]) {
        try {
          await subscriber(event);
        } catch (error) {
          this.onSubscriberError(error, event);
        }
      }
    }
  }
}

/** What work inside a transaction may use: repositories bound to it, and `emit` for after-commit events. */
export interface UnitOfWork {
  repos: Repositories;
  emit(event: DomainEvent): void;
}

/**
 * Runs `work` in one transaction. Events it emits are published only after the commit, and dropped
 * when the transaction rolls back.
 */
export async function inTransaction<T>(db: Kysely<DB>, publisher: DomainEventPublisher, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const collected: DomainEvent[] = [];
  const result = await withTransaction(db, (repos) => work({ repos, emit: (event) => collected.push(event) }));
  await publisher.publish(collected);
  return result;
}
