import type { Executor } from '../database.js';

/** Kiosk devices (issue 36 #2): a name, the event shown, and the hash of the kiosk's own credential. */
export function kiosksRepository(db: Executor) {
  const withEvent = () =>
    db
      .selectFrom('kiosk_devices')
      .leftJoin('events', 'events.id', 'kiosk_devices.assigned_event_id')
      .select(['kiosk_devices.id', 'kiosk_devices.name', 'kiosk_devices.assigned_event_id', 'kiosk_devices.created_at',
        'events.title as event_title', 'events.start_at as event_start']);

  return {
    async list() {
      return withEvent().orderBy('kiosk_devices.name').orderBy('kiosk_devices.id').execute();
    },

    async findById(id: number) {
      return withEvent().where('kiosk_devices.id', '=', id).executeTakeFirst();
    },

    async findByTokenHash(tokenHash: string) {
      return withEvent().where('kiosk_devices.token_hash', '=', tokenHash).executeTakeFirst();
    },

    async insert(row: { name: string; eventId: number | null; tokenHash: string; at: string }): Promise<number> {
      const inserted = await db.insertInto('kiosk_devices')
        .values({ name: row.name, assigned_event_id: row.eventId, token_hash: row.tokenHash, created_at: row.at })
        .returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    async assign(id: number, eventId: number | null): Promise<void> {
      await db.updateTable('kiosk_devices').set({ assigned_event_id: eventId }).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('kiosk_devices').where('id', '=', id).execute();
    },
  };
}
