import type { Executor } from '../database.js';
import type { InstallSecretsTable } from '../schema.js';

type Purpose = InstallSecretsTable['purpose'];

export function installSecretsRepository(db: Executor) {
  const current = (purpose: Purpose) =>
    db.selectFrom('install_secrets').select(['id', 'secret']).where('purpose', '=', purpose).where('retired_at', 'is', null).executeTakeFirst();

  return {
    /**
     * The current secret of `purpose`; the first call stores `candidate` as it. Two first calls at once keep one
     * (the partial unique index), and both answer that one.
     */
    async currentOrCreate(purpose: Purpose, candidate: string, at: string): Promise<{ id: number; secret: string }> {
      const found = await current(purpose);
      if (found) return found;
      await db.insertInto('install_secrets').values({ purpose, secret: candidate, created_at: at })
        .onConflict((oc) => oc.column('purpose').where('retired_at', 'is', null).doNothing())
        .execute();
      return (await current(purpose))!;
    },

    /** A secret of `purpose` by id, current or retired. */
    async findById(purpose: Purpose, id: number) {
      return db.selectFrom('install_secrets').select(['id', 'secret', 'retired_at']).where('purpose', '=', purpose).where('id', '=', id).executeTakeFirst();
    },

    /** Retires the current secret of `purpose` and stores `secret` in its place (run it in a transaction). */
    async rotate(purpose: Purpose, secret: string, at: string): Promise<void> {
      await db.updateTable('install_secrets').set({ retired_at: at }).where('purpose', '=', purpose).where('retired_at', 'is', null).execute();
      await db.insertInto('install_secrets').values({ purpose, secret, created_at: at }).execute();
    },
  };
}
