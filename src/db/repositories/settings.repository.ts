import type { Executor } from '../database.js';

export function settingsRepository(db: Executor) {
  return {
    async all(): Promise<Array<{ name: string; value: string }>> {
      return db.selectFrom('settings').select(['name', 'value']).execute();
    },

    async upsert(name: string, value: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
        .execute();
    },
  };
}
